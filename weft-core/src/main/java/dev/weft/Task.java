package dev.weft;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A task in the style of Lea's fork/join framework: subclass it, implement {@link #compute()}, and use
 * {@link #fork()}, {@link #join()} and {@link #invokeAll(Task, Task)} inside a pool. It is also a
 * {@link Future}.
 *
 * <pre>{@code
 * final class Sum extends Task<Long> {
 *     final long[] a; final int lo, hi;
 *     Sum(long[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }
 *     protected Long compute() {
 *         if (hi - lo <= 1024) { long s = 0; for (int i = lo; i < hi; i++) s += a[i]; return s; }
 *         int mid = (lo + hi) >>> 1;
 *         Sum left = new Sum(a, lo, mid);
 *         left.fork();                                   // may run on another worker
 *         long right = new Sum(a, mid, hi).compute();
 *         return left.join() + right;                    // runs left here if nobody took it
 *     }
 * }
 * long total = pool.invoke(new Sum(a, 0, a.length));
 * }</pre>
 *
 * <p>A fork records the task in the calling worker's private pending stack with plain stores: no CAS,
 * no fence. If another worker is hungry, the forking worker hands its oldest pending task over at its
 * next fork; otherwise {@code join()} runs the task on the forking worker. Each task object costs one
 * allocation; for the finest grain use the allocation-free primitive forms of {@link Weft#joinInt}.
 *
 * <p>Errors: {@code join()} throws {@link TaskFailedException} with the original exception as cause;
 * {@code fork()} of a task already forked or submitted throws {@link IllegalStateException}, as does
 * {@code join()} from outside any pool of a task that was never forked or submitted.
 *
 * @param <T> the result type
 */
public abstract class Task<T> extends Job implements Future<T> {
    T result;
    /** Where this task was forked: the owner's stack and slot index (owner-private bookkeeping). */
    private PendingStack stack;
    private int slot = -1;

    /** Creates a task; it runs when forked, invoked or submitted. */
    protected Task() {
    }

    /** The computation. Runs once; may fork and join other tasks. */
    protected abstract T compute();

    /** A task that computes {@code body.get()}. */
    public static <T> Task<T> of(Supplier<T> body) {
        Objects.requireNonNull(body, "body");
        return new SupplierTask<>(body);
    }

    @Override
    void perform() throws Exception {
        result = compute();
    }

    /**
     * Arranges for this task to run, possibly on another worker, and returns it. Outside any pool the
     * task is submitted to {@link WeftPool#common()}.
     *
     * @throws IllegalStateException if this task was already forked, invoked or submitted
     */
    public final Task<T> fork() {
        Worker w = Worker.current();
        if (w == null) {
            WeftPool.common().submitExternal(this);
            return this;
        }
        if (!markForked()) {
            throw new IllegalStateException("task was already forked or submitted: " + this);
        }
        PendingStack p = w.pending;
        stack = p;
        slot = p.pushObject(this, PendingStack.K_JOB);
        if (w.signal() != 0) {
            w.onSignal();
        }
        return this;
    }

    /**
     * Returns the result once the task is done. If the task is still pending on this worker, it runs
     * here; if another worker runs it, this worker helps with other work meanwhile.
     *
     * @throws TaskFailedException if the task threw (the original is the cause)
     * @throws CancellationException if the task was cancelled
     * @throws IllegalStateException from outside any pool, if the task was never forked or submitted
     */
    public final T join() {
        if (!isFinal()) {
            awaitJoin();
        }
        return reportJoin();
    }

    /**
     * Runs this task on the calling worker and returns its result; outside any pool, runs it in
     * {@link WeftPool#common()}.
     *
     * @throws IllegalStateException if this task was already forked, invoked or submitted
     */
    public final T invoke() {
        Worker w = Worker.current();
        if (w == null) {
            return WeftPool.common().invoke(this);
        }
        if (!markForked()) {
            throw new IllegalStateException("task was already forked or submitted: " + this);
        }
        runInline();
        return reportJoin();
    }

    /** Runs both tasks, possibly in parallel, and waits for both; see {@link #invokeAll(Task[])}. */
    public static void invokeAll(Task<?> a, Task<?> b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        invokeAll(List.of(a, b));
    }

    /**
     * Runs all tasks, possibly in parallel, and waits for all of them. If some fail, the first failure
     * (in argument order) is thrown as a {@link TaskFailedException} with the others suppressed.
     */
    public static void invokeAll(Task<?>... tasks) {
        Objects.requireNonNull(tasks, "tasks");
        invokeAll(List.of(tasks));
    }

    /** Collection form of {@link #invokeAll(Task[])}. */
    public static void invokeAll(Collection<? extends Task<?>> tasks) {
        Objects.requireNonNull(tasks, "tasks");
        if (Worker.current() == null) {
            WeftPool.common().run(() -> invokeAll(tasks));
            return;
        }
        Task<?>[] ts = tasks.toArray(new Task<?>[0]);
        for (Task<?> t : ts) {
            Objects.requireNonNull(t, "task");
        }
        if (ts.length == 0) {
            return;
        }
        for (int i = ts.length - 1; i > 0; i--) {
            ts[i].fork();
        }
        Throwable failure = null;
        try {
            ts[0].invoke();
        } catch (Throwable t) {
            failure = t;
        }
        for (int i = 1; i < ts.length; i++) {
            try {
                ts[i].join();
            } catch (Throwable t) {
                failure = TaskFailedException.combine(failure, t);
            }
        }
        if (failure != null) {
            throw TaskFailedException.wrap(failure);
        }
    }

    /** Waits without reporting the outcome; the caller reads it with {@link #reportJoin()}. */
    void awaitJoin() {
        Worker w = Worker.current();
        if (w != null) {
            PendingStack p = w.pending;
            int i = slot;
            if (stack == p && i >= 0 && i < p.top && p.items[i] == this) {
                // Still in this worker's pending stack: run it here (or take it back if published).
                if (p.reclaim(i) == null) {
                    runInline();
                }
                return;
            }
            if (statusPlain() == NEW) {
                throw neverSubmitted();
            }
            w.awaitStolen(this);
            return;
        }
        if (statusPlain() == NEW) {
            throw neverSubmitted();
        }
        quietlyAwait();
    }

    private IllegalStateException neverSubmitted() {
        return new IllegalStateException("task was never forked or submitted: " + this);
    }

    /** Blocks a thread outside the pool until this task is final, ignoring interrupts. */
    void quietlyAwait() {
        boolean interrupted = false;
        while (!isFinal()) {
            try {
                awaitDone(0L, true);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    T reportJoin() {
        if (status() == NORMAL) {
            return result;
        }
        throw joinFailure();
    }

    /**
     * Attempts to cancel: succeeds unless the task already completed. A cancelled task that has not
     * started never runs; one that is running finishes, but its result is discarded.
     */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return tryCancel();
    }

    @Override
    public final boolean isCancelled() {
        return status() == CANCELLED;
    }

    @Override
    public final boolean isDone() {
        return isFinal();
    }

    /** Whether the task completed without an exception or cancellation. */
    public final boolean isCompletedNormally() {
        return status() == NORMAL;
    }

    /** The exception the task threw, or a {@link CancellationException} if cancelled, else null. */
    public final Throwable getException() {
        int s = status();
        return s == FAILED ? failure : s == CANCELLED ? new CancellationException() : null;
    }

    @Override
    public final T get() throws InterruptedException, ExecutionException {
        if (!isFinal()) {
            if (Worker.current() != null) {
                awaitJoin();
            } else {
                if (statusPlain() == NEW) {
                    throw neverSubmitted();
                }
                awaitDone(0L, true);
            }
        }
        return reportGet();
    }

    @Override
    public final T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        if (deadline == 0L) {
            deadline = 1L;
        }
        if (!isFinal() && !awaitDone(deadline, true)) {
            throw new TimeoutException();
        }
        return reportGet();
    }

    private T reportGet() throws ExecutionException {
        int s = status();
        if (s == NORMAL) {
            return result;
        }
        if (s == CANCELLED) {
            throw new CancellationException("task was cancelled");
        }
        throw new ExecutionException(failure);
    }

    @Override
    public String toString() {
        String st = switch (status()) {
            case NEW -> "new";
            case FORKED -> "pending";
            case NORMAL -> "completed";
            case FAILED -> "failed: " + failure;
            default -> "cancelled";
        };
        return getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(this)) + "[" + st + "]";
    }

    static final class SupplierTask<T> extends Task<T> {
        private final Supplier<T> body;

        SupplierTask(Supplier<T> body) {
            this.body = body;
        }

        @Override
        protected T compute() {
            return body.get();
        }
    }

    /** What {@code ExecutorService.submit} creates: a {@link RunnableFuture} over a callable. */
    static final class CallableTask<T> extends Task<T> implements RunnableFuture<T> {
        private final Callable<T> callable;

        CallableTask(Callable<T> callable) {
            this.callable = Objects.requireNonNull(callable, "task");
        }

        @Override
        protected T compute() {
            throw new UnsupportedOperationException(); // perform() calls the callable directly
        }

        @Override
        void perform() throws Exception {
            result = callable.call();
        }

        /** Runs the task on the calling thread, as {@link java.util.concurrent.FutureTask#run()}. */
        @Override
        public void run() {
            if (casForked()) {
                runInline();
            }
        }
    }

    /** What {@code execute(Runnable)} creates: failures go to the uncaught exception handler. */
    static final class ExecuteTask extends Task<Void> {
        private final Runnable command;

        ExecuteTask(Runnable command) {
            this.command = command;
        }

        @Override
        protected Void compute() {
            command.run();
            return null;
        }

        @Override
        void execute() {
            super.execute();
            if (failure != null) {
                Worker w = Worker.current();
                if (w != null) {
                    w.pool.reportUncaught(failure);
                }
            }
        }
    }
}
