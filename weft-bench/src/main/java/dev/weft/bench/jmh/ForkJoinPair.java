package dev.weft.bench.jmh;

import dev.weft.ContextCarrier;
import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.programs.FibTask.FjpFib;
import dev.weft.bench.programs.FibTask.WeftFib;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Nanoseconds per fork+join pair that is <em>not</em> stolen: Fibonacci without a cutoff (every call
 * with {@code n >= 2} is one fork and one join) in a pool of one worker, so no thief ever exists.
 *
 * <p>One operation is one pair: each invocation computes fib({@value #N}) {@value #REPS} times inside one
 * {@code invoke} (fib(20) has {@value #PAIRS_PER_FIB} internal calls), which also makes the cost of
 * entering the pool from the benchmark thread negligible. {@link #serial} is the same recursion with
 * plain calls; a form's cost per fork+join is its score minus {@code serial}'s.
 *
 * <ul>
 *   <li>int forms: {@link #weftJoinInt} ({@code Weft.joinInt(fn, x, y, combine)}, allocation-free) against
 *       {@link #fjpAction} (a {@code RecursiveAction} with an {@code int} result field, the style of Lea's
 *       paper, which avoids boxing).</li>
 *   <li>object forms: {@link #weftTask} (a {@code Task<Integer>} subclass, fork/compute/join),
 *       {@link #weftSupplier} ({@code Weft.join(Supplier, Supplier, BiFunction)}: two capturing lambdas
 *       and boxed results), {@link #weftIntSupplier} ({@code Weft.joinInt(IntSupplier, IntSupplier, ...)}:
 *       two capturing lambdas) against {@link #fjpTask} ({@code RecursiveTask<Integer>}).</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ForkJoinPair {
    static final int N = 20;
    static final int REPS = 50;
    /** Calls of fib(20) with {@code n >= 2}, each one fork+join: fib(21) - 1. */
    static final int PAIRS_PER_FIB = 10_945;
    static final int PAIRS = PAIRS_PER_FIB * REPS;

    /** Not final, so the JIT cannot fold the recursion into a constant. */
    int n = N;
    WeftPool weft;
    ForkJoinPool fjp;

    /**
     * "threadLocal": the Weft pool carries a ThreadLocal's context ({@code propagate}); nothing is
     * stolen at one worker, so the pair must cost what it costs without ("none").
     */
    @Param({"none", "threadLocal"})
    String carriers = "none"; // JMH sets it; a test that builds the state by hand gets "none"

    @Setup(Level.Trial)
    public void start() {
        WeftPool.Builder b = WeftPool.builder().parallelism(1).name("jmh-pair");
        if (carriers.equals("threadLocal")) {
            b.propagate(ContextCarrier.of(new ThreadLocal<String>()));
        }
        weft = b.build();
        fjp = new ForkJoinPool(1);
    }

    @TearDown(Level.Trial)
    public void stop() {
        weft.close();
        fjp.close();
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public int serial() {
        int s = 0;
        for (int r = 0; r < REPS; r++) {
            s += fibSerial(n);
        }
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public int weftJoinInt() {
        int k = n;
        return weft.invoke(() -> {
            int s = 0;
            for (int r = 0; r < REPS; r++) {
                s += fibJoinInt(k);
            }
            return s;
        });
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public int weftTask() {
        int k = n;
        return weft.invoke(() -> {
            int s = 0;
            for (int r = 0; r < REPS; r++) {
                s += new WeftFib(k).invoke();
            }
            return s;
        });
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public int weftSupplier() {
        int k = n;
        return weft.invoke(() -> {
            int s = 0;
            for (int r = 0; r < REPS; r++) {
                s += fibSupplier(k);
            }
            return s;
        });
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public int weftIntSupplier() {
        int k = n;
        return weft.invoke(() -> {
            int s = 0;
            for (int r = 0; r < REPS; r++) {
                s += fibIntSupplier(k);
            }
            return s;
        });
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public int fjpTask() {
        int k = n;
        return fjp.invoke(new RecursiveTask<Integer>() {
            @Override
            protected Integer compute() {
                int s = 0;
                for (int r = 0; r < REPS; r++) {
                    s += new FjpFib(k).invoke();
                }
                return s;
            }
        });
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public int fjpAction() {
        int k = n;
        return fjp.invoke(new RecursiveTask<Integer>() {
            @Override
            protected Integer compute() {
                int s = 0;
                for (int r = 0; r < REPS; r++) {
                    FjpFibAction a = new FjpFibAction(k);
                    a.invoke();
                    s += a.result;
                }
                return s;
            }
        });
    }

    // ---------------------------------------------------------------------------------------------
    // Kernels: one recursion, five ways to fork it

    static int fibSerial(int n) {
        return n < 2 ? n : fibSerial(n - 1) + fibSerial(n - 2);
    }

    static int fibJoinInt(int n) {
        return n < 2 ? n : Weft.joinInt(ForkJoinPair::fibJoinInt, n - 1, n - 2, Integer::sum);
    }

    static Integer fibSupplier(int n) {
        return n < 2 ? n : Weft.join(() -> fibSupplier(n - 1), () -> fibSupplier(n - 2), Integer::sum);
    }

    static int fibIntSupplier(int n) {
        return n < 2 ? n : Weft.joinInt(() -> fibIntSupplier(n - 1), () -> fibIntSupplier(n - 2), Integer::sum);
    }

    /** Lea's style: the result in a field, so nothing is boxed. */
    static final class FjpFibAction extends RecursiveAction {
        private final int n;
        int result;

        FjpFibAction(int n) {
            this.n = n;
        }

        @Override
        protected void compute() {
            if (n < 2) {
                result = n;
                return;
            }
            FjpFibAction f1 = new FjpFibAction(n - 1);
            FjpFibAction f2 = new FjpFibAction(n - 2);
            f1.fork();
            f2.compute();
            f1.join();
            result = f1.result + f2.result;
        }
    }
}
