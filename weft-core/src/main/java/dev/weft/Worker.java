package dev.weft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A worker thread of a {@link WeftPool}: it runs jobs, keeps its latent forks in its private
 * {@link PendingStack}, publishes the oldest of them when somebody is hungry, steals from other
 * workers' {@link PublishedDeque}s when it has nothing to do, and parks when there is nothing to steal.
 *
 * <p>The protocols this class takes part in — polling the signal cell, publication, stealing, helping
 * while a join waits, and the sleep/wake handshake — are described in PROTOCOL.md; the names used in
 * comments here ("poll", "publication", "sleep") refer to its sections, and the standing request, the last
 * searcher and the merged request are rules of its "Sleep" section.
 */
final class Worker extends WorkerPadding2 {
    /** Signal bit: a searching or parked worker wants work. */
    static final int HUNGRY = 1;
    /** Signal bit: a joiner waits for a job this worker runs; publish something so it can help. */
    static final int HELP = 2;
    /** Signal bit: a GC happened; renew the pending stack's reference array (see {@link GcListener}). */
    static final int RENEW = 4;

    static final int RUNNING = 0;
    static final int SEARCHING = 1;
    static final int PARKED = 2;
    static final int BLOCKED = 3;

    /**
     * A waiting joiner with nothing to help with spins at least this many times and this long before it
     * parks for a while: a stolen half often completes within microseconds, and waking a parked thread
     * costs tens of microseconds on a virtual machine.
     */
    private static final int JOIN_SPINS = 128;
    private static final long JOIN_SPIN_NANOS = 50_000L;
    private static final long JOIN_PARK_NANOS = 50_000L;
    /** Most published jobs a worker keeps waiting for thieves; see {@link #onSignal}. */
    static final int PUBLISHED_LIMIT = 8;
    /** Nesting bound for helping inside a join, so that helping cannot grow the stack without limit. */
    private static final int MAX_HELP_DEPTH = 32;

