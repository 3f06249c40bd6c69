package geom.hull;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/** Convex hull of a point set: the two halves of the problem, above and below the line between the extremes. */
public final class QuickHull {
    private QuickHull() {
    }

    public static List<Point> hull(List<Point> points) {
        Point min = HullMath.leftmost(points);
        Point max = points.get(0);
        for (Point p : points) {
            if (p.x() > max.x()) {
                max = p;
            }
        }
        ForkJoinPool pool = ForkJoinPool.commonPool();
        List<Point> upper = pool.invoke(new HullTask(min, max, points));
        List<Point> lower = pool.invoke(new HullTask(max, min, points));
        List<Point> hull = new ArrayList<>();
        hull.add(min);
        hull.addAll(upper);
        hull.add(max);
        hull.addAll(lower);
        return hull;
    }
}
