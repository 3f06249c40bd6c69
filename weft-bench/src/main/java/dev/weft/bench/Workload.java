package dev.weft.bench;

/**
 * One sized instance of a {@link Program}. For every timed run the runner calls {@link #reset()} (untimed),
 * then {@link #run} on one engine (timed), then {@link #check} (untimed). Fork/join programs extend
 * {@link ForkJoinWorkload}; other suites implement this interface directly.
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

    /** One-hop latencies in nanoseconds sampled during the last run, for the percentile columns; or null. */
    default long[] latencyNanos() {
        return null;
    }

    /** Releases what the workload created (runtimes other than the shared pools). */
    @Override
    default void close() throws Exception {
    }
}
