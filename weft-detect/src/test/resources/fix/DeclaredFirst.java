package fix;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Copies carried to the subtasks through locals: declared first and assigned later, or declared together. */
public class DeclaredFirst {

    /** A histogram of small values; the halves go through locals declared before they are assigned. */
    static final class Histogram extends RecursiveTask<long[]> {
        private final int[] values;

        Histogram(int[] values) {
            this.values = values;
        }

        @Override
        protected long[] compute() {
            long[] counts = new long[16];
            if (values.length <= 64) {
                for (int v : values) {
                    counts[v & 15]++;
                }
                return counts;
            }
            int mid = values.length / 2;
            int[] left;   // the lower half
            int[] right;
            left = Arrays.copyOfRange(values, 0, mid);
            // the upper half, for the second subtask
            right = Arrays.copyOfRange(values, mid, values.length);
            Histogram a = new Histogram(left);
            a.fork();
            long[] b = new Histogram(right).compute();
            long[] c = a.join();
            for (int i = 0; i < 16; i++) {
                counts[i] = c[i] + b[i];
            }
            return counts;
        }
    }

    /** A checksum whose two halves are declared in one statement. */
    static final class Checksum extends RecursiveTask<Long> {
        private final long[] xs;

        Checksum(long[] xs) {
            this.xs = xs;
        }

        @Override
        protected Long compute() {
            if (xs.length < 50) {
                long h = 17;
                for (long x : xs) {
                    h = h * 31 + x;
                }
                return h;
            }
            int n = xs.length / 2;
            long[] lo = Arrays.copyOf(xs, n), hi = Arrays.copyOfRange(xs, n, xs.length);   // both halves
            Checksum first = new Checksum(lo);
            first.fork();
            return new Checksum(hi).compute() ^ first.join() * 7;
        }
    }

    /* Everything below is left alone by --fix. */
    public static String run() {
        int[] values = new int[5000];
        long[] xs = new long[4321];
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 31 % 97;
        }
        for (int i = 0; i < xs.length; i++) {
            xs[i] = (long) i * i % 1009;
        }
        try (ForkJoinPool pool = new ForkJoinPool(2)) {
            return Arrays.toString(pool.invoke(new Histogram(values))) + " " + pool.invoke(new Checksum(xs));
        }
    }
}
