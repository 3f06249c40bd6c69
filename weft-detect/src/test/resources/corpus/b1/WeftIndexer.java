package b1;

import dev.weft.Task;
import dev.weft.Weft;
import dev.weft.WeftPool;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Indexes files with Weft; two of the three submissions come from inside task code. */
public class WeftIndexer {
    private final WeftPool pool;
    private final AtomicLong indexed = new AtomicLong();

    WeftIndexer(WeftPool pool) {
        this.pool = pool;
    }

    void indexAll(List<Path> files) {
        pool.run(() -> Weft.finish(() -> {
            for (Path p : files) {
                Weft.async(() -> index(p));
            }
            pool.execute(this::flush);   // expect: B1
        }));
    }

    void index(Path p) {
        indexed.incrementAndGet();
    }

    void flush() {
    }

    /** A Weft task that resubmits its halves instead of forking them. */
    static final class Sum extends Task<Long> {
        private final long[] a;
        private final int lo;
        private final int hi;

        Sum(long[] a, int lo, int hi) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo < 1000) {
                long s = 0;
                for (int i = lo; i < hi; i++) {
                    s += a[i];
                }
                return s;
            }
            int mid = (lo + hi) >>> 1;
            Task<Long> left = WeftPool.common().submit(new Sum(a, lo, mid));   // expect: B1
            long right = new Sum(a, mid, hi).invoke();
            return left.join() + right;
        }
    }

    public static void main(String[] args) {
        try (WeftPool pool = new WeftPool()) {
            long[] data = new long[10_000];
            long total = pool.invoke(new Sum(data, 0, data.length));
            pool.submit(new Sum(data, 0, 10));
            new WeftIndexer(pool).indexAll(List.of(Path.of("a"), Path.of("b")));
            System.out.println(total);
        }
    }
}
