package dev.weft.scoop;

import dev.weft.Weft;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * A SCOOP processor: it owns objects and runs, one at a time and in order, the calls that clients log on
 * them in separate blocks. A handler is not a thread: it runs as a task of its runtime's
 * {@link dev.weft.WeftPool} while it has work, and costs nothing but memory while it has none.
 *
 * <pre>{@code
 * Scoop scoop = Scoop.on(pool);
 * Handler bank = scoop.newHandler();
 * Separate<Account> alice = bank.own(new Account());   // both accounts live on one handler
 * Separate<Account> bob = bank.own(new Account());
 * Scoop.separate(alice, bob, (a, b) -> {                // one reservation of the handler
 *     a.call(x -> x.withdraw(10));
 *     b.call(x -> x.deposit(10));
 * });
 * }</pre>
 *
 * <p>Objects given to {@link #own} belong to the handler from then on: code outside its calls and the
 * queries of a block that reserves it must not touch them.
 */
public final class Handler {
    private static final AtomicLong IDS = new AtomicLong();

    static final int IDLE = 0;
    /** An activation is spawned (or the handler yielded) and no thread runs it yet. */
    static final int PENDING = 1;
    static final int RUNNING = 2;

    /** Items a spawned activation runs before it yields: re-spawning polls the worker's steal requests. */
    static final int BATCH = 256;

    private static final VarHandle STATE;
    private static final VarHandle RESERVING;
    private static final VarHandle PARKED_CLIENT;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(Handler.class, "state", int.class);
            RESERVING = l.findVarHandle(Handler.class, "reserving", int.class);
            PARKED_CLIENT = l.findVarHandle(Handler.class, "parkedClient", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Unique across runtimes: the global order in which blocks reserve several handlers. */
    final long id;
    final Scoop scoop;
    /** The queue of queues (queue-of-queues mode); null in the lock-based mode. */
    final MpscLinkedQueue<PrivateQueue> qoq;
    /** The handler's one queue and the lock its clients hold for a whole block (lock-based mode). */
    final PrivateQueue shared;
    final ReentrantLock blockLock;
    /** This handler as the client of other handlers, for blocks its calls open. */
    final Client asClient;
    private final Runnable activation = this::activate;

    /** IDLE, PENDING or RUNNING; whoever moves it to RUNNING runs the handler (PROTOCOL.md "Activation"). */
    volatile int state;
    /** Spin lock taken, in handler order, while a block enqueues itself on several handlers. */
    private volatile int reserving;
    /**
     * A client that waits for another client's hold to end, parked ({@link #awaitClientRelease}), or null: the
     * runner that lets the handler go next wakes it ({@link #wakeParkedClient}). One at a time; a second
     * waiter spins instead.
     */
    private volatile Thread parkedClient;

    // ---- Owned by the thread running the handler (state RUNNING) ----
    /** The private queue being served, or null between blocks (queue-of-queues mode). */
    private PrivateQueue current;
    /** Suspended guarded blocks and waiting clients; null until the first one. */
    private ArrayDeque<Object> waiters;
    /**
     * Blocks finished; for tests and diagnostics, and read without ordering by a waiting lone call as a sign
     * that the holder is making progress ({@link #awaitClientRelease}).
     */
    private long blocksEnded;
    /** Query round trips served; for tests and diagnostics. */
    private long syncsServed;
    /** Calls run, for {@link Inline}'s sampling. */
    private long callsRun;
    /** Lone calls that waited for another client's hold and then took the handler; for tests. */
    private long loneWaitsWon;
    /**
     * Whether the handler's last taker is a client that took it for a lone call or query (and then may serve
     * what came meanwhile, before it lets go), rather than a spawned activation or another runner whose run
     * may be long. Written by each taker just after its claim (so it is not cleared at a release: a client
     * that takes the handler back at once, as one making calls in a loop does, leaves it set all along), read
     * without ordering by other clients' lone calls: a hint that decides whether they wait a moment or queue
     * ({@link #awaitClientRelease}), never what runs. A stale value costs one short wait or one queued call.
     */
    private boolean clientHeld;
    /**
     * Whether the lone query that holds this handler runs inside another lone call or query of its thread
     * ({@link Blocks#claimForQuery}), which its end puts back. Written and read by that thread while it holds
     * the handler.
     */
    boolean queryInLone;

    Handler(Scoop scoop) {
        this.scoop = scoop;
        this.id = IDS.incrementAndGet();
        this.asClient = new Client(this);
        if (scoop.queueOfQueues) {
            qoq = new MpscLinkedQueue<>();
            shared = null;
            blockLock = null;
        } else {
            qoq = null;
            shared = new PrivateQueue(this, null);
            blockLock = new ReentrantLock();
            current = shared;
        }
    }

    /**
     * Gives {@code object} to this handler and returns the separate reference through which clients
     * reach it. From now on only this handler's calls, and the queries of blocks that reserve it, may
     * touch the object.
     *
     * @throws NullPointerException if {@code object} is null
     * @throws java.util.concurrent.RejectedExecutionException if the runtime is closed
     */
    public <T> Separate<T> own(T object) {
        Objects.requireNonNull(object, "object");
        scoop.checkOpen();
        return new Separate<>(this, object);
    }

    /** The runtime this handler belongs to. */
    public Scoop scoop() {
        return scoop;
    }

    @Override
    public String toString() {
        return "Handler-" + id;
    }

    // ---------------------------------------------------------------------------------------------
    // Activation (PROTOCOL.md "Activation")

    /**
     * Makes sure someone will serve what a client just appended (with a sequentially consistent store):
     * if the handler is idle, it becomes PENDING and is spawned on the calling worker — a detached fork
     * that runs when that worker's enclosing construct drains, or earlier on a thief; from outside the pool,
     * or once the worker's chain of starts reaches weft-core's bound ({@link dev.weft.WeftPool#spawn}), it
     * goes to the pool's inbox.
     *
     * <p>A handler already started needs no spawn, but every {@link Client#POLL_EVERY}th such signal of a
     * worker serves hungry workers' steal requests ({@link Weft#hungry}), as a fork would: the activation that
     * an earlier call of this client spawned may still sit unrun on this worker, and a client logging call
     * after call forks nothing else, so its handler would not run, and its calls would pile up, until the
     * client's code next forked or joined (a worker "has run for 1500 ms in MpscLinkedQueue.offer without a
     * fork, join or poll while other workers wanted work", said the stall monitor). Not at every signal: a
     * worker that stays hungry while this one has nothing to give would cost each call a service attempt.
     */
    void signalWork() {
        if (state == IDLE && STATE.compareAndSet(this, IDLE, PENDING)) {
            try {
                scoop.pool.spawn(activation);
            } catch (RejectedExecutionException | Error e) {
                state = IDLE; // nobody will run it; a later signal may try again
                throw e;
            }
        } else if (Weft.inPool() && (++Client.context().signals & (Client.POLL_EVERY - 1)) == 0) {
            Weft.hungry();
        }
    }

    /**
     * Runs the handler on the calling pool worker if nobody runs it: idle, or PENDING (its spawned
     * activation has not started; it will find the handler taken and do nothing). Returns whether it ran.
     */
    boolean claimAndRun() {
        int s = state;
        if (s != RUNNING && STATE.compareAndSet(this, s, RUNNING)) {
            clientHeld = false;
            runLoop(false);
            return true;
        }
        return false;
    }

    private void activate() {
        if (STATE.compareAndSet(this, PENDING, RUNNING)) {
            clientHeld = false;
            runLoop(true);
        }
    }

    /**
     * Serves items until there are none it may serve, then goes idle. The last step is the idle
     * handshake: store IDLE, then look for items again (both sequentially consistent); a client stores its
     * item and then reads the state. So either this loop sees the item, or the client sees IDLE and
     * activates the handler — no item is left unserved.
     */
    void runLoop(boolean yielding) {
        Client.Context ctx = Client.context();
        Object saved = ctx.enter(asClient);
        try {
            int budget = BATCH;
            for (;;) {
                while (step()) {
                    if (yielding && --budget == 0) {
                        if (yieldActivation()) {
                            return;
                        }
                        budget = BATCH;
                    }
                }
                if (!goIdle()) {
                    return;
                }
            }
        } finally {
            ctx.leave(saved);
        }
    }

    /** Hands the rest of a long run to a fresh activation: the spawn lets the worker serve steal requests. */
    private boolean yieldActivation() {
        clientHeld = false;
        state = PENDING;
        wakeParkedClient();
        try {
            scoop.pool.spawn(activation);
            return true;
        } catch (RejectedExecutionException e) {
            // Cannot re-spawn (pool shut down); keep running, unless a waiting client took over meanwhile.
            return !STATE.compareAndSet(this, PENDING, RUNNING);
        }
    }

    /** Serves one item; false if there is nothing this handler may serve now. */
    private boolean step() {
        PrivateQueue q = current;
        if (q == null) {
            q = qoq.poll();
            if (q == null) {
                return false;
            }
            current = q;
        }
        Object tag = q.poll();
        if (tag == null) {
            return false; // the client's block is open but it has not logged more yet
        }
        Object arg = q.polledArg;
        q.polledArg = null;
        if (tag instanceof Markers.Marker m) {
            switch (m.kind) {
                case Markers.END -> endBlock(q);
                case Markers.SYNC -> {
                    syncsServed++;
                    q.reachSync();
                }
                case Markers.SUSPEND -> suspend((Guard) arg);
                case Markers.END_WAKE -> {
                    endBlock(q);
                    addWaiter(arg);
                }
                default -> throw new AssertionError(m);
            }
        } else if (!q.skipping) {
            @SuppressWarnings("unchecked")
            Consumer<Object> action = (Consumer<Object>) tag;
            boolean timed = Inline.sampled(++callsRun);
            long t0 = timed ? System.nanoTime() : 0L;
            try {
                action.accept(arg);
            } catch (Throwable t) {
                q.recordFailure(t);
            }
            if (timed) {
                Inline.record(action, System.nanoTime() - t0);
            }
        }
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // Lone calls on the client (PROTOCOL.md "Lone calls on the client")

    /**
     * Runs a lone call on the calling thread — a worker of the pool, whose client holds no block — if the
     * handler is idle with nothing queued and no block in progress and the call's class runs on clients
     * ({@link Inline}): the client takes the handler (the state CAS that every runner takes, so nothing else
     * runs it meanwhile and the call sees what earlier runners did), runs the call as the handler, lets
     * waiting conditions see the block's end, and releases it with the idle handshake. Returns false, having
     * run nothing, if the call must go through the queue instead; if the client took the handler and found
     * work queued, it serves that work first. A failed earlier call of the client on this handler, seen after
     * the CAS, also sends the call through the queue, whose reservation reports it.
     *
     * <p>This is the whole per-call cost of a lone call, so it is kept small enough for the JIT to inline
     * into {@link Blocks#call} and from there into the caller's loop: the uncommon cases (a busy or pending
     * handler, work found after the CAS, a timed sample, waiting conditions, work that came while the call
     * ran) are calls out of it.
     *
     * @throws CallFailedException if the call threw (the client is told at once)
     */
    boolean tryLoneCall(Client.Context ctx, Client client, Consumer<Object> action, Object target) {
        Scoop s = scoop;
        if (ctx.pool != s.pool || ctx.loneCall) {
            return false; // not a worker of this runtime's pool; or (never seen) inside a lone call's scope
        }
        Inline.Stats stats = Inline.of(client, action);
        if (!stats.onClient() || s.isClosed() || !claimLone(client.queueIfAny(this))) {
            return false;
        }
        // Runs as this handler's client, storing no reference unless the handler or the call class changed
        // since this thread's last lone call (Client.Context says why). No lone call or query is open on this
        // thread (this client has no handler, and a lone scope's client is its handler's), so takeLone returns
        // false and the end is endLone(null); a lone call's scope has been ruled out above.
        ctx.takeLone(this);
        if (ctx.loneStats != stats) {
            ctx.loneStats = stats;
        }
        ctx.loneCall = true;
        // One count for two things done every POLL_EVERY lone calls of this client: time the call, for Inline,
        // and serve hungry workers. A call queued on an idle handler spawns its activation, and a fork is where
        // a worker serves its thieves; a lone call forks nothing, so a client making many would keep its latent
        // forks from a worker that turned hungry. It is served below, with the handler released; at every call,
        // a worker that stays hungry with nothing to give (a loop's range is not a latent fork) would cost each
        // call a service attempt.
        boolean every = (++client.loneCalls & (Client.POLL_EVERY - 1)) == 0;
        Throwable failure = null;
        try {
            if (every) {
                runTimed(stats, action, target);
            } else {
                action.accept(target);
            }
        } catch (Throwable t) {
            failure = t;
        } finally {
            ctx.endLone(null);
            ctx.loneCall = false;
        }
        blocksEnded++;
        if (waiters != null) {
            afterLoneCall();
        }
        release();
        if (failure != null) {
            throw new CallFailedException(this, failure);
        }
        if (every) {
            Weft.hungry();
        }
        return true;
    }

    /** A sampled lone call: timed for {@link Inline}. */
    private static void runTimed(Inline.Stats stats, Consumer<Object> action, Object target) {
        long t0 = System.nanoTime();
        try {
            action.accept(target);
        } finally {
            stats.sample(System.nanoTime() - t0);
        }
    }

    private void afterLoneCall() {
        if (!waiters.isEmpty()) {
            afterBlock();
        }
    }

    /**
     * Takes the handler for a lone call: true if this thread now runs it with nothing queued and no failed
     * call of {@code mine} (the client's queue, or null) to report. The common case, an idle handler, is one
     * CAS; the rest is {@link #claimLoneSlow}.
     */
    private boolean claimLone(PrivateQueue mine) {
        if (state == IDLE && STATE.compareAndSet(this, IDLE, RUNNING)) {
            clientHeld = true;
            if (current == null && !qoq.hasItem() && (mine == null || !mine.failurePending())) {
                return true;
            }
            return claimLoneSlow(mine, true);
        }
        return claimLoneSlow(mine, false);
    }

    /**
     * {@link #claimLone} past its first try ({@code held}: this thread took the handler and found work or a
     * failure). PENDING is taken too, as a query's helper does: the activation may sit unrun on this very
     * worker (an earlier call of this client queued it), and it does nothing once it finds the handler taken.
     * Reservations that came first are served (then the handler goes idle, or is handed over), as any runner
     * does, and the claim is tried once more.
     */
    private boolean claimLoneSlow(PrivateQueue mine, boolean held) {
        for (int attempt = 0;; attempt++) {
            if (!held) {
                int s = state;
                if (s == RUNNING || !STATE.compareAndSet(this, s, RUNNING)) {
                    if (attempt != 0 || !clientHeld || !awaitClientRelease()) {
                        return false;
                    }
                    loneWaitsWon++; // held now
                }
                clientHeld = true;
            }
            held = false;
            if (current == null && !qoq.hasItem()) {
                if (mine != null && mine.failurePending()) {
                    release(); // an earlier call failed (seen through the CAS): the queued path reports it
                    return false;
                }
                return true;
            }
            runLoop(true);
            if (attempt == 1) {
                return false;
            }
        }
    }

    /**
     * The longest a lone call waits for another client's hold to end while that holder ends no block; then it
     * queues instead. A holder that ends blocks (a run of lone calls) is waited for as long as it does, up to
     * {@link #CLIENT_PATIENCE_NANOS}.
     */
    static final long CLIENT_WAIT_NANOS = 20_000L;
    /**
     * The longest a lone call waits for a holder that keeps ending blocks (then it queues, and the holder's
     * next release or lone query serves it). A bound against starvation: a client that polls the handler with
     * lone queries in a loop, until the waiting call changes what they read, lets it go only in gaps of
     * nanoseconds, and a waiter that takes the handler only when it stays idle finds one of them by chance
     * (within milliseconds in {@code LoneCallTest}, but nothing promises it).
     */
    static final long CLIENT_PATIENCE_NANOS = 1_000_000L;
    /** {@link #CLIENT_PATIENCE_NANOS}, which a test may lengthen (read once per wait, off the fast path). */
    static volatile long clientPatienceNanos = CLIENT_PATIENCE_NANOS;
    /** {@link #CLIENT_WAIT_NANOS}, which a test may lengthen (read once per wait, off the fast path). */
    static volatile long clientWaitNanos = CLIENT_WAIT_NANOS;
    /**
     * Spin-waits before the first look at the state, and between the next three (doubling from the first):
     * with a pause of ~30 ns (AMD EPYC) a waiter looks after ~0.5 µs, ~1.5 µs, ~3.4 µs and ~7.2 µs, and then
     * parks until the holder lets go ({@link #parkUntilReleased}; it spins every {@link #MAX_PAUSE} instead
     * if another waiter is parked). Each look that takes the handler hands it from one client to the other,
     * which moves the lines of the handler and of its object between their cores; looking sooner (1 or 4
     * spin-waits first) took 3 to 10 times the hand-overs and up to twice the time (counter, two workers,
     * 2-core box).
     */
    private static final int FIRST_PAUSE = 16;
    private static final int MAX_PAUSE = 256;
    /**
     * A waiter that finds another one parked for the next release ({@link #parkUntilReleased}) sleeps
     * between looks instead, from this long, doubling to {@link #MAX_NAP_NANOS}: spinning, the third and
     * later clients of a contended handler took the holder's processor time wherever clients outnumber
     * processors (counter at 8 workers on the 2-core box), and its pipeline wherever they share a core.
     */
    private static final long FIRST_NAP_NANOS = 16_000L;
    private static final long MAX_NAP_NANOS = 256_000L;
    /**
     * Spin-waits between seeing the handler idle and looking again before taking it (~120 ns here): a client
     * making lone calls in a loop lets the handler go between two of them for a few nanoseconds only, and
     * takes it back; a holder that is done leaves it idle.
     */
    private static final int CONFIRM_PAUSE = 4;

    /**
     * Waits while another client holds the handler for a lone call or query, and takes it when it is let
     * go; true if this thread now holds it. A lock's waiter waits rather than queue, and so does this one:
     * the holder's call is short (its class was seen to be), and queueing is what made contended lone calls
     * cost 15–20 times a {@code ReentrantLock}. A queued call is a block of its own (~200 ns); while the
     * holder serves it, every further call of both clients finds the handler running and queues too, a
     * convoy that feeds itself. Waiting instead lets the holder go on alone, as a lock's owner does while its
     * waiter parks, and the waiter takes the handler when the holder is done with it rather than between two
     * of its calls: it looks at spaced moments ({@link #FIRST_PAUSE}, {@link #MAX_PAUSE}); a handler it finds
     * idle it looks at again a moment later ({@link #CONFIRM_PAUSE}) and takes it only if it is still idle;
     * if the holder took it back meanwhile (a run of calls), the waiter parks until the holder's next
     * release wakes it. Past a few microseconds it parks rather than spin, as a lock's waiter does, so that
     * a holder in a long run of calls runs as fast as with nobody waiting. Each hand-over costs the line
     * transfers of the handler and its object; taking the handler in the gaps of a holder's run of calls
     * traded it every ~1 µs, ten times as often, and cost about a fifth of the contended call (counter, two
     * workers). A handler whose taker is not a client (an
     * activation, whose run may be long) is not waited for, and a holder that ends no block for {@link
     * #CLIENT_WAIT_NANOS} (preempted, or in a call that is not short after all) is not waited for past that:
     * then the call queues, and the holder's release serves it. A holder that keeps ending blocks is waited
     * for as long as it does, up to {@link #CLIENT_PATIENCE_NANOS}: giving up on it after a fixed 20 µs
     * queued the call into a live run of calls, and the convoy above followed. Nothing here decides what
     * runs or in which order — the CAS does, as for every other taker — so SCOOP's guarantees are
     * those of any lone call. Holding nothing while it waits, the client serves hungry workers' steal
     * requests at each look ({@link Weft#hungry}: one load when nobody is hungry), as its lone calls do
     * every {@link Client#POLL_EVERY}.
     */
    private boolean awaitClientRelease() {
        long deadline = 0L;
        long ended = 0L; // blocksEnded at the last look that moved the deadline
        long patience = 0L; // past this, progress no longer moves the deadline
        long nap = 0L;
        for (int pause = FIRST_PAUSE;; pause = Math.min(pause << 1, MAX_PAUSE)) {
            if (pause < MAX_PAUSE) {
                spinWait(pause);
            } else if (!parkUntilReleased(deadline)) {
                nap = Math.min(nap == 0L ? FIRST_NAP_NANOS : nap << 1, MAX_NAP_NANOS);
                Weft.hungry(); // as parkUntilReleased does before it sleeps
                LockSupport.parkNanos(this, nap); // another waiter is parked for the next release: nap
            }
            int s = state;
            if (s != RUNNING) {
                spinWait(CONFIRM_PAUSE);
                s = state;
                if (s != RUNNING && STATE.compareAndSet(this, s, RUNNING)) {
                    return true;
                }
                pause = MAX_PAUSE; // the holder took it back: a run of calls
            } else if (!clientHeld) {
                return false;
            }
            Weft.hungry(); // a waiting client's latent forks go to a worker that turned hungry meanwhile
            // The bound is on a hold that makes no progress: a holder that ended a block since the last look
            // (a racy read of a runner's counter, a hint as clientHeld is) is alive and letting go between its
            // calls, so the wait goes on, as a lock's waiter's would; one that ended none for the whole bound
            // is preempted or in a long call, and the call queues.
            long now = System.nanoTime();
            long e = blocksEnded;
            if (deadline == 0L) {
                patience = now + Math.max(clientWaitNanos, clientPatienceNanos);
            }
            if (deadline == 0L || e != ended && now - patience < 0L) {
                ended = e; // the first look, or progress within the patience: the bound starts again
                deadline = now + clientWaitNanos;
            } else if (now - deadline > 0L) {
                return false;
            }
        }
    }

    /**
     * Parks this waiting client until the holder lets the handler go (its {@link #goIdle}, {@link #handOff}
     * or {@link #yieldActivation} wakes it) or {@code deadline}; false, having waited not at all, if another
     * client is parked already (this one naps then, {@link #FIRST_NAP_NANOS}). A waiter that spins slows the
     * holder wherever the two share a core's pipeline: on the 2-core development box (two vCPUs that behave
     * as one core's two hardware threads) a thread
     * spinning beside a loop of {@code synchronized} blocks made each block 2–3 times slower, and a waiter
     * that spun through its whole wait made a contended lone call cost up to ~1.3 uncontended ones, where a
     * parked one costs about none (a {@code ReentrantLock}'s waiter parks too, and its owner runs alone).
     *
     * <p>Dekker with the releaser: this thread publishes itself, then reads the state; the releaser stores
     * the state, then reads {@link #parkedClient} (all volatile, so sequentially consistent): either the
     * waiter sees the handler let go and does not park, or the releaser sees the waiter and unparks it (the
     * permit then ends a park that has not begun). The releaser clears the field with a CAS before it
     * unparks, so each registration is woken once; the waiter clears it itself if it wakes otherwise. A
     * release that finds the waiter gone by then leaves it a permit: its next park anywhere returns at once,
     * which every park must allow anyway.
     */
    private boolean parkUntilReleased(long deadline) {
        Thread me = Thread.currentThread();
        if (!PARKED_CLIENT.compareAndSet(this, null, me)) {
            return false;
        }
        if (state == RUNNING && clientHeld) {
            Weft.hungry(); // this worker's latent forks go to a hungry worker before it sleeps
            LockSupport.parkNanos(this, deadline - System.nanoTime());
        }
        PARKED_CLIENT.compareAndSet(this, me, null);
        return true;
    }

    /**
     * A runner let the handler go, or handed it to an activation (a waiter does not wait for that): the parked
     * client, if any, looks again. Called after the state store; one volatile load when nobody is parked.
     */
    private void wakeParkedClient() {
        Thread t = parkedClient;
        if (t != null && PARKED_CLIENT.compareAndSet(this, t, null)) {
            LockSupport.unpark(t);
        }
    }

    private static void spinWait(int pauses) {
        for (int i = 0; i < pauses; i++) {
            Thread.onSpinWait();
        }
    }

    /**
     * The lone-query fast path ({@link Separate#query} and its primitive forms): if the handler is idle with
     * nothing queued and no block in progress, the calling client takes it (the state CAS) and the caller runs
     * its query at once, then calls {@link #releaseAlone}: no SYNC and no round trip, and the query sees what
     * every earlier runner did. Unlike a call, a query is synchronous anyway, so any client may take this
     * path; a pool worker also takes a PENDING handler and serves what is queued first. Returns false, holding
     * nothing, if the query must go through the queue — also when a call of {@code mine} (the client's queue,
     * or null) failed: checked after the CAS, which orders it after every failure an earlier runner recorded,
     * so the failure is thrown by this query's reservation, never skipped (PROTOCOL.md "Failures").
     */
    boolean claimAlone(boolean onWorker, PrivateQueue mine) {
        for (int attempt = 0;; attempt++) {
            int s = state;
            if (s == RUNNING || (s == PENDING && !onWorker) || !STATE.compareAndSet(this, s, RUNNING)) {
                return false;
            }
            clientHeld = true;
            if (current == null && !qoq.hasItem()) {
                if (mine != null && mine.failurePending()) {
                    unclaim(onWorker); // an earlier call failed: the queued path reports it
                    return false;
                }
                return true;
            }
            if (!onWorker) {
                handOff(); // reservations came first and this thread may not run them: start the handler
                return false;
            }
            runLoop(true);
            if (attempt == 1) {
                return false;
            }
        }
    }

    /**
     * Ends a lone query ({@link #claimAlone}): a block that changed nothing, so no wait condition needs
     * another look; the handler goes idle and what came meanwhile is served (by this thread on a worker of
     * the pool, else by a started activation).
     */
    void releaseAlone(boolean onWorker) {
        blocksEnded++;
        unclaim(onWorker);
    }

    /** Gives up a handler taken by {@link #claimAlone}: what came meanwhile is served as {@link #releaseAlone} says. */
    private void unclaim(boolean onWorker) {
        if (goIdle()) {
            if (onWorker) {
                runLoop(true);
            } else {
                handOff();
            }
        }
    }

    /** This thread holds the handler (RUNNING) with work queued that it will not serve: start an activation. */
    private void handOff() {
        clientHeld = false;
        state = PENDING;
        wakeParkedClient(); // a waiter looks now, not at its deadline
        try {
            scoop.pool.spawn(activation);
        } catch (RejectedExecutionException e) {
            state = IDLE; // the pool is shut down: nobody will run it; a later signal may try again
        }
    }

    /** A lone call's runner is done: go idle, and serve what came meanwhile. */
    private void release() {
        if (goIdle()) {
            runLoop(true);
        }
    }

    /**
     * The idle handshake of a runner that is done: store IDLE, then look for items (both sequentially
     * consistent; a client stores its item, then reads the state). Returns true if some came and this thread
     * took the handler back (it must serve them); false if the handler is idle, or someone else took it.
     */
    private boolean goIdle() {
        PrivateQueue cur = current; // read before releasing: another runner may change it after
        state = IDLE;
        boolean more = cur != null ? cur.hasItem() : qoq != null && qoq.hasItem();
        wakeParkedClient(); // reads after the store above: parkUntilReleased's side of the handshake
        return more && STATE.compareAndSet(this, IDLE, RUNNING);
    }

    private void endBlock(PrivateQueue q) {
        q.ended();
        blocksEnded++;
        if (qoq != null) {
            current = null;
        }
        if (waiters != null && !waiters.isEmpty()) {
            afterBlock();
        }
    }

    private void addWaiter(Object w) {
        if (waiters == null) {
            waiters = new ArrayDeque<>();
        }
        waiters.addLast(w);
    }

    /**
     * A guarded block reached the handler (its client found the condition false, or it is an asynchronous
     * block arriving). The handler is idle on its queue: evaluate now; if it holds, resume the block. Else
     * leave the queue — suspending the block, or dropping it if its client gave up the wait, in which case the
     * client puts the queue back in the queue of queues with the block's END (PROTOCOL.md "Wait conditions").
     */
    private void suspend(Guard g) {
        if (g.waiting() && g.evaluate() && g.grant()) {
            resume(g);
            return;
        }
        current = null;
        if (!g.waiting()) {
            return; // given up, before the handler came or during the evaluation
        }
        addWaiter(g);
        if (g.client == null) {
            // An asynchronous block waits without a thread: close() must find it. Dekker with close().
            scoop.parked.add(g);
            if (scoop.isClosed()) {
                g.runtimeClosed();
            }
        }
    }

    /**
     * Another client's block ended, so the state of this handler's objects may have changed: wake every
     * client that re-evaluates its own condition, and resume the oldest suspended block whose condition now
     * holds (one: the handler is then reserved by it). Guards whose clients gave up are dropped.
     */
    private void afterBlock() {
        ArrayDeque<Object> ws = waiters;
        int n = ws.size();
        Guard granted = null;
        for (int i = 0; i < n; i++) {
            Object w = ws.pollFirst();
            if (w instanceof Wake wake) {
                wake.fire();
                continue;
            }
            Guard g = (Guard) w;
            if (!g.waiting()) {
                forget(g);
            } else if (granted == null && current == null && g.evaluate()) {
                if (g.grant()) {
                    granted = g;
                }
                forget(g);
            } else {
                ws.addLast(g);
            }
        }
        if (granted != null) {
            resume(granted);
        }
    }

    private void forget(Guard g) {
        if (g.client == null) {
            scoop.parked.remove(g);
        }
    }

    /** Resumes a granted block: the handler stays idle on its queue until the block ends. */
    private void resume(Guard g) {
        current = g.queue;
        if (g.client != null) {
            LockSupport.unpark(g.client); // the GRANTED CAS published the handler's state and the error
        } else {
            scoop.pool.spawn(() -> Blocks.runGranted(g));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Reservation locks

    /** The spin lock a multi-handler reservation holds while it enqueues (queue-of-queues mode). */
    void lockReservation() {
        for (int spins = 0; !RESERVING.compareAndSet(this, 0, 1); spins++) {
            if (spins < 64) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // the holder only enqueues; it may have been descheduled
            }
        }
    }

    void unlockReservation() {
        RESERVING.setRelease(this, 0);
    }

    /**
     * The lock-based mode's reservation: the handler's lock, held for the whole block. A waiting client
     * spins briefly, then blocks through {@code Weft.blocking} in slices of {@link Waiting#POLL_NANOS}, so
     * that an interrupt ends the wait at once and a close of the runtime within a slice. Returns
     * {@link Waiting#DONE} with the lock held, or why the wait ended early without it.
     */
    int acquireBlockLock(long deadline) {
        ReentrantLock l = blockLock;
        if (l.tryLock()) {
            return Waiting.DONE;
        }
        for (int i = 0; i < Waiting.SPINS; i++) {
            Thread.onSpinWait();
            if (l.tryLock()) {
                return Waiting.DONE;
            }
        }
        Waiting.Parked me = new Waiting.Parked();
        scoop.parked.add(me);
        try {
            return Weft.blocking(() -> {
                for (;;) {
                    if (scoop.isClosed()) {
                        return Waiting.CLOSED;
                    }
                    long slice = Waiting.POLL_NANOS;
                    if (deadline != Waiting.FOREVER) {
                        long left = deadline - System.nanoTime();
                        if (left <= 0L) {
                            return Waiting.TIMED_OUT;
                        }
                        slice = Math.min(slice, left);
                    }
                    try {
                        if (l.tryLock(slice, TimeUnit.NANOSECONDS)) {
                            return Waiting.DONE;
                        }
                    } catch (InterruptedException e) {
                        return Waiting.INTERRUPTED;
                    }
                }
            });
        } finally {
            scoop.parked.remove(me);
        }
    }

    /** Blocks this handler has finished (handler-owned; read by tests once the handler is quiet). */
    long blocksEnded() {
        return blocksEnded;
    }

    /** Lone calls that waited for another client's lone call and then ran (handler-owned; for tests, as above). */
    long loneWaitsWon() {
        return loneWaitsWon;
    }

    /** Query round trips this handler has served (handler-owned; read by tests once the handler is quiet). */
    long syncsServed() {
        return syncsServed;
    }
}
