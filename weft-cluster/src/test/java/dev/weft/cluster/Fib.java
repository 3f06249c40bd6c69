package dev.weft.cluster;

/** Fibonacci as a global finish: an activity per call above the cutoff. */
final class Fib {
    private Fib() {
    }

    static void fib(ClusterFinish<Long> f, int n) {
        if (n < 12) {
            f.offer(serial(n));
            return;
        }
        f.async(g -> fib(g, n - 1));
        f.async(g -> fib(g, n - 2));
    }

    static long serial(int n) {
        return n < 2 ? n : serial(n - 1) + serial(n - 2);
    }
}
