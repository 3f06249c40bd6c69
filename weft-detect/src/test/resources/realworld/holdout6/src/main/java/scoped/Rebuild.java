package scoped;

import java.util.List;
import java.util.concurrent.RecursiveTask;

/** Rebuilds index segments; every segment's temporary keys live in a scope of its own. */
public class Rebuild extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final String[] segments;
    private final int from;
    private final int to;

    public Rebuild(String[] segments, int from, int to) {
        this.segments = segments;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Integer compute() {
        if (to - from == 1) {
            Scope.enter("rebuild " + segments[from]);
            Scope.track(segments[from] + ".tmp");
            List<String> temporary = Scope.exit();
            return temporary.size();
        }
        int mid = (from + to) >>> 1;
        Rebuild left = new Rebuild(segments, from, mid);
        left.fork();
        return new Rebuild(segments, mid, to).compute() + left.join();
    }
}
