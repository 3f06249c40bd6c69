package dev.weft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@code finish} scope: {@link Weft#finish(java.util.function.Consumer)} returns only after every
 * {@link Weft#async async} started inside it, directly or transitively, has completed.
 *
 * <p>The handle lets the body cancel the scope (from any thread): asyncs that have not started yet are
 * skipped, running ones finish (they can poll {@link #isCancelled()}), parallel loops and iterators
 * running in the scope, or in scopes nested in it, stop at their next chunk with a
 * {@link java.util.concurrent.CancellationException}, and {@code finish} returns normally unless some
 * async failed otherwise. A scope is thus also the cancellation token of the loops inside it.
 *
 * <pre>{@code
 * Weft.finish(scope -> {
 *     for (Path p : files) {
 *         Weft.async(() -> { if (matches(p)) { found.set(p); scope.cancel(); } });
 *     }
 * });
 * }</pre>
 *
 * <h2>Termination is lazy</h2>
 * A scope whose asyncs all ran on the worker that started them needs no shared counter: that worker
 * runs them before {@code finish} returns. Only when an async (or a task forked in the scope) is
 * published for a thief does the scope start counting, with one atomic increment at publication and one
 * decrement when the job completes (Kumar's thesis, 4.4.1.3). Until then {@link #outstanding} is never
 * touched.
 */
public final class Finish extends Awaited {
    private static final VarHandle OUTSTANDING;
    static {
        try {
            OUTSTANDING = MethodHandles.lookup().findVarHandle(Finish.class, "outstanding", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Published jobs of this scope that have not completed; atomic updates only. */
    @SuppressWarnings("unused")
    private int outstanding;
    private volatile boolean cancelled;
    /** The scope this one was opened in, or null: cancelling it cancels this one too. */
    private final Finish parent;
    /** The thread waiting in {@code finish} for outstanding jobs, if parked. */
    private volatile Thread waiter;
    /** Failures of asyncs; guarded by {@code this}; created on the first failure. */
    private List<Throwable> failures;

    Finish(Finish parent) {
        this.parent = parent;
    }

    /**
     * Cancels the scope: asyncs of this scope that have not started will not run, and parallel loops and
     * iterators running in it, or in a scope nested in it, stop at their next chunk. May be called from
     * any thread.
     */
    public void cancel() {
        cancelled = true;
    }

    /** Whether {@link #cancel()} was called on this scope. */
    public boolean isCancelled() {
        return cancelled;
    }

    /** Whether this scope or one it is nested in was cancelled: what stops a loop inside it. */
    boolean cancelledWithEnclosing() {
        for (Finish f = this; f != null; f = f.parent) {
            if (f.cancelled) {
                return true;
            }
        }
        return false;
    }

    /** Counts a job published from this scope. Called by the publishing owner. */
    void acquire() {
        OUTSTANDING.getAndAdd(this, 1);
    }

    /**
     * Gives back one count ({@link Job#releaseCount}, which settles a counted job once); true if it was
     * the last, and the waiter is to be woken ({@link #wakeWaiter}).
     */
    boolean drop() {
        return (int) OUTSTANDING.getAndAdd(this, -1) == 1;
    }

    /** Wakes the thread waiting for this scope, if any, after the last count was given back. */
    void wakeWaiter() {
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    boolean quiescent() {
        return (int) OUTSTANDING.getVolatile(this) == 0;
    }

    @Override
    boolean isOver() {
        return quiescent();
    }

    /** Own forks inside the waiter's frame, then jobs of this scope wherever they wait. */
    @Override
    Job helpFor(Worker w) {
        Job h = w.ownForkToHelp(this);
        return h != null ? h : w.stealPassFor(this);
    }

    @Override
    Job parkBriefly(Worker w, long nanos) {
        awaitQuiescent(nanos);
        return null;
    }

    /** Parks the scope's owner until the scope is quiescent or {@code nanos} pass. */
    void awaitQuiescent(long nanos) {
        waiter = Thread.currentThread();
        if (!quiescent()) {
            LockSupport.parkNanos(this, nanos);
        }
        waiter = null;
    }

    synchronized void recordFailure(Throwable t) {
        if (failures == null) {
            failures = new ArrayList<>(2);
        }
        failures.add(t);
    }

    /** The scope's failures combined into one (first as cause, others suppressed), or null. */
    synchronized Throwable failure() {
        if (failures == null) {
            return null;
        }
        Throwable all = null;
        for (Throwable t : failures) {
            all = TaskFailedException.combine(all, t);
        }
        return all;
    }
}
