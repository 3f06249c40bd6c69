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

    /**
     * A carrier for context that cannot be set on a thread, only bound around a call, as a
     * {@code ScopedValue} is. Its state is captured like any carrier's; on the worker that takes the job,
     * the job's run (its body and the forks it left pending) happens inside {@link #runWith}, and the
     * binding ends when that call returns, so there is nothing of the worker's own to put back: Weft never
     * calls {@link #restore} on such a carrier. Costs one lambda per job that left its thread, none for
     * forks that stay on their worker.
     *
     * <p>A binding can be shadowed but not removed: a job whose captured state has no binding for a key,
     * run by a worker that is inside a binding of that key (it helps while it waits for a join), sees the
     * worker's binding. Weft's joiners help only with descendants of what they wait for, which captured
     * their state inside the same request.
     *
     * @param <S> the captured state
     */
    interface Binding<S> extends ContextCarrier<S> {
        /** Runs {@code run} on the calling thread with {@code state}, as {@link #capture} returned it, bound. */
        void runWith(S state, Runnable run);

        /** Never called by Weft: a binding ends with its {@link #runWith} call. Does nothing. */
        @Override
        default void restore(S state) {
        }
    }

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
