package org.hydra.util.concurrent.forkjoin;

import java.util.concurrent.locks.LockSupport;

/**
 * A trimmed copy of jsr166y's ForkJoinTask vendored into the project (as several projects did before Java 7),
 * renamed into the project's own package. It is the runtime, not task code: its waits are the scheduler's.
 */
public abstract class ForkJoinTask<V> {
    private volatile boolean done;
    private Thread waiter;
    V result;

    protected abstract boolean exec();

    public abstract V getRawResult();

    public final ForkJoinTask<V> fork() {
        ForkJoinPool.common().push(this);
        return this;
    }

    public final V join() {
        while (!done) {
            synchronized (this) {
                waiter = Thread.currentThread();
            }
            if (!ForkJoinPool.common().helpOne()) {
                LockSupport.parkNanos(this, 1000);
            }
        }
        return getRawResult();
    }

    public final V invoke() {
        run();
        return getRawResult();
    }

    final void run() {
        if (!done) {
            exec();
            done = true;
            Thread w;
            synchronized (this) {
                w = waiter;
            }
            if (w != null) {
                LockSupport.unpark(w);
            }
        }
    }

    public static void invokeAll(ForkJoinTask<?> a, ForkJoinTask<?> b) {
        a.fork();
        b.invoke();
        a.join();
    }

    public final boolean isDone() {
        return done;
    }
}