    private static final VarHandle SIGNAL;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            SIGNAL = l.findVarHandle(WorkerSignal.class, "signal", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final WeftPool pool;
    final int index;
    /** This worker's {@link WorkerLocal} values by slot; read and written by this thread only. */
    Object[] locals = NO_LOCALS;
    private static final Object[] NO_LOCALS = new Object[0];
    /** A temporary worker added while another worker blocks; it exits instead of parking. */
    final boolean spare;
    /**
     * How many of Weft's own waits with nothing to help with (a join, a finish, {@code invokeAny}) this
     * worker is in; owner-written, read racily by the {@link StallMonitor}, for which such a wait is not
     * a stall but may leave the pool with nobody to run queued work.
     */
    int weftWaits;
    /**
     * The job or scope the innermost join wait of this worker is for: a hint for joiners that
     * leapfrog through this worker (see {@link #leapfrog}), and for diagnostics. Owner-written.
     */
    volatile Awaited awaiting;
    /**
     * The height of the pending stack when this worker started the innermost job it runs
     * ({@link #runJob}); its published forks from here up are that job's descendants.
     */
    int jobBase;
    /**
     * How many {@link Weft#pauseStealing} regions this worker is inside. Owner-only. See PROTOCOL.md,
     * "paused stealing".
     */
    int pauseDepth;
    /**
     * How many detached forks ({@link Spawned}) this worker has started since it last took a job from the
     * inbox in its top-level loop (PROTOCOL.md, "Detached forks"). {@link WeftPool#spawn} sends a spawn
     * to the inbox once this reaches {@link WeftPool#maxDetachedNesting}. A chain of spawns — each body
     * spawning the next, as actors and SCOOP handlers do per message — runs one level deeper per hop,
     * since each spawned body drains its leftovers in its own frame; every level is one start, and the
     * count is reset only with an empty stack, so it bounds the nesting. It also makes a worker that keeps
     * running spawned chains (a ping-pong, a ring, a receiver re-spawning itself) go through the inbox,
     * first in first out behind the submissions already there, at least every so many starts. Owner-only.
     */
    int detachedRuns;
    /**
     * The pending stack's height when the outermost paused region began (lowered by {@link #poppedTo}),
     * {@link #NOT_PAUSED} outside one: slots at or above it are never published
     * ({@link PendingStack#publishOldest}). Owner-only.
     */
    int pauseBase = NOT_PAUSED;
    static final int NOT_PAUSED = Integer.MAX_VALUE;
    /** The stall monitor's record of this worker; monitor-owned. */
    final StallMonitor.Watch watch = new StallMonitor.Watch();
    /** A core worker in excess after a keep-alive race ({@link Workforce#untrim}); exits when idle. */
    boolean surplus;
    /** A spare that has left the count of live spares ({@link Workforce#retireSpare}); owner-written. */
    boolean retired;
    final PendingStack pending = new PendingStack(this);
    final PublishedDeque deque = new PublishedDeque();
    /** Innermost finish scope frame of the code this worker runs; see {@link Frame}. */
    Frame scope;
    /**
     * The innermost job this worker took from elsewhere and runs ({@link #runJob}), or null: what a loop
     * started now checks for {@code Task.cancel} ({@link Cancellation}). Set only on the shared path, so
     * private forks cost nothing. Owner-only.
     */
    Job running;
    volatile int state = RUNNING;
    /** This worker's half of the idle protocol: searching, parking, leaving (PROTOCOL.md, "Sleep"). */
    final Idle idle = new Idle(this);
    private int helpDepth;
    private int seed;

    // Counters, written by this worker only and read racily by stats snapshots; named as
    // PoolStats.WorkerStats names them. The fork count is the one kept elsewhere: PendingStack.forks sits
    // beside the fields every fork writes anyway.
    long published;
    /** Loop halves split off for thieves (counted as forks in the stats). */
    long forksSplit;
    long reclaimed;
    long steals;
    long stealAttempts;
    long failedSteals;
    long submissionsRun;
    long idleNanos;
    /** Start of the current top-level idle period, 0 while running; read by stats snapshots. */
    volatile long idleSince;
    long servingNanos;
    long blockedNanos;
    long hungerSignals;
    /**
     * Parks: of this worker's waits (join, finish) and of its idle loop, each with the count of those
     * entered with the thread's interrupt flag set — such a park returns at once, so a waiter or an idle
     * worker that keeps doing that spins. Not in the stats: tests read them to measure spinning by count,
     * not by CPU share. Incremented only next to a park, never on the fork/join path.
     */
    long waitParks;
    long waitParksInterrupted;
    long idleParks;
    long idleParksInterrupted;

    /** Jobs this worker took from elsewhere to run (stolen, submitted, taken back): a sign of progress. */
    long jobsTaken() {
        return steals + submissionsRun + reclaimed;
    }

    /**
     * A count that moves whenever this worker forks, publishes (it polled while somebody was hungry) or
     * takes a job: the stall monitor's sign of life. Racy reads of owner-written counters.
     */
    long progress() {
        return pending.forks + forksSplit + published + jobsTaken();
    }

    /** Private slots this worker could publish: those below a paused region. Racy outside the owner. */
    int publishableCount() {
        PendingStack p = pending;
        return Math.min(p.top, pauseBase) - p.base;
    }

    /** This worker's counters now; idle time includes the idle period in progress. */
    PoolStats.WorkerStats counters(long now, long epoch) {
        long forked = pending.forks + forksSplit;
        long run = forked - published + reclaimed + steals + submissionsRun;
        long since = idleSince;
        long idle = idleNanos + (since != 0 ? Math.max(0L, now - Math.max(since, epoch)) : 0L);
        return new PoolStats.WorkerStats(index, spare, forked, run, steals, submissionsRun, stealAttempts,
                failedSteals, published, reclaimed, hungerSignals, idle, servingNanos, blockedNanos);
    }

    /** Zeroes the counters (racy with the owner's increments: see {@link WeftPool#resetStats()}). */
    void resetCounters() {
        pending.forks = 0;
        forksSplit = 0;
        published = 0;
        reclaimed = 0;
        steals = 0;
        submissionsRun = 0;
        stealAttempts = 0;
        failedSteals = 0;
        hungerSignals = 0;
        idleNanos = 0;
        servingNanos = 0;
        blockedNanos = 0;
    }

    Worker(WeftPool pool, int index, boolean spare, String name, long stackSize) {
        super(null, name, stackSize);
        this.pool = pool;
        this.index = index;
        this.spare = spare;
        this.seed = 0x9E3779B9 * (index + 1) | 1;
        setDaemon(pool.daemon);
        if (pool.handler != null) {
            setUncaughtExceptionHandler(pool.handler);
        }
    }

    /** The current thread as a worker of any pool, or null. */
    static Worker current() {
        return Thread.currentThread() instanceof Worker w ? w : null;
    }

    /** The poll: one opaque load of this worker's own signal cell. Call only on the owner thread. */
    int signal() {
        return (int) SIGNAL.getOpaque(this);
    }

    int nextRandom(int bound) {
        int x = seed;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        seed = x;
        return (x & 0x7fffffff) % bound;
    }

    // ---------------------------------------------------------------------------------------------
    // Signals (PROTOCOL.md, "poll" and "publication")

    // The setters OR their bit in: a single CAS could fail on a concurrent change of another bit and
    // lose the request (PROTOCOL.md, "Sleep": the merged request).

    /** Called by a thief: ask this worker to publish work at its next poll. */
    void signalHungry() {
        if ((signal & HUNGRY) == 0) {
            SIGNAL.getAndBitwiseOr(this, HUNGRY);
        }
    }

    /** Called after a garbage collection; see {@link GcListener}. */
    void requestRenewal() {
        if ((signal & RENEW) == 0) {
            SIGNAL.getAndBitwiseOr(this, RENEW);
        }
    }

    /** Called by a joiner waiting for a job this worker runs. */
    void requestHelp() {
        if ((signal & HELP) == 0) {
            SIGNAL.getAndBitwiseOr(this, HELP);
        }
    }

    /**
     * The slow part of a poll, run by the owner when its signal cell is non-zero.
     *
     * <p>Publication follows demand (PROTOCOL.md, "publication"): while idle workers exist (searching or
     * parked), the owner publishes its oldest private slot until its published deque holds one job per
     * idle worker (at most {@link #PUBLISHED_LIMIT}); HUNGRY stays set until then, so consecutive forks
     * keep publishing — this is what hands out a burst of coarse forks (say {@code invokeAll} of eight
     * tasks) before the owner disappears into a long leaf. When published jobs outnumber the searchers,
     * a parked worker is woken to take one. A stale request (nobody idle any more) is just cleared.
     */
    void onSignal() {
        Sleep sleep = pool.sleep;
        for (;;) {
            int sig = signal;
            if (sig == 0) {
                return;
            }
            if ((sig & RENEW) != 0) {
                if (SIGNAL.compareAndSet(this, sig, sig & ~RENEW)) {
                    pending.renew();
                }
                continue;
            }
            int idle = sleep.hungry();
            int demand = (sig & HUNGRY) != 0 ? Math.min(PUBLISHED_LIMIT, idle) : 0;
            if ((sig & HELP) != 0 && demand < 1) {
                demand = 1;
            }
            if (deque.size() >= demand) {
                // Enough is waiting for thieves (or nobody wants more): drop the request; a thief that
                // still finds nothing will ask again.
                if (SIGNAL.compareAndSet(this, sig, 0)) {
                    if (demandUnmetAfterClear(sleep)) {
                        continue;
                    }
                    return;
                }
                continue;
            }
            long t0 = System.nanoTime();
            boolean published1 = pending.publishOldest();
            servingNanos += System.nanoTime() - t0;
            if (!published1) {
                return; // nothing private yet: keep the request for the next poll
            }
            afterDirectPublication();
            int keep = deque.size() < demand ? (sig & HUNGRY) : 0;
            if (SIGNAL.compareAndSet(this, sig, keep)) {
                if (keep == 0 && demandUnmetAfterClear(sleep)) {
                    continue;
                }
                return;
            }
        }
    }

    /**
     * After a CAS that cleared HUNGRY on a demand read before it: re-reads the demand and, if it is
     * unmet, re-arms HUNGRY and returns true. A thief may have emptied the deque and asked again in
     * between (a no-op, the bit was still set) and then parked (PROTOCOL.md, "Sleep": the merged request);
     * the fence orders the clear before the reads of the counters the parker updated before it asked.
     */
    private boolean demandUnmetAfterClear(Sleep sleep) {
        VarHandle.fullFence();
        if (deque.size() < Math.min(PUBLISHED_LIMIT, sleep.hungry())) {
            signalHungry();
            return true;
        }
        return false;
    }

    /**
     * After making work visible: wakes a parked worker if published jobs now outnumber the searchers.
     * The fence orders the publication before the reads of the sleep counters (Dekker with a parking
     * worker, which counts itself parked and then rescans the deques: PROTOCOL.md, "sleep").
     */
    void afterDirectPublication() {
        VarHandle.fullFence();
        Sleep sleep = pool.sleep;
        if ((sleep.parked() > 0 || pool.workforce.missingWorkers > 0) && deque.size() > sleep.searching()) {
            pool.workforce.wakeOne();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Paused stealing (PROTOCOL.md, "paused stealing")

    void pauseStealing() {
        if (pauseDepth++ == 0) {
            pauseBase = pending.top;
        }
    }

    void resumeStealing() {
        int d = pauseDepth;
        if (d <= 0) {
            throw new IllegalStateException("Weft.resumeStealing() without a matching pauseStealing() on this worker");
        }
        pauseDepth = d - 1;
        if (d == 1) {
            endPause();
            // Requests that arrived while paused found nothing to publish and are still set: serve them
            // now rather than at the next fork, which may be far away.
            if (signal() != 0) {
                onSignal();
            }
        }
    }

    /**
     * A join of a task popped the pending stack to {@code slot}. Only a task join can pop below a paused
     * region's base (every other construct pops what it pushed itself, inside the region): forks the
     * region makes from here on reuse those slots and must stay private too.
     */
    void poppedTo(int slot) {
        if (pauseDepth > 0 && slot < pauseBase) {
            pauseBase = slot;
        }
    }

    private void endPause() {
        pauseDepth = 0;
        pauseBase = NOT_PAUSED;
    }

    /**
     * After a top-level job: a task that paused stealing and never resumed it would keep this worker's
     * forks from thieves for good. Resume, and report the misuse to the pool's handler.
     */
    private void checkPauseBalanced() {
        if (pauseDepth != 0) {
            endPause();
            pool.reportUncaught(new IllegalStateException(
                    "a task returned with stealing paused (Weft.pauseStealing() without resumeStealing()); resumed"));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Running jobs

    @Override
    public void run() {
        boolean orderly = false;
        try {
            for (;;) {
                Job j;
                try {
                    j = idle.acquire();
                } catch (Throwable t) {
                    // Out of memory while searching, most likely: report and keep serving.
                    pool.reportInternalError(t);
                    continue;
                }
                if (j == null) {
                    orderly = true;
                    return;
                }
                state = RUNNING;
                // A task may have left the interrupt flag set; it must not leak into this one (as in
                // ForkJoinPool). After shutdownNow the flag stays: it asks running tasks to stop.
                if (!pool.isStopping()) {
                    Thread.interrupted();
                }
                try {
                    runJob(j);
                    checkPauseBalanced();
                } catch (Throwable t) {
                    // Nothing of the job's own gets here (runJob settles what it ran); an error in the
                    // bookkeeping around it (out of memory before the run began) must neither lose the job
                    // nor end the worker: settle it (a no-op if it ran), report, and keep serving.
                    try {
                        pending.resetTo(0, t); // anything pushed back on the way settles too
                        j.abandon(t);
                        j.releaseCount();
                    } finally {
                        pool.reportInternalError(t);
                    }
                }
            }
        } finally {
            // A worker that leaves any other way (an error even the reports above could not survive) is
            // replaced, so that queued work still runs (Workforce.onWorkerExit).
            pool.workforce.onWorkerExit(this, orderly);
        }
    }

    /**
     * Runs a job this worker took from elsewhere (stolen, from the inbox, or while helping): under the
     * job's finish scope; then drains what the job left pending; then completes it and settles the scope's
     * count, in that order (PROTOCOL.md, "finish").
     */
    void runJob(Job j) {
        PendingStack p = pending;
        int t0 = p.top;
        Job.Shared sh = j.shared(); // already there for any job that was published
        sh.frameBase = t0;
        sh.runner = this; // volatile: publishes frameBase to helping joiners
        Finish f = sh.scope;
        // A job without a scope gets a frame without one, so that its asyncs do not join whatever finish
        // this worker happens to be inside (it may be helping from one).
        long frame = openFrame(t0, f, FRAME_JOB | FRAME_SCOPE);
        Job outerJob = running;
        running = j;
        // The context its publisher or submitter captured, if the pool carries any: this worker's own is
        // put back afterwards (a helping joiner's, or at top level none), also if the job failed.
        Object[] ctx = sh.context;
        Object[] ownCtx = null;
        try {
            if (ctx != null) {
                ownCtx = pool.contexts.enter(ctx); // a carrier that throws fails the job (catch below)
            }
            // Drain what the job left pending *before* completing it: a joiner (or a finish) that sees
            // the job done must not miss asyncs it spawned that are still private to this worker.
            if (j.claim()) {
                if (ctx != null && pool.contexts.binds()) {
                    // Context that can only be bound around a call (a ScopedValue) encloses the body and
                    // the drain of its leftover forks, which run in its context too.
                    pool.contexts.runBound(ctx, () -> {
                        j.execute();
                        p.drainTo(t0);
                    });
                } else {
                    j.execute();
                    p.drainTo(t0);
                }
                j.complete(j.failure == null ? Job.NORMAL : Job.FAILED);
            } else if (!j.isFinal()) {
                // Claimed elsewhere (a task that was also taken by another path): its
                // scope count is settled below, so wait until it is really done.
                awaitStolen(j);
            }
        } catch (Throwable t) {
            // Only an error outside the job's body gets here (its own failures are recorded by
            // runInline): an OutOfMemoryError or StackOverflowError in Weft's bookkeeping. Restore the
            // stack and make sure the job completes, so that nobody waits for it forever.
            p.resetTo(t0, t); // the private forks above t0 fail with t: none is lost
            if (!j.abandon(t)) {
                pool.reportInternalError(t); // j itself completed: the error belongs to nobody else
            }
        } finally {
            running = outerJob;
            closeFrame(frame, FRAME_JOB | FRAME_SCOPE);
            if (ownCtx != null) {
                pool.contexts.restore(ownCtx);
            }
        }
        j.releaseCount();
    }

    // ---------------------------------------------------------------------------------------------
    // Frames: what a construct that runs code on this worker saves and restores

    /** {@link #openFrame}: a job or task runs; joins inside it help only with its own forks ({@link #jobBase}). */
    static final int FRAME_JOB = 1;
    /** {@link #openFrame}: the code runs under a given finish scope (or none), a {@link Frame} if it differs. */
    static final int FRAME_SCOPE = 2;
    /**
     * The bit of {@link #openFrame}'s result that says a scope frame was pushed: the sign bit, since the
     * saved {@link #jobBase} (a stack height) is never negative.
     */
    private static final long PUSHED = Long.MIN_VALUE;

    /**
     * Opens a frame for code that runs at pending-stack height {@code base}: with {@link #FRAME_JOB},
     * the code is a job or task of its own ({@link #jobBase} moves to {@code base}); with
     * {@link #FRAME_SCOPE}, it runs under finish scope {@code f} (null: none), and a {@link Frame} is
     * pushed unless the innermost one already says so ({@code kind} is one of these or both). Returns what
     * {@link #closeFrame} restores. Pass {@code kind} as a constant: the pair is kept under the JIT's size
     * for inlining at any call site (35 bytecodes). The fast task join ({@code Task.runOwn}) saves
     * {@code jobBase} by hand all the same: see there.
     */
    long openFrame(int base, Finish f, int kind) {
        long saved = kind == FRAME_JOB ? jobBase : enterScope(f, base);
        if (kind != FRAME_SCOPE) { // FRAME_JOB, alone or with FRAME_SCOPE
            jobBase = base;
        }
        return saved;
    }

    /** The scope half of {@link #openFrame}: pushes a frame if needed; returns jobBase, PUSHED if it pushed. */
    private long enterScope(Finish f, int base) {
        Frame cur = scope;
        if (cur == null ? f != null : cur.finish != f) {
            scope = new Frame(f, base, cur);
            return jobBase | PUSHED;
        }
        return jobBase;
    }

    /** Restores what {@link #openFrame} of the same {@code kind} changed; in a {@code finally}. */
    void closeFrame(long saved, int kind) {
        if (kind != FRAME_SCOPE) {
            jobBase = (int) saved;
        }
        if (kind != FRAME_JOB && saved < 0) { // PUSHED; a constant kind folds the test away
            scope = scope.parent; // frames nest: the innermost is the one this pair pushed
        }
    }

    /**
     * The lowest slot the innermost construct without a slot of its own (a running task, a finish) may
     * pop: below it, slots belong to enclosing constructs, which restore the stack themselves.
     */
    int frameFloor() {
        Frame fr = scope;
        return fr == null ? jobBase : Math.max(jobBase, fr.base);
    }

    /** The innermost finish scope that contains pending slot {@code slot}, or null. */
    Finish finishOf(int slot) {
        for (Frame fr = scope; fr != null; fr = fr.parent) {
            if (fr.base <= slot) {
                return fr.finish;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------
    // Waiting for stolen work (PROTOCOL.md, "helping")

    /** Waits until {@code j}, which another worker took, is final; helps with other work meanwhile. */
    void awaitStolen(Job j) {
        if (!j.isFinal() && !pool.plantedEarlyJoin) {
            helpUntilDone(j, 0L);
        }
    }

    /**
     * Waits until {@code j} is final or the deadline passes (0: none), for a job that is not in this
     * worker's pending stack: if it still waits in this pool's inbox it is taken out and run here (at
     * parallelism 1 nobody else would); otherwise this worker helps with other work meanwhile.
     *
     * @return whether {@code j} is final
     */
    boolean awaitJob(Job j, long deadline) {
        if (j.isFinal()) {
            return true;
        }
        if (pool.removeFromInbox(j)) {
            submissionsRun++;
            runTaken(j);
            return true;
        }
        return helpUntilDone(j, deadline);
    }

    /**
     * Runs job {@code j}, which the caller just took out of the inbox, pushing it back for a drain
     * further up to settle if an error in Weft's frames keeps it from its run (PendingStack.K_TAKEN).
     * Only an overflow on the call into this method could still lose it; the take just before it
     * ({@code removeFromInbox}, a map removal) went deeper than this frame does.
     */
    void runTaken(Job j) {
        try {
            runJob(j);
        } catch (Throwable t) {
            PendingStack p = pending; // plain stores only: a call here would overflow again
            int s = p.top;
            if (s == p.items.length) {
                p.grow();
            }
            p.items[s] = j;
            p.words[s << PendingStack.SLOT_SHIFT] = PendingStack.K_INTERRUPTED | (long) PendingStack.K_TAKEN << 8 | (long) s << 32;
            p.interruptedBy = t;
            p.top = s + 1;
            throw t;
        }
    }

    /** Waits until every published job counted in {@code f} is done; helps meanwhile. */
    void awaitScope(Finish f) {
        if (!f.quiescent()) {
            helpUntilDone(f, 0L);
        }
    }

    /**
     * The scheduler's one wait loop (PROTOCOL.md, "helping"): until {@code a} is done or the deadline
     * passes (0: none), serves this worker's signal, runs the work {@code a} offers ({@link
     * Awaited#helpFor}), asks for more, spins, then parks in short slices. Returns whether the wait
     * ended by completion. The thread's interrupt flag is put aside meanwhile and restored afterwards:
     * parks would not block with it set (the joiner would spin), and the jobs run while helping must not
     * see an interrupt meant for the joiner's task.
     */
    private boolean helpUntilDone(Awaited a, long deadline) {
        long start = System.nanoTime();
        long busy = 0;
        int depth = ++helpDepth;
        boolean counted = false;
        long waitStart = start;
        boolean interrupted = Thread.interrupted();
        Awaited outerAwaiting = awaiting;
        awaiting = a;
        try {
            int spins = 0;
            while (!a.isOver()) {
                if (deadline != 0L && System.nanoTime() - deadline >= 0L) {
                    return false;
                }
                // A waiting joiner still serves requests: a thief may be waiting for a fork this worker
                // holds privately (it stole y, y joins x, x is still here while we wait for y).
                if (signal() != 0) {
                    onSignal();
                }
                Job h = depth <= MAX_HELP_DEPTH ? a.helpFor(this) : null;
                if (h == null && !counted) {
                    // Nothing to help with: this worker is hungry, so busy workers should publish.
                    counted = true;
                    weftWaits++;
                    pool.sleep.joinWaitingIncrement();
                }
                if (h == null && backoffRound(spins + 1)) {
                    a.askForWork(this);
                    if (runningSeen != null) {
                        hungerSignals++;
                        runningSeen.signalHungry();
                    }
                }
                if (h == null) {
                    if (++spins < JOIN_SPINS || (spins & 15) != 0 || System.nanoTime() - waitStart < JOIN_SPIN_NANOS) {
                        if ((spins & 15) == 0) {
                            Thread.yield();
                        } else {
                            Thread.onSpinWait();
                        }
                        continue;
                    }
                    waitParks++;
                    if (Thread.currentThread().isInterrupted()) {
                        waitParksInterrupted++;
                    }
                    h = a.parkBriefly(this, JOIN_PARK_NANOS);
                    if (Thread.interrupted()) {
                        interrupted = true; // set by a task run while helping, or while parked
                    }
                    spins = JOIN_SPINS / 2;
                    if (h == null) {
                        continue;
                    }
                    submissionsRun++; // the awaited job itself, still queued in the inbox
                }
                long t0;
                try {
                    if (counted) {
                        counted = false;
                        weftWaits--;
                        pool.sleep.joinWaitingDecrement();
                    }
                    t0 = System.nanoTime();
                    // While the helped job runs, this worker waits for nothing: a joiner following the
                    // chain of waiting runners must not take our outer wait for a wait inside that job.
                    awaiting = null;
                    runJob(h);
                } catch (Throwable t) {
                    // Taken out of a deque or the inbox, h is in this frame's hands until its run settles
                    // it: after an error in Weft's frames (a stack overflow on the way in), push it back
                    // with plain stores for a drain further up to settle (PendingStack.K_TAKEN).
                    PendingStack p = pending;
                    int s = p.top;
                    if (s == p.items.length) {
                        p.grow();
                    }
                    p.items[s] = h;
                    p.words[s << PendingStack.SLOT_SHIFT] = PendingStack.K_INTERRUPTED | (long) PendingStack.K_TAKEN << 8 | (long) s << 32;
                    p.interruptedBy = t;
                    p.top = s + 1;
                    throw t;
                } finally {
                    awaiting = a;
                }
                long t1 = System.nanoTime();
                busy += t1 - t0;
                spins = 0;
                waitStart = t1;
            }
            return true;
        } finally {
            awaiting = outerAwaiting;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            if (counted) {
                weftWaits--;
                pool.sleep.joinWaitingDecrement();
            }
            helpDepth--;
            long from = Math.max(start, pool.statsEpoch());
            idleNanos += Math.max(0L, (System.nanoTime() - from) - busy);
        }
    }

    /**
     * The first tier of help for any wait: this worker's own oldest published fork made inside the job
     * it runs (slot at least {@link #jobBase}) or, for a finish, of that scope. Such a fork is work the
     * waiter waits for anyway (see {@link Job#mayHelp}).
     */
    Job ownForkToHelp(Finish finish) {
        Job h = deque.pollIf(this, jobBase, null);
        if (h == null && finish != null) {
            h = deque.pollIf(this, 0, finish);
        }
        if (h != null) {
            reclaimed++;
        }
        return h;
    }

    /**
     * Help for a job wait beyond one's own forks: the forks that the job's runner made inside it,
     * following the chain of runners that themselves wait (leapfrogging). Never unrelated work: such a
     * job could join a task that is running further down this thread's stack, and that task could then
     * never finish.
     */
    Job leapfrog(Job waitedFor) {
        Job x = waitedFor;
        for (int level = 0; level < LEAPFROG_LEVELS && x != null; level++) {
            Job.Shared xs = x.sharedIfAny();
            Worker r = xs == null ? null : xs.runner;
            if (r == null || r == this) {
                break;
            }
            Job h = tryStealFor(r, x, xs);
            if (h != null) {
                return h;
            }
            // The runner's own wait, if any. It is a wait inside x only while x still runs: the
            // runner completes x (a CAS) before it can be back in an outer wait (a volatile store
            // of awaiting), so seeing x unfinished after reading awaiting means the wait is x's.
            Awaited next = r.awaiting;
            x = next instanceof Job nj && !x.isFinal() ? nj : null;
        }
        runningSeen = anyRunning();
        return null;
    }

    /** How far a joiner follows a chain of waiting runners to find work it may help with. */
    private static final int LEAPFROG_LEVELS = 8;

    /** One attempt on {@code victim}'s deque for a fork made inside {@code x}, which it runs. */
    private Job tryStealFor(Worker victim, Job x, Job.Shared xs) {
        PublishedDeque d = victim.deque;
        if (d.isEmpty()) {
            return null;
        }
        stealAttempts++;
        int minSlot = xs.frameBase; // read after xs.runner (volatile)
        Job j = d.pollIf(victim, minSlot, null);
        if (j == null) {
            return null;
        }
        if (x.isFinal()) {
            // x ended meanwhile, and the victim may have started unrelated work at the same height:
            // do not run it here; offer it from this worker's deque, where any thief can take it.
            deque.push(j);
            afterDirectPublication();
            return null;
        }
        steals++;
        Events.steal(pool, this, victim, j);
        return j;
    }

    /** One pass over the other workers for jobs of scope {@code f}; notes a running worker. */
    Job stealPassFor(Finish f) {
        Worker[] ws = pool.workforce.workers;
        int n = ws.length;
        int start = nextRandom(n);
        Worker running = null;
        for (int i = 0; i < n; i++) {
            Worker v = ws[(start + i) % n];
            if (v == this || v == null) {
                continue;
            }
            if (!v.deque.isEmpty()) {
                stealAttempts++;
                Job j = v.deque.pollIf(v, 0, f);
                if (j != null) {
                    steals++;
                    Events.steal(pool, this, v, j);
                    return j;
                }
            }
            if (running == null && v.state == RUNNING) {
                running = v;
            }
        }
        runningSeen = running;
        return null;
    }

    /** The first running worker other than this one, from a random start; null if none. */
    private Worker anyRunning() {
        Worker[] ws = pool.workforce.workers;
        int n = ws.length;
        int start = nextRandom(n);
        for (int i = 0; i < n; i++) {
            Worker v = ws[(start + i) % n];
            if (v != this && v != null && v.state == RUNNING) {
                return v;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------
    // Stealing (PROTOCOL.md, "stealing"); idling is Idle's (PROTOCOL.md, "sleep")

    /** The victim of the last successful steal of {@link #scan}, or null (inbox, own deque). */
    private Worker lastVictim;

    /** One steal attempt on {@code victim}'s published deque. */
    Job trySteal(Worker victim) {
        PublishedDeque d = victim.deque;
        if (d.isEmpty()) {
            return null;
        }
        stealAttempts++;
        Job j = d.poll();
        if (j == null) {
            failedSteals++;
            return null;
        }
        steals++;
        Events.steal(pool, this, victim, j);
        return j;
    }

    /** True on rounds 1, 2, 4, 8, ...: hunger requests persist until served, so repeating them is waste. */
    static boolean backoffRound(int round) {
        return (round & (round - 1)) == 0;
    }

    /**
     * A running worker seen by the last failed {@link #stealPass}, or null: the one an idle worker or a
     * waiting joiner asks for work.
     */
    private Worker runningSeen;

    /**
     * One steal attempt on every other worker, from a random one on. Returns the first job taken and
     * records its victim in {@link #lastVictim}; after a pass that took nothing, {@link #runningSeen} is
     * the first running worker seen (the one to ask for work).
     */
    private Job stealPass() {
        Worker[] ws = pool.workforce.workers;
        int n = ws.length;
        int start = nextRandom(n);
        Worker running = null;
        for (int i = 0; i < n; i++) {
            Worker v = ws[(start + i) % n];
            if (v == this || v == null) {
                continue;
            }
            Job j = trySteal(v);
            if (j != null) {
                lastVictim = v;
                return j;
            }
            if (running == null && v.state == RUNNING) {
                running = v;
            }
        }
        runningSeen = running;
        return null;
    }

    /** The victim of the last successful steal of {@link #scan}, or null (inbox, own deque). */
    Worker lastVictim() {
        return lastVictim;
    }

    /** One pass over the other workers' deques and the inbox; signals hunger to one running worker. */
    Job scan(boolean signalOne) {
        lastVictim = null;
        Job j = deque.poll();
        if (j != null) {
            reclaimed++;
            return j;
        }
        j = stealPass();
        if (j != null) {
            return j;
        }
        j = pool.pollInbox();
        if (j != null) {
            submissionsRun++;
            detachedRuns = 0; // a top-level take, with an empty stack: chains of spawns start afresh
            return j;
        }
        if (signalOne && runningSeen != null) {
            hungerSignals++;
            runningSeen.signalHungry();
        }
        return null;
    }
}
