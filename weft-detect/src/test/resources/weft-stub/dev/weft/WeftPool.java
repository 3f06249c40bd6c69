package dev.weft;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** Test stub of WeftPool with the real signatures, running everything on the caller. */
public class WeftPool extends AbstractExecutorService implements AutoCloseable {
    private static final WeftPool COMMON = new WeftPool();

    public WeftPool() {
    }

    public WeftPool(int parallelism) {
    }

    public static WeftPool common() {
        return COMMON;
    }

    public <T> T invoke(Task<T> task) {
        return task.invoke();
    }

    public <T> T invoke(Supplier<T> body) {
        return body.get();
    }

    public void run(Runnable body) {
        body.run();
    }

    public <T> Task<T> submit(Task<T> task) {
        task.join();
        return task;
    }

    @Override
    public void execute(Runnable command) {
        command.run();
    }

    @Override
    public void shutdown() {
    }

    @Override
    public List<Runnable> shutdownNow() {
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return false;
    }

    @Override
    public boolean isTerminated() {
        return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return true;
    }

    @Override
    public void close() {
    }
}
