package geo;

import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.RecursiveTask;
import java.util.stream.Stream;

/** Builds a 2-d tree: sort by the axis of the level, split at the median, build both sides in parallel. */
public class KdBuild extends RecursiveTask<KdBuild.Node> {
    private static final long serialVersionUID = 1L;

    /** A node of the tree. */
    public record Node(Point point, Node left, Node right) {
    }

    private final Point[] points;
    private final int depth;

    public KdBuild(Point[] points, int depth) {
        this.points = points;
        this.depth = depth;
    }

    @Override
    protected Node compute() {
        if (points.length == 0) {
            return null;
        }
        int axis = depth % 2;
        Point[] sorted = Stream.of(points).sorted(Comparator.comparingDouble(p -> p.coord(axis))).toArray(Point[]::new);
        int mid = sorted.length / 2;
        KdBuild left = new KdBuild(Arrays.copyOfRange(sorted, 0, mid), depth + 1);   // expect: B2
        KdBuild right = new KdBuild(Arrays.copyOfRange(sorted, mid + 1, sorted.length), depth + 1);   // expect: B2
        left.fork();
        Node r = right.compute();
        return new Node(sorted[mid], left.join(), r);
    }
}
