package de.tfreese.knn;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/** k-NN classification of query points. */
public class Classifier {
    private final List<double[]> points = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();
    private final ForkJoinPool pool = new ForkJoinPool();

    public void train(double[] point, String label) {
        points.add(point);
        labels.add(label);
    }

    public String classify(double[] query, int k) {
        List<Neighbor> nearest = pool.invoke(new NearestTask(points, labels, query, k));
        return Merge.vote(nearest);
    }
}
