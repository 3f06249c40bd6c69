package warp.io;

import java.util.List;
import java.util.concurrent.RecursiveTask;

/** Verifies chunk sizes; its loop tests a progress counter's isDone(), which is not a wait. */
public class VerifyTask extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final List<Integer> sizes;
    private final int expected;

    public VerifyTask(List<Integer> sizes, int expected) {
        this.sizes = sizes;
        this.expected = expected;
    }

    @Override
    protected Integer compute() {
        Progress progress = new Progress(sizes.size());
        int bad = 0;
        int i = 0;
        while (!progress.isDone()) {
            if (sizes.get(i++) != expected) {
                bad++;
            }
            progress.advance();
        }
        return bad;
    }
}
