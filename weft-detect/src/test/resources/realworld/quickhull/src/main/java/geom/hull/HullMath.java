package geom.hull;

import java.util.ArrayList;
import java.util.List;

/** Small helpers of the hull computation. */
final class HullMath {
    private HullMath() {
    }

    /** first, then p, then second, as a new list. */
    static List<Point> concat(List<Point> first, Point p, List<Point> second) {
        List<Point> out = new ArrayList<>(first.size() + second.size() + 1);
        out.addAll(first);   // expect: B3
        out.add(p);
        out.addAll(second);   // expect: B3
        return out;
    }

    static Point leftmost(List<Point> points) {
        Point best = points.get(0);
        for (Point p : points) {
            if (p.x() < best.x()) {
                best = p;
            }
        }
        return best;
    }
}
