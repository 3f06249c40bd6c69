package dev.weft.bench;

import java.util.Objects;

/**
 * One run that a workload timed itself ({@link Workload#timeItself}): a program in another language, in its
 * own process, that measures its own runs. The runner checks {@code result} like the result of any run and
 * records {@code nanos} as the run's wall time.
 *
 * @param engine  the engine it ran on
 * @param workers the worker count it ran with (1 for a baseline engine)
 * @param nanos   its wall time in nanoseconds, as the program measured it
 * @param result  its answer, of the same type as the in-process versions' results
 */
public record TimedRun(Engine engine, int workers, long nanos, Object result) {
    public TimedRun {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(result, "result");
        if (workers <= 0) {
            throw new IllegalArgumentException("workers must be positive: " + workers);
        }
        if (nanos < 0) {
            throw new IllegalArgumentException("nanos must not be negative: " + nanos);
        }
    }
}
