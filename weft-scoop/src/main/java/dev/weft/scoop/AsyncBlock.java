package dev.weft.scoop;

import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * An asynchronous block over several handlers (or any asynchronous block in the lock-based mode), which
 * waits for its condition without a thread: each attempt is a task of the pool that reserves the handlers
 * as a one-shot client and evaluates the condition; if it is false the attempt ends its block with
 * END_WAKE and a {@link Wake} whose fire — the first of the handlers to end another client's block —
 * spawns the next attempt (PROTOCOL.md "Wait conditions"). The one-handler block of the queue-of-queues
 * mode has a cheaper form, evaluated by its handler ({@link Guard}).
 *
 * <p>Nothing waits for it, so its failures — the body's, its calls' (including those that fail after the
 * attempt, through its retired queues) and a condition's — go to the runtime's failure handler. Closing the
 * runtime abandons it if it is waiting between attempts (reported); {@link #runtimeClosed} and the fire
 * race through {@link Wake#cancel}, so exactly one of them acts.
 */
final class AsyncBlock implements Runnable, Waiter {
    private final Scoop scoop;
    private final Separate<?>[] refs;
    private final Predicate<Reserved<?>[]> when;
    private final Function<Reserved<?>[], ?> body;
    /** The wake left with the handlers by the last attempt whose condition was false. */
    private volatile Wake wake;

    AsyncBlock(Scoop scoop, Separate<?>[] refs, Predicate<Reserved<?>[]> when, Function<Reserved<?>[], ?> body) {
        this.scoop = scoop;
        this.refs = refs;
        this.when = when;
        this.body = body;
    }

    /** One attempt, on a worker of the pool. */
    @Override
    public void run() {
        Client.Context ctx = Client.context();
        Client me = new Client(null);
        Object saved = ctx.enter(me);
        try {
            Wake w = new Wake(this::fired);
            Blocks.runOrLeave(refs, when, body, w, () -> {
                // Published only now, when this attempt leaves with it, and before the block ends with it (before
                // any handler can fire it). Set at the attempt's start, close() could cancel a wake that no handler
                // holds yet: close's scan of parked is weakly consistent, so it may call runtimeClosed on a block
                // that a fire has since taken out of parked and respawned; it then read the running attempt's
                // wake, cancelled it and reported the block, which that attempt went on to run or report again.
                // Now such a late runtimeClosed reads the fired wake (cancel fails) or the wake of an attempt
                // that has left again (the block waits: abandoning it is right).
                wake = w;
                // Registered before the block ends with the wake: Dekker with close().
                scoop.parked.add(this);
                if (scoop.isClosed()) {
                    runtimeClosed();
                }
            });
        } catch (Throwable t) {
            scoop.reportUndelivered(t);
        } finally {
            ctx.leave(saved);
            me.retireAll(); // nobody syncs on these queues again: later failures are reported
        }
    }

    /** A handler fired the wake: another attempt. */
    private void fired() {
        scoop.parked.remove(this);
        try {
            scoop.pool.spawn(this);
        } catch (RejectedExecutionException e) {
            scoop.reportUndelivered(new RejectedExecutionException("an asynchronous block on " + java.util.List.of(refs)
                    + " was abandoned: its pool is shut down", e));
        }
    }

    @Override
    public void runtimeClosed() {
        Wake w = wake;
        if (w != null && w.cancel()) {
            scoop.parked.remove(this);
            scoop.reportUndelivered(new RejectedExecutionException("an asynchronous block on " + java.util.List.of(refs)
                    + " was abandoned: the Scoop runtime closed while its wait condition was false"));
        }
    }
}
