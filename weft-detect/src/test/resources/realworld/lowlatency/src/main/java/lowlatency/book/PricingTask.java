package lowlatency.book;

import java.util.concurrent.locks.LockSupport;
import jsr166e.RecursiveTask;

/**
 * Prices a range of levels once the snapshot is ready (jsr166e's fork/join, for Java 6 deployments). It spins
 * for the snapshot instead of being started when it exists, and backs off by parking between retries.
 */
public class PricingTask extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final OrderBook book;
    private final int from;
    private final int to;

    public PricingTask(OrderBook book, int from, int to) {
        this.book = book;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Long compute() {
        while (!book.snapshotReady.get()) {   // expect: B6
            Thread.onSpinWait();
        }
        if (to - from > 64) {
            int mid = (from + to) >>> 1;
            PricingTask left = new PricingTask(book, from, mid);
            left.fork();
            return new PricingTask(book, mid, to).compute() + left.join();
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            long spread = book.asks[i] - book.bids[i];
            int retries = 0;
            while (spread < 0 && retries++ < 3) {
                LockSupport.parkNanos(1_000);   // expect: B6
                spread = book.asks[i] - book.bids[i];
            }
            value += Math.max(0, spread);
            book.reads.increment();
        }
        return value;
    }
}
