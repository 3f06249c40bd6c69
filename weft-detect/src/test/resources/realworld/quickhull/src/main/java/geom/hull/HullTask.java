package geom.hull;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/**
 * QuickHull: the hull points of {@code candidates} strictly left of the edge a→b, found by splitting at the
 * farthest point and recursing on the points outside each new edge.
 */
public class HullTask extends RecursiveTask<List<Point>> {
    private static final long serialVersionUID = 1L;

    private final Point a;
    private final Point b;
    private final List<Point> candidates;

    public HullTask(Point a, Point b, List<Point> candidates) {
        this.a = a;
        this.b = b;
        this.candidates = candidates;
    }

    @Override
    protected List<Point> compute() {
        if (candidates.isEmpty()) {
            return new ArrayList<>();
        }
        Point far = candidates.get(0);
        for (Point p : candidates) {
            if (p.side(a, b) > far.side(a, b)) {
                far = p;
            }
        }
        List<Point> leftOfAF = new ArrayList<>();   // expect: B2
        List<Point> leftOfFB = new ArrayList<>();   // expect: B2
        for (Point p : candidates) {
            if (p.side(a, far) > 0) {
                leftOfAF.add(p);
            } else if (p.side(far, b) > 0) {
                leftOfFB.add(p);
            }
        }
        HullTask first = new HullTask(a, far, leftOfAF);
        HullTask second = new HullTask(far, b, leftOfFB);
        first.fork();
        List<Point> right = second.compute();
        return HullMath.concat(first.join(), far, right);   // expect: B3
    }
}
