package dev.weft.bench;

import java.util.List;

/**
 * One sized instance of a {@link Program}. For every timed run the runner calls {@link #reset()} (untimed),
 * then {@link #run} on one engine (timed), then {@link #check} (untimed). Fork/join programs extend
 * {@link ForkJoinWorkload}; other suites implement this interface directly. Engines that run outside the
 * JVM time themselves ({@link #timesItself}).
 */
public interface Workload extends AutoCloseable {
    /** Label with the size, e.g. {@code fib(35)}. */
    String label();

    /** Restores the input for the next run (programs that work in place re-copy their input here). */
    default void reset() {
    }

    /**
     * Runs the program once on {@code engine} with {@code workers} workers (a baseline engine gets 1) and
     * returns its result. {@code pools} holds the ForkJoinPool and WeftPool of each size, shared between
     * versions; a workload that needs another runtime (an actor system, threads) creates it itself, once
     * per worker count, and releases it in {@link #close()}.
     *
     * @throws IllegalArgumentException if the engine is not one of the program's
     */
    Object run(Engine engine, int workers, Pools pools) throws Exception;

    /**
     * Checks {@code result} against the baseline's result (and, where the program has one, an independent
     * check such as sortedness or a residual). When the program has no baseline engine, {@code
     * baselineResult} is the reference engine's first result.
     *
     * @throws AssertionError if the result is wrong
     */
    void check(Object result, Object baselineResult);

    /**
     * Operations the last run performed — messages, queries, transactions — for the ops/s and CPU time per
     * operation columns; 0 where they are not meaningful.
     */
    default long operations() {
        return 0;
    }

    /**
     * Whether the runs on {@code engine} are timed by the workload itself rather than by the runner: a program
     * in another language, in its own process, with its own warm-up and repetitions. The runner then never
     * calls {@link #run} for that engine; it calls {@link #timeItself} once, after the engines it times.
     */
    default boolean timesItself(Engine engine) {
        return false;
    }

    /**
     * Runs the self-timed {@code engines} (those for which {@link #timesItself} is true) with each of
     * {@code workers} (a baseline engine with 1 only): {@code warmup} unreported runs, then {@code reps}
     * measured runs per version, and returns the measured runs. The runner checks each run's result. An
     * engine that cannot run here (its program was not built) is left out of the result, with a line on
     * standard error saying why.
     *
     * @throws Exception if a program failed or wrote something that is not a run
     */
    default List<TimedRun> timeItself(List<Engine> engines, List<Integer> workers, int warmup, int reps) throws Exception {
        throw new UnsupportedOperationException(label() + " times none of its engines itself");
    }

    /** One-hop latencies in nanoseconds sampled during the last run, for the percentile columns; or null. */
    default long[] latencyNanos() {
        return null;
    }

    /** Releases what the workload created (runtimes other than the shared pools). */
    @Override
    default void close() throws Exception {
    }
}
