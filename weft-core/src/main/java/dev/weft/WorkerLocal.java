package dev.weft;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A per-thread value that costs a field load and an array read on a Weft worker, where a
 * {@link ThreadLocal} costs a hash-table lookup: for runtimes built on Weft (SCOOP's current client, an
 * actor system's batch) whose per-thread state is read on every operation. On any other thread it is a
 * {@code ThreadLocal}.
 *
 * <p>Each instance takes one slot in every worker's table for as long as the worker lives, and slots are
 * never given back: make a few long-lived instances (a {@code static final} field per kind of state), not
 * one per object. A worker's values die with it, as a thread's thread-locals do.
 *
 * @param <T> the value's type
 */
public final class WorkerLocal<T> {
    private static final AtomicInteger SLOTS = new AtomicInteger();

    private final int slot = SLOTS.getAndIncrement();
    private final Supplier<? extends T> initial;
    private final ThreadLocal<T> otherThreads;

    private WorkerLocal(Supplier<? extends T> initial) {
        this.initial = initial;
        this.otherThreads = ThreadLocal.withInitial(initial);
    }

    /**
     * A worker-local value whose initial value on each thread is {@code initial.get()}, called on that
     * thread the first time it reads the value.
     *
     * @throws NullPointerException if {@code initial} is null
     */
    public static <T> WorkerLocal<T> withInitial(Supplier<? extends T> initial) {
        return new WorkerLocal<>(Objects.requireNonNull(initial, "initial"));
    }

    /** The calling thread's value, made by the initial supplier the first time. */
    @SuppressWarnings("unchecked")
    public T get() {
        if (Thread.currentThread() instanceof Worker w) {
            Object[] values = w.locals; // written by this thread only
            if (slot < values.length) {
                Object v = values[slot];
                if (v != null) {
                    return (T) v;
                }
            }
            return initialOn(w);
        }
        return otherThreads.get();
    }

    private T initialOn(Worker w) {
        T v = Objects.requireNonNull(initial.get(), "a WorkerLocal's initial value is null");
        if (slot >= w.locals.length) {
            w.locals = Arrays.copyOf(w.locals, Math.max(slot + 1, 2 * w.locals.length));
        }
        w.locals[slot] = v;
        return v;
    }
}
