package b4;

import dev.weft.Task;
import dev.weft.Weft;
import java.util.ArrayList;
import java.util.List;

/** Weft tasks forked one per iteration, and look-alikes that build first or use finish/async. */
public class WeftBatches {

    static final class Batch extends Task<Integer> {
        private final int[] items;
        private final int lo;
        private final int hi;

        Batch(int[] items, int lo, int hi) {
            this.items = items;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Integer compute() {
            if (hi - lo <= 128) {
                int n = 0;
                for (int i = lo; i < hi; i++) {
                    n += Integer.bitCount(items[i]);
                }
                return n;
            }
            int step = (hi - lo + 3) / 4;
            List<Task<Integer>> forked = new ArrayList<>();
            for (int start = lo; start < hi; start += step) {   // expect: B4
                Batch b = new Batch(items, start, Math.min(hi, start + step));
                b.fork();
                forked.add(b);
            }
            int n = 0;
            for (Task<Integer> t : forked) {
                n += t.join();
            }
            return n;
        }
    }

    /** Builds every subtask first, then forks them all: the a-a-a-b-b-b form of the paper. */
    static final class Built extends Task<Integer> {
        private final int[] items;

        Built(int[] items) {
            this.items = items;
        }

        @Override
        protected Integer compute() {
            if (items.length <= 1) {
                return items.length;
            }
            List<Built> parts = new ArrayList<>();
            for (int i = 0; i < items.length; i += 2) {
                parts.add(new Built(new int[] {items[i]}));
            }
            for (Built p : parts) {
                p.fork();
            }
            int n = 0;
            for (Built p : parts) {
                n += p.join();
            }
            return n;
        }
    }

    /** finish/async publishes one closure per iteration by design: not scattered data. */
    static void touchAll(List<int[]> rows) {
        Weft.finish(() -> {
            for (int[] row : rows) {
                Weft.async(() -> row[0]++);
            }
        });
    }
}
