package dev.weft;

import java.util.Arrays;
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
 * <p>Tasks may be joined in any order, more than once, and by any task that holds a reference (a
 * sibling, say); a task runs exactly once whoever reaches it first.
 *
 * <p>Errors: {@code join()} throws {@link TaskFailedException} with the original exception as cause
 * ({@code get()} and {@link #getException()} give the original itself); {@code fork()} of a task already
 * forked or submitted throws {@link IllegalStateException}, as does {@code join()} of a task that was
 * never forked or submitted (it could never complete). A task cancelled before it was forked forks as a
 * no-op, and joining it throws {@link CancellationException}.
 *
 * @param <T> the result type
 */
public abstract class Task<T> extends Job implements Future<T> {
    T result;

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
     * task is submitted to {@link WeftPool#common()}. Forking a task that was cancelled before it was
     * forked does nothing; its {@code join()} throws {@link CancellationException}.
     *
     * @throws IllegalStateException if this task was already forked, invoked or submitted
     */
    public final Task<T> fork() {
        Worker w = Worker.current();
        if (w == null) {
            WeftPool.common().submitExternal(this);
            return this;
        }
        // No atomic: a forked task is private to this worker until it is published, and the status does
        // not change (a task stays NEW until it runs). A cancel from another thread meanwhile CASes NEW to
        // CANCELLED, which the run's status check or claim sees, so it never runs. Where it was forked,
        // as publication would record it (Job.forkedOn/forkSlot), marks it as forked: owner-written, read
        // by this worker's joins to find it and, as a racy hint, by others (forker()).
        if (forkedOn != null || statusPlain() != NEW) {
            if (statusPlain() == CANCELLED) {
                return this;
            }
            throw new IllegalStateException("task was already forked or submitted: " + this);
        }
        PendingStack p = w.pending;
        // The push first: if it fails (out of stack or memory), the task does not look forked, and a
        // join reports that instead of waiting for it.
        forkSlot = p.pushObject(this, PendingStack.K_JOB);
        forkedOn = w;
        if (w.signal() != 0) {
            w.onSignal();
        }
        return this;
    }

    /**
     * Returns the result once the task is done. If the task is still pending on this worker, it runs
     * here — whatever was forked after it and is still pending stays pending, so tasks may be joined in
     * any order; if another worker runs it, this worker helps with other work meanwhile.
     *
     * @throws TaskFailedException if the task threw (the original is the cause)
     * @throws CancellationException if the task was cancelled
     * @throws IllegalStateException if the task was never forked or submitted
     */
    public final T join() {
        if (Thread.currentThread() instanceof Worker w && forkedOn == w) {
            // The common case: the task this worker forked last and nobody asked for (the private top of
            // its pending stack, inside the innermost frame). Pop it and run it here, as a call would.
            PendingStack p = w.pending;
            int i = forkSlot;
            if (p.items[i] == this && i >= w.frameFloor() && p.isPrivateTop(i)) {
                return runOwn(w, p, i);
            }
        }
        if (!isFinal()) {
            awaitJoin();
        }
        return reportJoin();
    }

    /**
     * Runs this task, just popped from slot {@code i} of {@code w}'s pending stack where it was the
     * private top, as a frame of its own (a join inside it helps only with its own forks). The slot lies
     * in the innermost frame, so the task runs under the scope it was forked in.
     *
     * <p>No claim: a private slot is touched by its owner only (nobody else can have run it, or be
     * about to), so the only race is with a cancel from another thread, and the completion's CAS settles
     * that: a cancel that lands while the body runs wins and the result is discarded, as for any running
     * task. The status read skips a task cancelled before it started. The one exception is the stall
     * monitor, which may move a task out of a worker that has not polled for a second: the opaque load
     * of {@link PendingStack#noMoves}, after the pop, tells whether such a move may be racing with this
     * pop, and a task it moved is no longer NEW; either sends the task down the claimed path
     * (PROTOCOL.md, "Moving a stalled worker's tasks").
     */
    private T runOwn(Worker w, PendingStack p, int i) {
        // The one construct that opens its frame by hand (Worker.openFrame saves the same jobBase): even
        // folded to these two stores, the pair's bytecode counts against C2's inlining budget in recursive
        // task code, and the fork+join pair measured 4% slower with it.
        int savedJobBase = w.jobBase;
        // The pop, here and not in join: from it on the task is this frame's to settle, and an overflow
        // on the call into this method leaves it in its slot.
        p.top = i;
        p.items[i] = null;
        w.jobBase = i;
        try {
            w.poppedTo(i);
            if (ownedAfterPop(p)) {
                try {
                    result = compute();
                } catch (Throwable t) {
                    failure = t;
                }
                complete(failure == null ? NORMAL : FAILED);
            } else if (!isFinal()) {
                runShared(w, p);
            }
            if (p.top != i) {
                p.drainTo(i);
            }
        } catch (Throwable t) {
            // Only an error in Weft's own frames (compute's failures are recorded above): a stack overflow
            // before the task completed, or after. A call here would overflow again, so push the task
            // back with plain stores, as a drain does, for a drain further up to settle (a no-op if it
            // completed): popped, it is in no other hands, and another joiner would wait forever.
            int s = p.top;
            if (s == p.items.length) {
                p.grow();
            }
            p.items[s] = this;
            p.words[s << PendingStack.SLOT_SHIFT] = PendingStack.K_INTERRUPTED | (long) PendingStack.K_JOB << 8 | (long) i << 32;
            p.interruptedBy = t;
            p.top = s + 1;
            throw t;
        } finally {
            w.jobBase = savedJobBase;
        }
        return reportJoin();
    }

    /**
     * After its owner popped this task from the private top of pending stack {@code p}: whether the
     * owner may run it without a claim — it is still NEW, and no move of the stall monitor can have taken
     * it: {@link PendingStack#noMoves}, read after the pop (PROTOCOL.md, "Moving a stalled worker's tasks").
     */
    boolean ownedAfterPop(PendingStack p) {
        return statusPlain() == NEW && p.noMoves();
    }

    /**
     * The claimed path of {@link #runOwn}: the stall monitor moved this task to the inbox (take it back
     * from there, or wait for the worker that took it), or a move is under way on this worker (claim it
     * like any shared task: whichever of this CAS and the monitor's comes first decides).
     */
    private void runShared(Worker w, PendingStack p) {
        p.acknowledgeMoves();
        if (movedTo(w.pool)) {
            w.awaitJob(this, 0L);
        } else if (!runInline()) {
            w.awaitStolen(this);
        }
    }

    /**
     * Runs this task on the calling worker and returns its result; outside any pool, runs it in
     * {@link WeftPool#common()}.
     *
     * @throws IllegalStateException if this task was already forked, invoked or submitted
     * @throws CancellationException if the task was cancelled before it was invoked
     */
    public final T invoke() {
        Worker w = Worker.current();
        if (w == null) {
            return WeftPool.common().invoke(this);
        }
        if (forkedOn != null || !casForked()) {
            if (statusPlain() == CANCELLED) {
                throw joinFailure();
            }
            throw new IllegalStateException("task was already forked or submitted: " + this);
        }
        w.pending.runTaskInline(this);
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
        Task<?>[] ts = tasks.toArray(new Task<?>[0]);
        for (Task<?> t : ts) {
            Objects.requireNonNull(t, "task"); // before anything runs, and unwrapped, also from outside
        }
        if (Worker.current() == null) {
            WeftPool.common().run(() -> invokeAll(Arrays.asList(ts)));
            return;
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

    @Override
    Worker forker() {
        return forkedOn; // written by the forking worker; a racy hint for waiting joiners
    }

    /** Waits without reporting the outcome; the caller reads it with {@link #reportJoin()}. */
    void awaitJoin() {
        Worker w = Worker.current();
        if (w != null) {
            if (!runIfLocal(w)) {
                if (neverForked()) {
                    throw neverSubmitted();
                }
                w.awaitJob(this, 0L);
            }
            return;
        }
        if (neverForked()) {
            throw neverSubmitted();
        }
        quietlyAwait();
    }

    /**
     * If this task is still in {@code w}'s pending stack, takes it out and runs it here (see
     * {@link PendingStack#removeTask}). Returns false if it is elsewhere: never forked, forked by
     * another worker, published beyond reach, or done.
     */
    private boolean runIfLocal(Worker w) {
        PendingStack p = w.pending;
        int i = forkSlot;
        // forkedOn and forkSlot are written by the forking worker; only that worker can find itself here.
        if (forkedOn != w || i < 0 || i >= p.top || p.items[i] != this) {
            return false;
        }
        p.acknowledgeMoves(); // a slow join: let the fast path see the end of a move again
        int how = p.removeTask(i, this);
        if (how == PendingStack.BEYOND_REACH) {
            return false;
        }
        try {
            p.runRemoved(this, i, how);
        } catch (Throwable t) {
            // Taken out of the stack (or the deque), the task is in this frame's hands until its run
            // settles it: after an error in Weft's frames push it back, as runOwn does (plain stores).
            int s = p.top;
            if (s == p.items.length) {
                p.grow();
            }
            int kind = how == PendingStack.REMOVED_PUBLISHED ? PendingStack.K_TAKEN : PendingStack.K_JOB;
            p.items[s] = this;
            p.words[s << PendingStack.SLOT_SHIFT] = PendingStack.K_INTERRUPTED | (long) kind << 8 | (long) i << 32;
            p.interruptedBy = t;
            p.top = s + 1;
            throw t;
        }
        return true;
    }

    /** Whether this task was never forked, invoked or submitted (it could never complete). */
    private boolean neverForked() {
        return statusPlain() == NEW && forkedOn == null;
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
     * started never runs; one that is running finishes, but its result is discarded. Returns whether
     * the task is now cancelled (by this call or an earlier one), as {@code ForkJoinTask.cancel} does.
     */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return tryCancel() || status() == CANCELLED;
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

    /**
     * The exception the task threw — the original, also when it was a {@link TaskFailedException} from a
     * join inside the task (then the original it carried) — or a {@link CancellationException} if
     * cancelled, else null.
     */
    public final Throwable getException() {
        int s = status();
        return s == FAILED ? originalFailure() : s == CANCELLED ? new CancellationException() : null;
    }

    /**
     * Waits for the result. In a worker this is {@link #join()} with {@code Future}'s exceptions; outside
     * any pool it blocks, honouring interrupts.
     *
     * @throws IllegalStateException outside any pool, if the task was never forked or submitted (it
     *         could never complete); an interrupt is reported first
     */
    @Override
    public final T get() throws InterruptedException, ExecutionException {
        if (!isFinal()) {
            if (Worker.current() != null) {
                awaitJoin();
            } else {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                if (neverForked()) {
                    throw neverSubmitted();
                }
                awaitDone(0L, true);
            }
        }
        return reportGet();
    }

    /**
     * Waits at most {@code timeout} for the result, as {@link java.util.concurrent.FutureTask} does: a
     * completed task reports its outcome; otherwise an interrupt is reported before a timeout. In a worker,
     * a task still pending in the caller's own stack runs here (nobody else could run it), and a task
     * another worker runs is waited for while helping with other work.
     */
    @Override
    public final T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        Objects.requireNonNull(unit, "unit");
        long nanos = unit.toNanos(timeout);
        if (isFinal()) {
            return reportGet();
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        if (nanos <= 0L) {
            throw new TimeoutException();
        }
        long deadline = deadlineAfter(nanos);
        Worker w = Worker.current();
        if (w != null) {
            if (!runIfLocal(w) && !w.awaitJob(this, deadline)) {
                throw new TimeoutException();
            }
        } else if (!awaitDone(deadline, true)) {
            throw new TimeoutException();
        }
        return reportGet();
    }

    /** The {@code System.nanoTime()} deadline {@code nanos} from now; 0 (none) if too far to represent. */
    static long deadlineAfter(long nanos) {
        if (nanos >= Long.MAX_VALUE >>> 1) {
            return 0L; // about 146 years: no deadline, and no overflow
        }
        long d = System.nanoTime() + nanos;
        return d == 0L ? 1L : d;
    }

    private T reportGet() throws ExecutionException {
        int s = status();
        if (s == NORMAL) {
            return result;
        }
        if (s == CANCELLED) {
            throw new CancellationException("task was cancelled");
        }
        throw new ExecutionException(originalFailure());
    }

    @Override
    public String toString() {
        String st = switch (status()) {
            case NEW -> forkedOn != null ? "pending" : "new";
            case FORKED -> "pending";
            case RUNNING -> "running";
            case NORMAL -> "completed";
            case FAILED -> "failed: " + TaskFailedException.describe(failure);
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

    /**
     * A task given to the pool through {@link java.util.concurrent.ExecutorService} methods. As with
     * {@link java.util.concurrent.FutureTask}, {@code cancel(true)} interrupts the thread running it.
     *
     * <p>The interrupt must not outlive the task (it would leak into the next task on that worker).
     * The runner clears {@link #runnerThread} and then reads the status; the canceller CASes the status
     * and then reads {@code runnerThread}. Both are sequentially consistent, so either the canceller
     * sees no runner and interrupts nobody, or the runner sees CANCELLED — then it waits until the
     * canceller has finished ({@link #cancelSettled}) and clears the interrupt it may have delivered.
     */
    abstract static class Submitted<T> extends Task<T> {
        private volatile Thread runnerThread;
        private volatile boolean cancelSettled;

        abstract T body() throws Exception;

        @Override
        protected final T compute() {
            throw new UnsupportedOperationException(); // perform() calls body() directly
        }

        @Override
        void perform() throws Exception {
            runnerThread = Thread.currentThread();
            try {
                result = body();
            } finally {
                runnerThread = null;
                if (statusVolatile() == CANCELLED) {
                    while (!cancelSettled) {
                        Thread.onSpinWait();
                    }
                    Thread.interrupted();
                }
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            if (!tryCancel()) {
                return status() == CANCELLED; // cancelled earlier: nothing more to interrupt
            }
            try {
                if (mayInterruptIfRunning) {
                    Thread t = runnerThread;
                    if (t != null) {
                        t.interrupt();
                    }
                }
            } finally {
                cancelSettled = true;
            }
            return true;
        }
    }

    /** What {@code ExecutorService.submit} creates: a {@link RunnableFuture} over a callable. */
    static final class CallableTask<T> extends Submitted<T> implements RunnableFuture<T> {
        private final Callable<T> callable;

        CallableTask(Callable<T> callable) {
            this.callable = Objects.requireNonNull(callable, "task");
        }

        @Override
        T body() throws Exception {
            return callable.call();
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
    static final class ExecuteTask extends Submitted<Void> {
        final Runnable command;

        ExecuteTask(Runnable command) {
            this.command = command;
        }

        @Override
        Void body() {
            command.run();
            return null;
        }

        @Override
        void execute() {
            super.execute();
            if (failure != null) {
                WeftPool.currentOrCommon().reportUncaught(originalFailure());
            }
        }

        /** Nobody joins an executed runnable: one that will not run reports the error as a failure. */
        @Override
        void reportAbandoned(Throwable cause) {
            WeftPool.currentOrCommon().reportUncaught(cause);
        }
    }

    /** A task of {@code invokeAny}: a submitted callable. */
    static final class AnyTask<T> extends Submitted<T> {
        private final Callable<T> callable;

        AnyTask(Callable<T> callable) {
            this.callable = callable;
        }

        @Override
        T body() throws Exception {
            return callable.call();
        }
    }
}
