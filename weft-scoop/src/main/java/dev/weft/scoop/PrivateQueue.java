package dev.weft.scoop;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The private queue of one client–handler pair (in the lock-based mode: the one queue of a handler, used
 * by whoever holds its lock). The client appends calls and markers; the handler runs them in order. See
 * PROTOCOL.md ("Private queues", "Who writes what", "Queries and sync coalescing", "Failures").
 *
 * <p>Every field has one writer, and this class is the only code that writes them: the client's side
 * through {@link #open}, {@link #nest}, {@link #unnest}, {@link #logCall}, {@link #sync}, {@link #afterQuery}, {@link #suspend},
 * {@link #resume}, {@link #close}, {@link #retire}; the handler's through {@link #reachSync},
 * {@link #recordFailure}, {@link #ended}. Client-owned fields are written only by the thread running the
 * client's open block (in the lock-based mode, by successive lock holders, ordered by the lock); the
 * handler-owned ones only by the thread running the handler (successive runners are ordered by the handler's
 * state CAS). While a block is suspended on a wait condition the handler evaluates the condition through the
 * block's view ({@link Reserved#evaluator}), touching none of these fields.
 */
final class PrivateQueue extends SpscChunkQueue {
    private static final VarHandle FAILURES;

    static {
        try {
            FAILURES = MethodHandles.lookup().findVarHandle(PrivateQueue.class, "failures", Failure.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Failed calls not yet delivered, newest first: the block each belongs to and what it threw. */
    record Failure(long block, Throwable error, Failure next) {
    }

    final Handler handler;
    /** Whether a query leaves {@link #synced} set (dynamic sync coalescing). */
    final boolean coalescing;

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
     * Dynamic sync coalescing: the handler has reached this queue's last sync (or granted its wait
     * condition) and nothing was logged since, so it is idle on this queue and a query may run at once.
     */
    boolean synced;
    /** SYNC items appended so far. */
    private long syncsSent;
    /**
     * The client gave up a suspended wait condition: the handler left this queue at its SUSPEND, so the
     * block's END must come with a new entry in the queue of queues.
     */
    private boolean reenter;

    // ---- Shared (volatile), each with one writer ----
    /** The last block the client closed (client; the failure handshake's client side). */
    private volatile long closed;
    /** SYNC items the handler has reached (handler); a query waits until it equals {@link #syncsSent}. */
    private volatile long syncsReached;
    /** A client parked waiting for {@link #syncsReached} (client). */
    private volatile Thread syncWaiter;
    /** The client will never look at this queue again: an asynchronous block's, or one dropped from a cache. */
    private volatile boolean retired;
    /**
     * Failed calls not yet delivered: the handler pushes (CAS), whoever delivers them takes the whole list
     * (getAndSet): the client, or — once the client cannot be told — the handler or {@link Scoop#close}.
     */
    private volatile Failure failures;

    // ---- Handler-owned ----
    /** Blocks of this queue the handler has finished. The block it is processing is {@code handled + 1}. */
    long handled;
    /** A call of the current block failed: the rest of the block is skipped (SCOOP's "dirty" rule). */
    boolean skipping;

    PrivateQueue(Handler handler, Client client) {
        this.handler = handler;
        this.client = client;
        this.coalescing = handler.scoop.syncCoalescing;
    }

    // ---------------------------------------------------------------------------------------------
    // Client side

    /** Starts an outermost block of {@code c} on this queue for the calling thread. */
    void open(Client c) {
        client = c;
        owner = Thread.currentThread();
        opened++;
        depth = 1;
        synced = false; // the handler has not reached this block yet
    }

    /** A block nested in an open block of the same client on this handler joins it. */
    void nest() {
        depth++;
    }

    /** A nested block ends: the enclosing block goes on. */
    void unnest() {
        depth--;
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
     * the failed calls not yet delivered, if any.
     *
     * @throws WaitInterruptedException, RejectedExecutionException or {@link Waiting.TimedOut} if the wait
     *     ends early ({@link Waiting#cut}); the SYNC stays in the queue and the handler passes it later
     */
    void sync(long deadline) {
        long target = ++syncsSent;
        offer(Markers.SYNC_REQUEST, null);
        Handler h = handler;
        boolean helper = h.scoop.onPoolWorker();
        if (helper) {
            h.claimAndRun();
        } else {
            h.signalWork();
        }
        if (syncsReached != target) {
            int outcome = awaitSync(target, helper, deadline);
            if (outcome != Waiting.DONE) {
                throw Waiting.cut(outcome, "a query on " + h);
            }
        }
        synced = true;
        CallFailedException t = takeFailures();
        if (t != null) {
            throw t;
        }
    }

    private int awaitSync(long target, boolean helper, long deadline) {
        Handler h = handler;
        for (int spins = 0; spins < Waiting.SPINS; spins++) {
            if (syncsReached == target) {
                return Waiting.DONE;
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
            return Waiting.await(h.scoop, this, deadline, () -> syncsReached == target);
        } finally {
            syncWaiter = null;
        }
    }

    /** After a query on the client: without coalescing, the next query makes its own round trip. */
    void afterQuery() {
        if (!coalescing) {
            synced = false;
        }
    }

    /**
     * Hands a wait condition to the handler (SUSPEND): from here until the handler grants or the client
     * cancels the {@link Guard}, the handler may evaluate the condition through the block's view.
     * {@link #synced} is cleared before the offer, never after: once the marker is in the queue the handler
     * may reach it at once, and nothing of the client's may change under it.
     */
    void suspend(Guard g) {
        synced = false;
        offer(Markers.SUSPEND_BLOCK, g);
        handler.signalWork();
    }

    /**
     * The client gave up the wait of a {@link #suspend}ed block (its {@link Guard#cancel} won). Whether or not
     * the handler has reached the SUSPEND yet, it leaves this queue there without granting, so {@link #close}
     * puts the queue back in the queue of queues with the END.
     */
    void abandonWait() {
        reenter = true;
    }

    /** The handler granted this queue's suspended block: it is idle on this queue until the client logs more. */
    void resume() {
        synced = true;
    }

    /**
     * The thread that runs a granted asynchronous block takes the queue over as its client {@code c}: the
     * hand-off from the thread that opened the block is the handler's GRANTED CAS and the start of the task.
     */
    void takeOver(Client c) {
        client = c;
        owner = Thread.currentThread();
        synced = true;
    }

    /**
     * Closes the open block: records that the client has left it, takes the failures the handler has
     * already recorded, and appends {@code marker} (END, or END_WAKE with its waiter). Returns the failures
     * taken (the oldest, the others suppressed), or null.
     */
    CallFailedException close(Object marker, Object arg) {
        closed = opened;     // volatile: Dekker with recordFailure (see PROTOCOL.md "Failures")
        CallFailedException t = takeFailures();
        depth = 0;
        owner = null;
        offer(marker, arg);
        if (reenter) {
            reenter = false;
            handler.qoq.offer(this); // one entry per block: the SUSPEND's was used up (see abandonWait)
        }
        handler.signalWork();
        return t;
    }

    /**
     * The client will not use this queue again (an asynchronous block's queue after its end, a queue its
     * client's cache drops, every queue at {@link Scoop#close}): failures still to come go to the runtime's
     * failure handler, and so do those already recorded, each on its own.
     */
    void retire() {
        retired = true;      // volatile: Dekker with recordFailure, as closed is
        reportEach(takeAll());
    }

    /** Whether a failed call waits to be delivered (a lone call checks it before it runs on the client). */
    boolean failurePending() {
        return failures != null;
    }

    /**
     * Takes every failed call recorded so far (any thread may; exactly one taker gets each), as one
     * {@link CallFailedException} per call: the oldest, with the others suppressed. In the lock-based mode
     * the queue is shared, so failures of an earlier holder's block, which that client can no longer be told
     * of, go to the failure handler instead.
     */
    CallFailedException takeFailures() {
        Failure f = takeAll();
        if (f == null) {
            return null;
        }
        java.util.ArrayDeque<CallFailedException> oldestFirst = new java.util.ArrayDeque<>();
        for (Failure x = f; x != null; x = x.next()) { // newest first
            CallFailedException e = new CallFailedException(handler, x.error());
            if (!handler.scoop.queueOfQueues && x.block() != opened) {
                handler.scoop.reportUndelivered(e);
            } else {
                oldestFirst.addFirst(e);
            }
        }
        CallFailedException out = oldestFirst.pollFirst();
        for (CallFailedException e : oldestFirst) {
            out.addSuppressed(e);
        }
        return out;
    }

    private Failure takeAll() {
        if (failures == null) {
            return null;
        }
        Failure f = (Failure) FAILURES.getAndSet(this, (Failure) null);
        if (f != null) {
            handler.scoop.undelivered.remove(this); // after the take: a stale entry is harmless, a missing one not
        }
        return f;
    }

    private void reportEach(Failure f) {
        java.util.ArrayDeque<Failure> oldestFirst = new java.util.ArrayDeque<>();
        for (Failure x = f; x != null; x = x.next()) {
            oldestFirst.addFirst(x);
        }
        for (Failure x : oldestFirst) {
            handler.scoop.reportUndelivered(new CallFailedException(handler, x.error()));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Handler side

    /**
     * A call of block {@code handled + 1} threw. The client takes the failure at its next sync, the end of
     * the block, or (queue-of-queues mode) its next reservation of this handler, even if it had already left
     * the block: SCOOP's dirty handler. Only a client that can no longer be told — an asynchronous block that
     * ended, a queue dropped from its client's cache, a closed runtime, an earlier lock holder in the
     * lock-based mode — leaves it to the runtime's failure handler. Dekker with {@link #close}, {@link #retire}
     * and {@link Scoop#close}: each side writes its flag, then looks at the other's.
     */
    void recordFailure(Throwable t) {
        skipping = true;
        long k = handled + 1;
        for (;;) {
            Failure old = failures;
            if (FAILURES.compareAndSet(this, old, new Failure(k, t, old))) {
                break;
            }
        }
        if (closed < k) {
            return; // the client is still in the block: it takes the failure at its next sync or at the end
        }
        Scoop scoop = handler.scoop;
        if (scoop.queueOfQueues) {
            scoop.undelivered.add(this); // before the checks: Scoop.close() flushes this set after it closes
        }
        if (!scoop.queueOfQueues || retired || scoop.isClosed()) {
            reportEach(takeAll());
        }
    }

    /** The handler reached the client's SYNC: it will not touch the client's objects until the next call. */
    void reachSync() {
        syncsReached = syncsReached + 1; // handler-owned: a plain read of its own last write
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
