package dev.weft;

import java.util.Collection;

/** Test stub of Weft's Task with the real signatures and sequential semantics (forked tasks run at join). */
public abstract class Task<T> {
    private T result;
    private boolean done;

    protected abstract T compute();

    public static <T> Task<T> of(java.util.function.Supplier<T> body) {
        return new Task<>() {
            @Override
            protected T compute() {
                return body.get();
            }
        };
    }

    public final Task<T> fork() {
        return this;
    }

    public final T join() {
        if (!done) {
            result = compute();
            done = true;
        }
        return result;
    }

    public final T invoke() {
        return join();
    }

    public final boolean isDone() {
        return done;
    }

    public static void invokeAll(Task<?> a, Task<?> b) {
        a.join();
        b.join();
    }

    public static void invokeAll(Task<?>... tasks) {
        for (Task<?> t : tasks) {
            t.join();
        }
    }

    public static void invokeAll(Collection<? extends Task<?>> tasks) {
        for (Task<?> t : tasks) {
            t.join();
        }
    }
}
