package dev.weft.scoop;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The private queue of one client–handler pair (in the lock-based mode: the one queue of a handler, used
 * by whoever holds its lock). The client appends calls and markers; the handler runs them in order. See
 * PROTOCOL.md ("Private queues", "Queries and sync coalescing", "Failures").
 *
 * <p>Fields are grouped by writer. Client-owned fields are written only by the thread that runs the
 * client's open block (in the lock-based mode, by successive lock holders, ordered by the lock); the
 * handler-owned ones only by the thread running the handler (successive runners are ordered by the
 * handler's state CAS); the shared ones are volatile.
 */
final class PrivateQueue extends SpscChunkQueue {
    private static final VarHandle FAILURE;

    static {
        try {
            FAILURE = MethodHandles.lookup().findVarHandle(PrivateQueue.class, "failure", Failure.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A failed call awaiting delivery: the number of the block it belongs to and what it threw. */
    record Failure(long block, Throwable error) {
    }

    final Handler handler;

    // ---- Client-owned ----
    /** The processor whose blocks use this queue (the lock holder's, in the lock-based mode). */
    Client client;
    /** The thread running the open block; views check it, so the queue keeps a single producer. */
    Thread owner;
    /** Open blocks of {@link #client} on this queue: more than one when blocks on the same handler nest. */
    int depth;
    /** Blocks opened so far; while a block is open, its number. */
    long opened;
    /**
     * Dynamic sync coalescing: the handler has reached this queue's last sync and nothing was logged since,
     * so it is idle on this queue and a query may run on the client at once.
     */
    boolean synced;
    /** Whether a query leaves {@link #synced} set: sync coalescing is on, or the handler is evaluating. */
    boolean keepSynced;

    // ---- Shared ----
    /** The last block the client closed (the failure handshake's client side). */
    volatile long closed;
    /** Set by the handler when it reaches the client's SYNC; reset by the client. */
    volatile boolean syncReached;
    /** A client parked waiting for {@link #syncReached}. */
    volatile Thread syncWaiter;
    /** A call failure not yet delivered; claimed by CAS by exactly one of client and handler. */
    private volatile Failure failure;

    // ---- Handler-owned ----
    /** Blocks of this queue the handler has finished. The block it is processing is {@code handled + 1}. */
    long handled;
    /** A call of the current block failed: the rest of the block is skipped (SCOOP's "dirty" rule). */
    boolean skipping;

    PrivateQueue(Handler handler, Client client) {
        this.handler = handler;
        this.client = client;
        this.keepSynced = handler.scoop.syncCoalescing;
    }

    // ---------------------------------------------------------------------------------------------
    // Client side

    /** Starts an outermost block on this queue for the calling thread. */
    void open() {
        owner = Thread.currentThread();
        opened++;
        depth = 1;
        synced = false; // the handler has not reached this block yet
    }

    /** Logs a call (asynchronous). */
    void logCall(Object action, Object target) {
        offer(action, target);
        synced = false;
        handler.signalWork();
    }

    /**
     * The query's round trip: sends SYNC and waits until the handler has run everything logged before it
     * and is idle on this queue. A pool worker runs the idle (or not yet started) handler itself instead
     * of waiting, so a query never waits for an activation that sits unrun on its own worker. Then throws
     * the first failed call of this block, if any.
     */
    void sync() {
        offer(Markers.SYNC_REQUEST, null);
        Handler h = handler;
        boolean helper = h.scoop.onPoolWorker();
        if (helper) {
            h.claimAndRun();
        } else {
            h.signalWork();
        }
        if (!syncReached) {
            awaitSync(helper);
        }
        syncReached = false;
        synced = true;
        Throwable t = claimFailure(opened);
        if (t != null) {
            throw new CallFailedException(h, t);
        }
    }

    private void awaitSync(boolean helper) {
        Handler h = handler;
        for (int spins = 0; spins < Waiting.SPINS; spins++) {
            if (syncReached) {
                return;
            }
            if (helper && h.claimAndRun()) {
                continue;
            }
            Thread.onSpinWait();
        }
        // The handler runs elsewhere and is not there yet (it may be waiting for an earlier client):
        // park, handing this worker's pending work to others and letting the pool compensate.
        syncWaiter = Thread.currentThread();
        try {
            Waiting.block(() -> {
                boolean interrupted = false;
                while (!syncReached) {
                    LockSupport.park(this);
                    interrupted |= Thread.interrupted();
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            });
        } finally {
            syncWaiter = null;
        }
    }

    /**
     * Closes the open block: records that the client has left it, takes the block's failure if the handler
     * has already recorded one, and appends {@code marker} (END, or END_WAKE with its waiter). Returns the
     * failure taken, or null.
     */
    Throwable close(Object marker, Object arg) {
        long k = opened;
        closed = k;          // volatile: Dekker with recordFailure (see PROTOCOL.md "Failures")
        Throwable t = claimFailure(k);
        depth = 0;
        owner = null;
        offer(marker, arg);
        handler.signalWork();
        return t;
    }

    /** Takes the failure of block {@code k} if it is recorded and nobody took it yet. */
    Throwable claimFailure(long k) {
        Failure f = failure;
        if (f != null && f.block() == k && FAILURE.compareAndSet(this, f, null)) {
            return f.error();
        }
        return null;
    }

    /** Whether a call failure is recorded and not yet taken (tests wait for it to make timing deterministic). */
    boolean failurePending() {
        return failure != null;
    }

    // ---------------------------------------------------------------------------------------------
    // Handler side

    /**
     * A call of block {@code handled + 1} threw. The client takes the failure at its next query in the
     * block or when it closes the block; if it has already closed it (so it may never look again), the
     * handler takes it back and reports it to the runtime's failure handler. Exactly one side wins the CAS.
     */
    void recordFailure(Throwable t) {
        skipping = true;
        long k = handled + 1;
        Failure f = new Failure(k, t);
        failure = f;         // volatile; the slot is empty here (see PROTOCOL.md "Failures")
        if (closed >= k && FAILURE.compareAndSet(this, f, null)) {
            handler.scoop.reportUndelivered(new CallFailedException(handler, t));
        }
    }

    /** The handler reached the client's SYNC: it will not touch the client's objects until the next call. */
    void reachSync() {
        syncReached = true;
        Thread w = syncWaiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    /** The handler finished a block of this queue. */
    void ended() {
        handled++;
        skipping = false;
    }

    @Override
    public String toString() {
        return "PrivateQueue[" + handler + ", opened=" + opened + ", handled=" + handled + "]";
    }
}
