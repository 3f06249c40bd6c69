package lowlatency.book;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RecursiveAction;

/** Applies queued feed updates; waiting for the next update is managed blocking, which the pool compensates. */
public class FeedTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final OrderBook book;
    private final LinkedBlockingQueue<long[]> updates;
    private final int count;

    public FeedTask(OrderBook book, LinkedBlockingQueue<long[]> updates, int count) {
        this.book = book;
        this.updates = updates;
        this.count = count;
    }

    @Override
    protected void compute() {
        for (int n = 0; n < count; n++) {
            long[][] next = new long[1][];
            try {
                ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                    @Override
                    public boolean block() throws InterruptedException {
                        if (next[0] == null) {
                            next[0] = updates.take();
                        }
                        return true;
                    }

                    @Override
                    public boolean isReleasable() {
                        return next[0] != null || (next[0] = updates.poll()) != null;
                    }
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            int level = (int) next[0][0];
            book.bids[level] = next[0][1];
            book.asks[level] = next[0][2];
        }
        book.publish();
    }
}
