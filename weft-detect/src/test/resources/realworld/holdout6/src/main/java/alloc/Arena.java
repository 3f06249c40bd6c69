package alloc;

import java.util.Arrays;

/**
 * Allocation with a memory cap, shaped like a cluster's memory manager: one entry point makes new arrays and
 * copies of parts of existing ones, told apart by whether it is given an original.
 */
final class Arena {
    private static long allocated;

    private Arena() {
    }

    static double[] doubles(int n) {
        if (n < 16) {
            return new double[n];
        }
        return (double[]) allocate(n, 8L * n, null, 0);
    }

    static double[] copy(double[] from, int start, int n) {
        return (double[]) allocate(n, 8L * n, from, start);
    }

    private static Object allocate(int n, long bytes, double[] original, int start) {
        note(bytes);
        if (original != null) {
            return Arrays.copyOfRange(original, start, start + n);
        }
        return new double[n];
    }

    private static synchronized void note(long bytes) {   // expect: B5
        allocated += bytes;
    }
}
