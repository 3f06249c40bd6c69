package blocks;

import java.util.concurrent.RecursiveAction;
import java.util.function.IntConsumer;

/** Runs an action for every index of a range, in parallel: the action is whatever the caller passes. */
public class RangeTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final int from;
    private final int to;
    private final IntConsumer action;

    public RangeTask(int from, int to, IntConsumer action) {
        this.from = from;
        this.to = to;
        this.action = action;
    }

    @Override
    protected void compute() {
        if (to - from > 1024) {
            int mid = (from + to) >>> 1;
            invokeAll(new RangeTask(from, mid, action), new RangeTask(mid, to, action));
            return;
        }
        for (int i = from; i < to; i++) {
            action.accept(i);
        }
    }
}
