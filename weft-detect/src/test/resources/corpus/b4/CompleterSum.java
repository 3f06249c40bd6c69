package b4;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.atomic.AtomicLong;

/** The CountedCompleter idiom forks one completer per halving step and never joins: not scattered data. */
public class CompleterSum extends CountedCompleter<Void> {
    private final long[] a;
    private final int lo;
    private final int hi;
    private final AtomicLong sum;

    CompleterSum(CountedCompleter<?> parent, long[] a, int lo, int hi, AtomicLong sum) {
        super(parent);
        this.a = a;
        this.lo = lo;
        this.hi = hi;
        this.sum = sum;
    }

    @Override
    public void compute() {
        int l = lo;
        int h = hi;
        while (h - l >= 1024) {
            int mid = (l + h) >>> 1;
            addToPendingCount(1);
            new CompleterSum(this, a, mid, h, sum).fork();
            h = mid;
        }
        long s = 0;
        for (int i = l; i < h; i++) {
            s += a[i];
        }
        sum.addAndGet(s);
        tryComplete();
    }
}
