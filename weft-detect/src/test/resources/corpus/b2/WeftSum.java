package b2;

import dev.weft.Task;
import dev.weft.Weft;
import java.util.Arrays;
import java.util.List;

/** Weft code that copies at each split: into the forked lambdas, and into a Task subclass. */
public class WeftSum {

    static long sum(long[] a) {
        if (a.length < 1024) {
            long s = 0;
            for (long v : a) {
                s += v;
            }
            return s;
        }
        int mid = a.length / 2;
        return Weft.join(
                () -> sum(Arrays.copyOfRange(a, 0, mid)),   // expect: B2
                () -> sum(Arrays.copyOfRange(a, mid, a.length)),   // expect: B2
                Long::sum);
    }

    /** Counts matching lines; the slice handed to each half is a fresh copy. */
    static final class Count extends Task<Integer> {
        private final List<String> lines;
        private final String needle;

        Count(List<String> lines, String needle) {
            this.lines = lines;
            this.needle = needle;
        }

        @Override
        protected Integer compute() {
            if (lines.size() < 64) {
                int n = 0;
                for (String l : lines) {
                    if (l.contains(needle)) {
                        n++;
                    }
                }
                return n;
            }
            int mid = lines.size() / 2;
            List<String> head = List.copyOf(lines.subList(0, mid));   // expect: B2
            Task<Integer> left = new Count(head, needle).fork();
            int right = new Count(lines.subList(mid, lines.size()), needle).invoke();   // expect: B2
            return left.join() + right;
        }
    }

    static long viaAsync(long[] data) {
        long[] total = new long[2];
        Weft.finish(() -> {
            long[] firstHalf = Arrays.copyOf(data, data.length / 2);   // note: B2
            Weft.async(() -> total[0] = sum(firstHalf));
            total[1] = sum(Arrays.copyOfRange(data, data.length / 2, data.length));
        });
        return total[0] + total[1];
    }
}
