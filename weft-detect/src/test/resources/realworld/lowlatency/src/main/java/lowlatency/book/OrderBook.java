package lowlatency.book;

import java.util.concurrent.atomic.AtomicBoolean;
import jsr166e.LongAdder;

/** A price ladder updated by the feed handler, read by pricing tasks once a snapshot is published. */
public final class OrderBook {
    final long[] bids;
    final long[] asks;
    final AtomicBoolean snapshotReady = new AtomicBoolean();
    final LongAdder reads = new LongAdder();

    public OrderBook(int levels) {
        bids = new long[levels];
        asks = new long[levels];
    }

    public void publish() {
        snapshotReady.set(true);
    }
}
