package dev.weft.bench.jmh;

import dev.weft.Task;
import dev.weft.Weft;
import dev.weft.WeftPool;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The latency of one steal handover, in a pool of two workers whose second worker has nothing to do.
 *
 * <p>One handover: the owner (the worker running the root task) reads the clock ({@code t0}), forks a
 * marker task and waits, without running the marker itself, until the marker has started; the marker's
 * first action, on the thief, is to read the clock ({@code tStart}); the owner then joins the marker
 * (finished, or about to be) and reads the clock again ({@code tEnd}). Since the owner never runs the
 * marker, every handover is a steal. Measured per handover:
 * <ul>
 *   <li><b>one-way</b> = {@code tStart - t0}: fork to the thief starting the task. It covers the victim's
 *       side of the handover (Weft: publishing the task when it sees the thief's request; ForkJoinPool:
 *       the push and its signal), the thief noticing and taking it, and the start of its execution.</li>
 *   <li><b>round trip</b> = {@code tEnd - t0}: adds the owner seeing the start and its join of a task
 *       another worker ran.</li>
 * </ul>
 * JMH's score is the mean time per handover (the round trip plus the loop around it; in the
 * {@code *Parked} forms also the pause, so there only the printed latencies mean anything). At the end
 * of each benchmark the forked JVM prints the distribution of both latencies over the measured
 * iterations (mean, p50, p90, p99, p99.9, from {@link LatencyHistogram}): on a loaded machine a few
 * handovers that wait milliseconds for a CPU dominate the mean, and the median shows the mechanism.
 *
 * <p>Two states of the idle worker:
 * <ul>
 *   <li>{@code *Searching}: handovers back to back. After running a marker the thief goes looking for
 *       the next one at once, so it is awake (spinning or yielding) when the next fork comes.</li>
 *   <li>{@code *Parked}: the owner pauses {@value #PAUSE_MICROS} µs before each fork (outside the
 *       latencies), long enough for the idle worker to give up searching and park in both runtimes, so
 *       the handover includes waking a parked thread.</li>
 * </ul>
 *
 * <p>How the owner waits matters in Weft: a worker hands work over only at a poll (every fork, join or
 * loop chunk; PROTOCOL.md), and real fork-join code keeps forking while a thief asks. So while it waits,
 * the Weft owner keeps making empty two-way joins ({@code Weft.joinInt} of a trivial function), as its
 * own computation would; the ForkJoinPool owner just spins, since its fork made the task visible at once.
 * Both wait loops call {@link Thread#onSpinWait()}. Each clock read costs about 20 ns and is included.
 * With few cores the thief may have to wait for a CPU: on a shared 2-core machine the numbers include
 * the operating system's scheduling, which is part of what a handover costs there.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class StealHandover {
    static final int SEARCHING_HANDOVERS = 1000;
    static final int PARKED_HANDOVERS = 20;
    static final long PAUSE_MICROS = 500;
    /** A handover that takes this long is not slow but lost. */
    static final long STUCK_NANOS = 5_000_000_000L;

    WeftPool weft;
    ForkJoinPool fjp;

    /** Latencies of the handovers of the measured iterations (warm-up ones go to {@link #scratch}). */
    final LatencyHistogram oneWay = new LatencyHistogram();
    final LatencyHistogram roundTrip = new LatencyHistogram();
    private final LatencyHistogram scratch = new LatencyHistogram();
    private LatencyHistogram oneWayNow = scratch;
    private LatencyHistogram roundTripNow = scratch;
    private String name = "";

    @Setup(Level.Trial)
    public void start(BenchmarkParams params) {
        name = params.getBenchmark();
        weft = WeftPool.builder().parallelism(2).name("jmh-steal").build();
        fjp = new ForkJoinPool(2);
    }

    @Setup(Level.Iteration)
    public void iteration(IterationParams params) {
        boolean measured = params.getType() == IterationType.MEASUREMENT;
        oneWayNow = measured ? oneWay : scratch;
        roundTripNow = measured ? roundTrip : scratch;
    }

    @TearDown(Level.Trial)
    public void stop() {
        weft.close();
        fjp.close();
        System.out.printf("%n%s: %d measured handovers%n  one-way fork to start, ns: %s%n  round trip, ns:           %s%n",
                name, oneWay.count(), oneWay.summary(), roundTrip.summary());
    }

    @Benchmark
    @OperationsPerInvocation(SEARCHING_HANDOVERS)
    public int weftSearching() {
        return weft.invoke(() -> weftHandovers(SEARCHING_HANDOVERS, 0, oneWayNow, roundTripNow));
    }

    @Benchmark
    @OperationsPerInvocation(PARKED_HANDOVERS)
    public int weftParked() {
        return weft.invoke(() -> weftHandovers(PARKED_HANDOVERS, PAUSE_MICROS * 1000, oneWayNow, roundTripNow));
    }

    @Benchmark
    @OperationsPerInvocation(SEARCHING_HANDOVERS)
    public int fjpSearching() {
        return fjp.invoke(new FjpHandovers(SEARCHING_HANDOVERS, 0, oneWayNow, roundTripNow));
    }

    @Benchmark
    @OperationsPerInvocation(PARKED_HANDOVERS)
    public int fjpParked() {
        return fjp.invoke(new FjpHandovers(PARKED_HANDOVERS, PAUSE_MICROS * 1000, oneWayNow, roundTripNow));
    }

    // ---------------------------------------------------------------------------------------------
    // Weft

    /**
     * Runs in the pool: {@code k} handovers, each after a pause of {@code pauseNanos} (0: none); returns
     * {@code k}. Only this worker touches the histograms until the invocation returns.
     */
    static int weftHandovers(int k, long pauseNanos, LatencyHistogram oneWay, LatencyHistogram roundTrip) {
        for (int i = 0; i < k; i++) {
            if (pauseNanos > 0) {
                LockSupport.parkNanos(pauseNanos);
            }
            WeftMarker m = new WeftMarker();
            long t0 = System.nanoTime();
            m.fork();
            long started;
            int polls = 0;
            while ((started = m.startedAt) == 0) {
                Weft.joinInt(StealHandover::same, 0, 0, StealHandover::first);
                Thread.onSpinWait();
                if ((++polls & 0xFFFF) == 0) {
                    checkNotStuck(t0);
                }
            }
            m.join();
            long end = System.nanoTime();
            oneWay.record(started - t0);
            roundTrip.record(end - t0);
        }
        return k;
    }

    /**
     * Fails the benchmark instead of letting it spin until JMH's timeout when a handover never happens
     * (the idle worker stays parked while the task stays with its owner: a lost wake-up in the runtime).
     */
    static void checkNotStuck(long t0) {
        long waited = System.nanoTime() - t0;
        if (waited > STUCK_NANOS) {
            throw new IllegalStateException("no worker started the forked task within " + waited / 1_000_000
                    + " ms: the idle worker was never handed it (lost wake-up or lost hunger request)");
        }
    }

    static int same(int x) {
        return x;
    }

    static int first(int a, int b) {
        return a;
    }

    static final class WeftMarker extends Task<Void> {
        volatile long startedAt;

        @Override
        protected Void compute() {
            startedAt = System.nanoTime();
            return null;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // ForkJoinPool

    /** The ForkJoinPool twin of {@link #weftHandovers}. */
    static final class FjpHandovers extends RecursiveTask<Integer> {
        private final int k;
        private final long pauseNanos;
        private final LatencyHistogram oneWay;
        private final LatencyHistogram roundTrip;

        FjpHandovers(int k, long pauseNanos, LatencyHistogram oneWay, LatencyHistogram roundTrip) {
            this.k = k;
            this.pauseNanos = pauseNanos;
            this.oneWay = oneWay;
            this.roundTrip = roundTrip;
        }

        @Override
        protected Integer compute() {
            for (int i = 0; i < k; i++) {
                if (pauseNanos > 0) {
                    LockSupport.parkNanos(pauseNanos);
                }
                FjpMarker m = new FjpMarker();
                long t0 = System.nanoTime();
                m.fork();
                long started;
                int spins = 0;
                while ((started = m.startedAt) == 0) {
                    Thread.onSpinWait();
                    if ((++spins & 0xFFFF) == 0) {
                        checkNotStuck(t0);
                    }
                }
                m.join();
                long end = System.nanoTime();
                oneWay.record(started - t0);
                roundTrip.record(end - t0);
            }
            return k;
        }
    }

    static final class FjpMarker extends RecursiveAction {
        volatile long startedAt;

        @Override
        protected void compute() {
            startedAt = System.nanoTime();
        }
    }
}
