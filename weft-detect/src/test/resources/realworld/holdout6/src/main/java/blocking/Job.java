package blocking;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A map/reduce job that can be forked and waited for from anywhere (shaped like a distributed map/reduce task):
 * a waiter blocks through the pool's managed blocking, or, where the pool must not grow, calls block() directly.
 */
public abstract class Job<T> extends RecursiveTask<T> implements ForkJoinPool.ManagedBlocker {
    private static final long serialVersionUID = 1L;

    /** Waits for the result, letting the pool add a worker meanwhile unless told not to. */
    public final T result(boolean managed) {
        try {
            if (managed) {
                ForkJoinPool.managedBlock(this);
            } else {
                block();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return join();
    }

    @Override
    public boolean block() throws InterruptedException {
        while (!isDone()) {
            join();
        }
        return true;
    }

    @Override
    public boolean isReleasable() {
        return isDone();
    }
}
