package dev.weft;

/**
 * A detached fork ({@link WeftPool#spawn}) that was published for a thief. Nobody joins it, and it
 * belongs to no finish scope (an {@code async} inside it throws, as in any task forked outside a
 * finish). Its failure cannot reach a joiner, so it goes to the pool's uncaught exception handler,
 * as an {@code execute}d runnable's does.
 */
final class Spawned extends Job {
    /**
     * Detached forks nested on one worker's stack beyond which {@link WeftPool#spawn} goes to the
     * inbox ({@link Worker#detachedDepth}). Each level costs the spawned body's frames plus three of
     * the drain; 256 levels stay far below a worker's default stack, while an inbox hop every 256
     * chained spawns costs nothing measurable.
     */
    static final int MAX_NESTING = 256;

    final Runnable body;

    Spawned(Runnable body) {
        this.body = body;
    }

    @Override
    void perform() {
        Worker w = Worker.current();
        if (w != null) {
            w.detachedDepth++;
        }
        try {
            body.run();
        } catch (Throwable t) {
            (w != null ? w.pool : WeftPool.common()).reportUncaught(t);
        } finally {
            if (w != null) {
                w.detachedDepth--;
            }
        }
    }

    /**
     * Runs a spawned body that is still private to {@code w} when the construct it was spawned in
     * drains its slots: here, on the owner's stack, as a frame of its own (a join inside it helps only
     * with its own forks) and outside any finish scope.
     */
    static void runDetached(Worker w, Runnable body) {
        Frame saved = w.scope;
        int savedJobBase = w.jobBase;
        PendingStack p = w.pending;
        int t0 = p.top;
        if (saved != null && saved.finish != null) {
            w.scope = new Frame(null, t0, saved);
        }
        w.jobBase = t0;
        w.detachedDepth++;
        try {
            body.run();
        } catch (Throwable t) {
            w.pool.reportUncaught(t);
        } finally {
            try {
                p.drainTo(t0); // the leftovers' spawns run nested here: hence detachedDepth
            } finally {
                w.detachedDepth--;
                w.scope = saved;
                w.jobBase = savedJobBase;
            }
        }
    }
}
