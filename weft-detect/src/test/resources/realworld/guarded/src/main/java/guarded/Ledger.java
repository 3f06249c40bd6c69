package guarded;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.locks.ReentrantLock;

/** Posts a batch of entries to a shared ledger, each under the ledger's lock. */
public class Ledger extends RecursiveAction {
    private static final long serialVersionUID = 1L;
    static final ReentrantLock LOCK = new ReentrantLock();
    static final List<Long> ENTRIES = new ArrayList<>();

    private final long[] amounts;
    private final int from;
    private final int to;

    public Ledger(long[] amounts, int from, int to) {
        this.amounts = amounts;
        this.from = from;
        this.to = to;
    }

    @Override
    protected void compute() {
        if (to - from > 256) {
            int mid = (from + to) >>> 1;
            invokeAll(new Ledger(amounts, from, mid), new Ledger(amounts, mid, to));
            return;
        }
        for (int i = from; i < to; i++) {
            try (Guard g = Guard.hold(LOCK)) {
                ENTRIES.add(amounts[i]);
            }
        }
    }
}
