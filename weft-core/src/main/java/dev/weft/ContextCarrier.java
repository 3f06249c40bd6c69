package dev.weft;

import java.util.Objects;

/**
 * Carries one kind of thread-bound context (a {@code ThreadLocal}, a logging MDC, a tracing context)
 * from the thread that hands work off to the worker that runs it. Register carriers with
 * {@link WeftPool.Builder#propagate}.
 *
 * <p>Context is captured only when work leaves its thread: a fork or {@code async} published for a
 * thief, a split-off half of a loop, a submission to the pool, a spawn sent to the inbox. A fork that
 * its own worker runs, the common case, captures nothing and costs nothing. On the other side the
 * worker captures its own context, {@link #restore restores} the job's for the run, and afterwards
 * restores its own again (for a worker at top level: empty, so nothing leaks into the next job).
 *
 * @param <S> the captured state; {@code null} stands for "nothing set"
 */
public interface ContextCarrier<S> {
    /** The calling thread's current context. */
    S capture();

    /** Makes {@code state}, as {@link #capture} returned it, the calling thread's context. */
    void restore(S state);

    /** A carrier for the value of {@code local}: a null value is restored as {@link ThreadLocal#remove()}. */
    static <T> ContextCarrier<T> of(ThreadLocal<T> local) {
        Objects.requireNonNull(local, "local");
        return new ContextCarrier<>() {
            @Override
            public T capture() {
                return local.get();
            }

            @Override
            public void restore(T state) {
                if (state == null) {
                    local.remove();
                } else {
                    local.set(state);
                }
            }
        };
    }
}
