package org.hydra.util.concurrent.forkjoin;

import java.util.ArrayDeque;

/** The vendored pool, reduced to a lock-protected queue that joiners help with. */
public final class ForkJoinPool {
    private static final ForkJoinPool COMMON = new ForkJoinPool();
    private final ArrayDeque<ForkJoinTask<?>> queue = new ArrayDeque<>();

    static ForkJoinPool common() {
        return COMMON;
    }

    synchronized void push(ForkJoinTask<?> t) {
        queue.push(t);
    }

    boolean helpOne() {
        ForkJoinTask<?> t;
        synchronized (this) {
            t = queue.poll();
        }
        if (t == null) {
            return false;
        }
        t.run();
        return true;
    }

    public <T> T invoke(ForkJoinTask<T> task) {
        return task.invoke();
    }
}
