package de.tfreese.knn;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.RecursiveTask;

/** The k training points nearest to a query: each half of the training set is searched by a subtask. */
public class NearestTask extends RecursiveTask<List<Neighbor>> {
    private static final long serialVersionUID = 1L;

    private final List<double[]> points;
    private final List<String> labels;
    private final double[] query;
    private final int k;

    NearestTask(List<double[]> points, List<String> labels, double[] query, int k) {
        this.points = points;
        this.labels = labels;
        this.query = query;
        this.k = k;
    }

    @Override
    protected List<Neighbor> compute() {
        int n = points.size();
        if (n <= 2_000) {
            PriorityQueue<Neighbor> best = new PriorityQueue<>(k, (a, b) -> Double.compare(b.distance, a.distance));
            for (int i = 0; i < n; i++) {
                best.add(new Neighbor(points.get(i), labels.get(i), distance(points.get(i), query)));
                if (best.size() > k) {
                    best.poll();
                }
            }
            return new ArrayList<>(best);
        }
        int mid = n / 2;
        NearestTask left = new NearestTask(points.subList(0, mid), labels.subList(0, mid), query, k);   // expect: B2
        NearestTask right = new NearestTask(points.subList(mid, n), labels.subList(mid, n), query, k);   // expect: B2
        left.fork();
        List<Neighbor> r = right.compute();
        return Merge.nearest(left.join(), r, k);   // expect: B3
    }

    static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            s += d * d;
        }
        return s;
    }
}
