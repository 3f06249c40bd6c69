package csst.proto;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** Figure 8 of the paper's study: evaluates a range of segments, one subtask per segment, created and forked in turn. */
public class SegmentTask extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final int from;
    private final int len;
    private final long[] weights;

    public SegmentTask(int from, int len, long[] weights) {
        this.from = from;
        this.len = len;
        this.weights = weights;
    }

    protected RecursiveTask<Long> createTask(int start) {
        return new SegmentTask(start * 4, Math.max(1, len / 4), weights);
    }

    @Override
    protected Long compute() {
        if (len == 1) {
            return weights[from % weights.length];
        }
        @SuppressWarnings("unchecked")
        ForkJoinTask<Long>[] tasks = new ForkJoinTask[len];
        for (int i = 0; i < len; i++) {   // expect: B4
            ForkJoinTask<Long> task = createTask(from + i);
            task.fork();
            tasks[i] = task;
        }
        long result = tasks[0].join();
        tasks[0] = null;
        for (int i = 1; i < len; i++) {
            long next = tasks[i].join();
            tasks[i] = null;
            result = merge(result, next);
        }
        return result;
    }

    static long merge(long a, long b) {
        return a * 31 + b;
    }
}
