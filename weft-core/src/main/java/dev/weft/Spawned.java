package dev.weft;

/**
 * A detached fork ({@link WeftPool#spawn}) that was published for a thief. Nobody joins it, and it
 * belongs to no finish scope (an {@code async} inside it throws, as in any task forked outside a
 * finish). Its failure cannot reach a joiner, so it goes to the pool's uncaught exception handler,
 * as an {@code execute}d runnable's does.
 */
final class Spawned extends Job {
    /**
     * Detached forks a worker starts between two of its top-level takes from the inbox, beyond which
     * {@link WeftPool#spawn} goes to the inbox ({@link Worker#detachedRuns}; a pool with small worker
     * stacks uses fewer, {@link WeftPool#maxDetachedNesting}). It bounds the nesting of a chain of spawns
     * on a worker's stack: each level costs the spawned body's frames plus three of the drain, so 1,024
     * levels fit in 1 MiB and far below the default 256 MiB. An inbox hop hands the chain to a parked
     * worker at 2 workers and more, which costs microseconds: every 256 hops it slowed a ping-pong of
     * actors by half, every 1,024 by little.
     */
    static final int MAX_NESTING = 1024;

    final Runnable body;

    Spawned(Runnable body) {
        this.body = body;
    }

    /** Nobody joins a spawned body: one that will not run reports the error to the pool's handler. */
    @Override
    void reportAbandoned(Throwable cause) {
        WeftPool.currentOrCommon().reportInternalError(cause);
    }

    /** Run by a thief, or taken back and run by its owner: a start of a spawned body on this worker. */
    @Override
    void perform() {
        if (Thread.currentThread() instanceof Worker w) {
            w.detachedRuns++;
        }
        try {
            body.run();
        } catch (Throwable t) {
            WeftPool.currentOrCommon().reportUncaught(t);
        }
    }

    /**
     * Runs a spawned body that is still private to {@code w} when the construct it was spawned in
     * drains its slots: here, on the owner's stack, as a frame of its own (a join inside it helps only
     * with its own forks) and outside any finish scope.
     */
    static void runDetached(Worker w, Runnable body) {
        PendingStack p = w.pending;
        int t0 = p.top;
        long frame = w.openFrame(t0, null, Worker.FRAME_JOB | Worker.FRAME_SCOPE);
        w.detachedRuns++;
        try {
            body.run();
        } catch (Throwable t) {
            w.pool.reportUncaught(t);
        } finally {
            try {
                p.drainTo(t0); // the leftovers' spawns run nested here: each counted in detachedRuns
            } finally {
                w.closeFrame(frame, Worker.FRAME_JOB | Worker.FRAME_SCOPE);
            }
        }
    }
}
