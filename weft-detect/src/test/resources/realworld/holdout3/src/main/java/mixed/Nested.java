package mixed;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A task that runs its halves in the common pool with invoke, from inside a task. */
public class Nested extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final List<Integer> xs;
    private final int from;
    private final int to;

    public Nested(List<Integer> xs, int from, int to) {
        this.xs = xs;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Long compute() {
        if (to - from <= 1000) {
            long s = 0;
            for (int i = from; i < to; i++) {
                s += xs.get(i);
            }
            return s;
        }
        int mid = (from + to) >>> 1;
        long left = ForkJoinPool.commonPool().invoke(new Nested(xs, from, mid));   // expect: B1
        return left + ForkJoinPool.commonPool().invoke(new Nested(xs, mid, to));   // expect: B1
    }
}
