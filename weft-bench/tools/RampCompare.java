import dev.weft.Task;
import dev.weft.Weft;
import dev.weft.WeftPool;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Ramp-up of Weft and ForkJoinPool side by side, without JFR: fib(N) with one fork per call, where every
 * call of fib(n >= CUT) records the first time its thread ran such a call. After a pause long enough for
 * every worker to park, the ramp of a run is the time from the first worker's first record (the root) to
 * the last worker's. Prints, per worker count and runtime, the median and 90th percentile of the ramp, how
 * many runs had every worker take work, the median run time and (Weft) the median idle share of the run.
 *
 * <pre>
 * ./weft build
 * javac --release 21 -cp weft-core/target/classes -d /tmp/ramp weft-bench/tools/RampCompare.java
 * java -cp weft-core/target/classes:/tmp/ramp RampCompare 8,16 [runs] [pauseMillis]
 * </pre>
 */
public class RampCompare {
    static final int N = 35;
    static final int CUT = 18;
    static final int SLOTS = 256;

    static final AtomicLongArray firstTake = new AtomicLongArray(SLOTS);
    static final AtomicInteger nextSlot = new AtomicInteger();
    static final ThreadLocal<int[]> slot = ThreadLocal.withInitial(() -> new int[] {-1});
    static volatile int round;
    static final ThreadLocal<int[]> seenRound = ThreadLocal.withInitial(() -> new int[] {-1});

    static void mark() {
        int[] seen = seenRound.get();
        int r = round;
        if (seen[0] != r) {
            seen[0] = r;
            int[] s = slot.get();
            if (s[0] < 0) {
                s[0] = nextSlot.getAndIncrement();
            }
            firstTake.set(s[0], System.nanoTime());
        }
    }

    static int weft(int n) {
        if (n < 2) {
            return n;
        }
        if (n >= CUT) {
            mark();
        }
        return Weft.joinInt(RampCompare::weft, n - 1, n - 2, Integer::sum);
    }

    static final class FjpFib extends RecursiveTask<Integer> {
        final int n;

        FjpFib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n < 2) {
                return n;
            }
            if (n >= CUT) {
                mark();
            }
            FjpFib a = new FjpFib(n - 1);
            a.fork();
            int b = new FjpFib(n - 2).compute();
            return a.join() + b;
        }
    }

    /** Ramp of the last run in microseconds, or -1 if fewer than {@code workers} threads took work. */
    static double ramp(int workers) {
        long[] t = new long[SLOTS];
        int n = 0;
        for (int i = 0; i < SLOTS; i++) {
            long v = firstTake.get(i);
            if (v != 0) {
                t[n++] = v;
            }
        }
        if (n < workers) {
            return -1;
        }
        Arrays.sort(t, 0, n);
        return (t[workers - 1] - t[0]) / 1e3;
    }

    static void reset() {
        for (int i = 0; i < SLOTS; i++) {
            firstTake.set(i, 0);
        }
        round++;
    }

    public static void main(String[] args) throws Exception {
        int[] counts = Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray();
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        long pause = args.length > 2 ? Long.parseLong(args[2]) : 20;
        int expected = 9227465;
        System.out.printf("fib(%d), marks at n >= %d, %d runs, %d ms pause before each; ramp in us (median / p90), all = runs where every worker took work%n",
                N, CUT, runs, pause);
        for (int p : counts) {
            try (WeftPool pool = WeftPool.builder().parallelism(p).build(); ForkJoinPool fjp = new ForkJoinPool(p)) {
                String[] names = {"weft", "fjp"};
                double[][] ramps = new double[2][runs];
                double[][] times = new double[2][runs];
                double[] idle = new double[runs];
                for (int rep = -5; rep < runs; rep++) {
                    for (int e = 0; e < 2; e++) {
                        // The thread slots of the other runtime's workers stay assigned: clear per run.
                        Thread.sleep(pause);
                        reset();
                        if (e == 0) {
                            pool.resetStats();
                        }
                        long t0 = System.nanoTime();
                        int r = e == 0 ? pool.invoke(() -> weft(N)) : fjp.invoke(new FjpFib(N));
                        long t1 = System.nanoTime();
                        if (r != expected) {
                            throw new AssertionError(names[e] + " fib = " + r);
                        }
                        if (rep >= 0) {
                            ramps[e][rep] = ramp(p);
                            times[e][rep] = (t1 - t0) / 1e6;
                            if (e == 0) {
                                idle[rep] = pool.stats().idlePercent();
                            }
                        }
                    }
                }
                for (int e = 0; e < 2; e++) {
                    double[] ok = Arrays.stream(ramps[e]).filter(v -> v >= 0).sorted().toArray();
                    double[] ts = times[e].clone();
                    Arrays.sort(ts);
                    double[] id = idle.clone();
                    Arrays.sort(id);
                    System.out.printf("P=%2d %-4s ramp %8.1f / %8.1f us, all %2d/%d, run %7.2f ms%s%n", p, names[e],
                            ok.length == 0 ? Double.NaN : ok[ok.length / 2],
                            ok.length == 0 ? Double.NaN : ok[Math.min(ok.length - 1, (int) (ok.length * 0.9))],
                            ok.length, runs, ts[runs / 2], e == 0 ? String.format(", idle %.1f%%", id[runs / 2]) : "");
                }
            }
        }
    }
}
