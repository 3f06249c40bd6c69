package fix;

import dev.weft.Task;
import dev.weft.WeftPool;
import java.util.ArrayList;
import java.util.List;

/** A Weft task that forks one batch per iteration as it builds them. */
public class WeftBatch extends Task<Integer> {
    private final int[] items;
    private final int lo;
    private final int hi;

    WeftBatch(int[] items, int lo, int hi) {
        this.items = items;
        this.lo = lo;
        this.hi = hi;
    }

    @Override
    protected Integer compute() {
        if (hi - lo <= 64) {
            int n = 0;
            for (int i = lo; i < hi; i++) {
                n += Integer.bitCount(items[i]);
            }
            return n;
        }
        int step = (hi - lo + 3) / 4;
        List<Task<Integer>> forked = new ArrayList<>();
        for (int start = lo; start < hi; start += step) {
            WeftBatch b = new WeftBatch(items, start, Math.min(hi, start + step));
            b.fork();
            forked.add(b);
        }
        int n = 0;
        for (Task<Integer> t : forked) {
            n = n * 3 + t.join();
        }
        return n;
    }

    public static String run() {
        int[] items = new int[10_000];
        for (int i = 0; i < items.length; i++) {
            items[i] = i * 31 ^ (i >>> 3);
        }
        try (WeftPool pool = new WeftPool()) {
            return String.valueOf(pool.invoke(new WeftBatch(items, 0, items.length)));
        }
    }
}
