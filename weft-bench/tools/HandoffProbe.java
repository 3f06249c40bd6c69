import dev.weft.WeftPool;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;

/**
 * The cost of handing one call from a thread outside a pool to the pool and back, alone: the streams suite's
 * plain sum-of-squares loop run on the calling thread, through {@code ForkJoinPool.submit(..).get()} and
 * through {@code WeftPool.invoke}, interleaved, a GC before each run (as the runner does); prints medians and
 * how often the calling thread ran the task itself. Both pool-run versions of every streams program pay this.
 *
 * <pre>
 * ./weft build
 * java -cp weft-core/target/classes weft-bench/tools/HandoffProbe.java 2000000 1
 * </pre>
 */
public class HandoffProbe {
    static long loop(long[] a) {
        long s = 0;
        for (long v : a) {
            s += v * v;
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int workers = Integer.parseInt(args[1]);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 0x9E3779B97F4A7C15L >>> 1) % 1_000_000;
        }
        Thread caller = Thread.currentThread();
        String[] names = {"loop on the caller", "fjp.submit().get()", "weft pool.invoke()"};
        int warmup = 10;
        int reps = 30;
        long[][] t = new long[names.length][reps];
        int[] onCaller = new int[names.length];
        long expected = loop(a);
        try (WeftPool pool = WeftPool.builder().parallelism(workers).build(); ForkJoinPool fjp = new ForkJoinPool(workers)) {
            for (int rep = 0; rep < warmup + reps; rep++) {
                for (int k = 0; k < names.length; k++) {
                    System.gc();
                    Thread[] ran = new Thread[1];
                    long t0 = System.nanoTime();
                    long r = switch (k) {
                        case 0 -> {
                            ran[0] = Thread.currentThread();
                            yield loop(a);
                        }
                        case 1 -> fjp.submit(() -> {
                            ran[0] = Thread.currentThread();
                            return loop(a);
                        }).get();
                        default -> pool.invoke(() -> {
                            ran[0] = Thread.currentThread();
                            return loop(a);
                        });
                    };
                    long dt = System.nanoTime() - t0;
                    if (r != expected) {
                        throw new AssertionError(names[k] + " summed " + r + ", not " + expected);
                    }
                    if (rep >= warmup) {
                        t[k][rep - warmup] = dt;
                        onCaller[k] += ran[0] == caller ? 1 : 0;
                    }
                }
            }
        }
        for (int k = 0; k < names.length; k++) {
            Arrays.sort(t[k]);
            System.out.printf("%-20s median %7.3f ms  min %7.3f ms  run by the caller in %d of %d%n", names[k],
                    t[k][reps / 2] / 1e6, t[k][0] / 1e6, onCaller[k], reps);
        }
    }
}
