package mapreduce;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;

/** The CountedCompleter map-reduce of the JDK's documentation: one subtask forked per halving, results in an adder. */
public class SumSquares extends CountedCompleter<Void> {
    private static final long serialVersionUID = 1L;

    private final long[] values;
    private final int lo;
    private final int hi;
    private final AtomicLong total;

    SumSquares(CountedCompleter<?> parent, long[] values, int lo, int hi, AtomicLong total) {
        super(parent);
        this.values = values;
        this.lo = lo;
        this.hi = hi;
        this.total = total;
    }

    @Override
    public void compute() {
        int l = lo;
        int h = hi;
        while (h - l >= 1024) {
            int mid = (l + h) >>> 1;
            addToPendingCount(1);
            new SumSquares(this, values, mid, h, total).fork();
            h = mid;
        }
        long s = 0;
        for (int i = l; i < h; i++) {
            s += values[i] * values[i];
        }
        total.addAndGet(s);
        tryComplete();
    }

    public static long of(long[] values) {
        AtomicLong total = new AtomicLong();
        ForkJoinPool.commonPool().invoke(new SumSquares(null, values, 0, values.length, total));
        return total.get();
    }
}
