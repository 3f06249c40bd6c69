package dev.weft.bench;

import dev.weft.WeftPool;
import java.util.concurrent.ForkJoinPool;

/**
 * One sized instance of a {@link Program}. The runner calls {@link #reset()} before every timed run
 * (untimed), then one of the three versions (timed), then {@link #check} (untimed).
 */
public interface Workload {
    /** Label with the size, e.g. {@code fib(35)}. */
    String label();

    /** Restores the input for the next run (programs that work in place re-copy their input here). */
    default void reset() {
    }

    Object serial();

    Object forkJoin(ForkJoinPool pool);

    Object weft(WeftPool pool);

    /**
     * Checks {@code result} against the serial result (and, where the program has one, an independent
     * check such as sortedness or a residual).
     *
     * @throws AssertionError if the result is wrong
     */
    void check(Object result, Object serialResult);
}
