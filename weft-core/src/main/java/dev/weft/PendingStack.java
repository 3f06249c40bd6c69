package dev.weft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/**
 * A worker's latent forks: work that could be run by another worker but, so far, nobody asked for.
 *
 * <p>Only the owning worker reads or writes this structure (see PROTOCOL.md, "pending stack"), so every
 * access is a plain one: a fork is a few plain stores, a join of an unstolen fork a few plain loads and
 * one store. A slot holds the forked computation in primitive form — a kind, an argument word and a
 * function object — so that forking {@code f(x)} allocates nothing; a heap {@link Job} is created only
 * when the owner <em>publishes</em> the slot because a thief is hungry ({@link #publishOldest}).
 *
 * <p>Slots {@code [0, base)} have been published: their {@code items} entry is the {@link Job} that
 * now lives in the worker's {@link PublishedDeque} (or in a thief's hands). Slots {@code [base, top)}
 * are private. Every construct that pushes slots (a join form, a finish, a loop, a task body) restores
 * {@code top} to its entry value before it returns, running or reclaiming what it left behind, so the
 * stack and the published deque always unwind in LIFO order.
 */
final class PendingStack {
    /**
     * An emptied slot: a {@link Task} that was joined while other slots sat above it was taken out of
     * the middle of the stack ({@link #removeTask}); its slot stays as a tombstone so that every index
     * held by an enclosing join, loop or frame stays valid. Drains and publication skip it.
     */
    static final int K_EMPTY = 0;
    static final int K_INT_FN = 1;
    static final int K_LONG_FN = 2;
    static final int K_DOUBLE_FN = 3;
    static final int K_RUNNABLE = 4;
    static final int K_SUPPLIER = 5;
    static final int K_INT_SUPPLIER = 6;
    static final int K_LONG_SUPPLIER = 7;
    static final int K_DOUBLE_SUPPLIER = 8;
    static final int K_ASYNC = 9;
    static final int K_JOB = 10;
    /** A running parallel loop; the item is its {@link Loops.Loop}, which holds the unclaimed range. */
    static final int K_RANGE = 11;
    /** Function forms of 2 to 5 double arguments (kind - K_DOUBLE_FN2 + 2 is the arity). */
    static final int K_DOUBLE_FN2 = 12;
    static final int K_DOUBLE_FN3 = 13;
    static final int K_DOUBLE_FN4 = 14;
    static final int K_DOUBLE_FN5 = 15;
    /** A detached fork ({@link WeftPool#spawn}): nobody joins it; it belongs to no finish scope. */
    static final int K_SPAWN = 16;
    /**
     * A private slot whose run an error in Weft's own frames interrupted — a StackOverflowError in a drain
     * near the end of the stack — with its work still to settle. The drain that hit the error cannot
     * settle the work there (any call, even a constructor's, overflows again), so it pushes the slot back
     * with plain stores: the item as it was, the kind it had in bits 8-15 of the word and its index in
     * the upper half, the error in {@link #interruptedBy}. The next drain or reset further up the stack
     * settles it ({@link #abandon}). Never published.
     */
    static final int K_INTERRUPTED = 17;

    /**
     * Only as the kind an interrupted slot had (bits 8-15 of a {@link #K_INTERRUPTED} word): a shared job
     * this worker had taken out of a published deque or the inbox — taken back, stolen, helped with — when
     * an error in Weft's own frames hit before its run settled it. Whoever took it pushes it back with
     * plain stores (as a drain does) and rethrows; settling it fails it and gives back its scope count,
     * each at most once ({@link Job#abandon}, {@link Job#releaseCount}), so it may also be pushed back
     * after its run settled it. Without this, a job an overflow caught between its take and its run was
     * in nobody's hands: no thief could see it and its joiners waited forever.
     */
    static final int K_TAKEN = 18;

    /**
     * A flag in word 0 of a {@link #K_JOB} slot (above the kind's byte): this owner's publication CASed
     * the task to FORKED ({@link #forkForPublication}).
     */
    static final long FORKED_HERE = 1L << 16;

    /** The error that interrupted the newest {@link #K_INTERRUPTED} slot. */
    Throwable interruptedBy;

    /** {@link #moves}: no move of this stack's tasks under way or unacknowledged. */
    static final int MOVES_IDLE = 0;
    /** {@link #moves}: the stall monitor is moving tasks out of this stack (it set this before its handshake). */
    static final int MOVES_UNDER_WAY = 1;
    /** {@link #moves}: a move ended; the owner has not acknowledged it yet ({@link #acknowledgeMoves}). */
    static final int MOVES_DONE = 2;
    private static final VarHandle MOVES;
    static {
        try {
            MOVES = MethodHandles.lookup().findVarHandle(PendingStack.class, "moves", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
    /**
     * The stall monitor's side of moving a stalled worker's private tasks (PROTOCOL.md, "Moving a stalled
     * worker's tasks"). Written by the monitor (volatile), read by the owner's join with an <em>opaque</em>
     * load after it pops a task, and reset by the owner (CAS from {@link #MOVES_DONE}). Accessed only
     * through {@link #MOVES}, with the mode each use names.
     */
    @SuppressWarnings("unused")
    private int moves;

    private static final int INITIAL_CAPACITY = 256;

    final Worker owner;
    /** The forked function, supplier, runnable or job; for published slots, the published Job. */
    Object[] items = new Object[INITIAL_CAPACITY];
    /** Words per slot, as a shift: 8 words, one cache line. */
    static final int SLOT_SHIFT = 3;
    /**
     * Eight words per slot: word 0 holds the kind in its low byte and, for int forks, the argument in its
     * high half (one store per int fork); words 1..5 hold long or double arguments.
     */
    long[] words = new long[INITIAL_CAPACITY << SLOT_SHIFT];
    int top;
    int base;
    /** Forks recorded since the last stats reset (owner-written; read racily by stats). */
    long forks;

    PendingStack(Worker owner) {
        this.owner = owner;
    }

    static int kindOf(long word0) {
        return (int) (word0 & 0xff);
    }

    /**
     * Doubles the capacity; called by a push that found the arrays full. Both copies are made before
     * either replaces its array: an error in the second (out of memory, or out of stack near its end)
     * must not leave {@code items} longer than {@code words}, where every later push would fail.
     */
    void grow() {
        int n = items.length << 1;
        if (n < 0) {
            throw new IllegalStateException("pending stack overflow");
        }
        Object[] it = Arrays.copyOf(items, n);
        long[] ws = Arrays.copyOf(words, n << SLOT_SHIFT);
        items = it;
        words = ws;
    }

    // Pushes of the function forms: small enough to be inlined into the join fast path. They skip the
    // reference store when the slot already holds fn (PROTOCOL.md, "pending arrays and the G1 barrier").

    int pushIntFn(IntUnaryOperator fn, int x) {
        int s = top;
        if (s == items.length) {
            grow();
        }
        Object[] it = items;
        if (it[s] != fn) {
            it[s] = fn;
        }
        words[s << SLOT_SHIFT] = K_INT_FN | ((long) x << 32);
        top = s + 1;
        forks++;
        return s;
    }

    int pushLongFn(LongUnaryOperator fn, long x) {
        int s = top;
        if (s == items.length) {
            grow();
        }
        Object[] it = items;
        if (it[s] != fn) {
            it[s] = fn;
        }
        long[] w = words;
        int k = s << SLOT_SHIFT;
        w[k] = K_LONG_FN;
        w[k + 1] = x;
        top = s + 1;
        forks++;
        return s;
    }

    int pushDoubleFn(DoubleUnaryOperator fn, double x) {
        int s = top;
        if (s == items.length) {
            grow();
        }
        Object[] it = items;
        if (it[s] != fn) {
            it[s] = fn;
        }
        long[] w = words;
        int k = s << SLOT_SHIFT;
        w[k] = K_DOUBLE_FN;
        w[k + 1] = Double.doubleToRawLongBits(x);
        top = s + 1;
        forks++;
        return s;
    }

    /** Push of the 2- to 5-argument double forms; unused arguments are passed as 0. */
    int pushDoubleN(Object fn, int kind, double a0, double a1, double a2, double a3, double a4) {
        int s = top;
        if (s == items.length) {
            grow();
        }
        Object[] it = items;
        if (it[s] != fn) {
            it[s] = fn;
        }
        long[] w = words;
        int k = s << SLOT_SHIFT;
        w[k] = kind;
        w[k + 1] = Double.doubleToRawLongBits(a0);
        w[k + 2] = Double.doubleToRawLongBits(a1);
        w[k + 3] = Double.doubleToRawLongBits(a2);
        w[k + 4] = Double.doubleToRawLongBits(a3);
        w[k + 5] = Double.doubleToRawLongBits(a4);
        top = s + 1;
        forks++;
        return s;
    }

    /**
     * The join fast path: if slot {@code s} is the top and still private (nobody asked for it, and
     * nothing left above it), pops it and returns true — the caller runs the half as an ordinary call.
     * Otherwise the caller takes the slow path ({@link #reclaim}). The item stays in the slot: the
     * function forms store a constant function that the next push need not store again (PROTOCOL.md,
     * "pending arrays and the G1 barrier").
     */
    boolean popPrivateTop(int s) {
        if (top == s + 1 && s >= base) {
            top = s;
            return true;
        }
        return false;
    }

    /** Whether slot {@code s} is the top and still private: {@link #popPrivateTop}'s test, without the pop. */
    boolean isPrivateTop(int s) {
        return top == s + 1 && s >= base;
    }

    /** {@link #popPrivateTop}, clearing the item: a lambda or task must not stay reachable from the stack. */
    boolean popPrivateTopClearing(int s) {
        if (top == s + 1 && s >= base) {
            top = s;
            items[s] = null;
            return true;
        }
        return false;
    }

    /**
     * Whether no move of this stack's tasks is under way or unacknowledged. The owner's join asks this
     * <em>after</em> popping a task (after the stores that pop it), with an opaque load: a plain load the
     * JIT could hoist above an earlier safepoint poll, an opaque one it cannot; on x86 and ARM it is the
     * same instruction. True means the stall monitor's handshake with this thread, if one is under way,
     * came after the pop, so the monitor sees the slot cleared and leaves the task alone (PROTOCOL.md,
     * "Moving a stalled worker's tasks").
     */
    boolean noMoves() {
        return (int) MOVES.getOpaque(this) == MOVES_IDLE;
    }

    /**
     * After a move has ended: acquires what the monitor wrote (the moved tasks' status, their shared
     * state) and re-enables {@link #noMoves}. A no-op while a move is under way or after none.
     */
    void acknowledgeMoves() {
        if ((int) MOVES.getAcquire(this) == MOVES_DONE) {
            MOVES.compareAndSet(this, MOVES_DONE, MOVES_IDLE);
        }
    }

    /** Monitor side: a move begins; volatile, so it is ordered before the handshake that follows it. */
    void beginMoves() {
        MOVES.setVolatile(this, MOVES_UNDER_WAY);
    }

    /** Monitor side: the move is over; the owner acknowledges it at its next slow join. */
    void endMoves() {
        MOVES.setVolatile(this, MOVES_DONE);
    }

    /**
     * Replaces {@code items} with a fresh, young copy; called at a poll after each GC (PROTOCOL.md,
     * "pending arrays and the G1 barrier").
     */
    void renew() {
        items = Arrays.copyOf(items, items.length);
        renewals++;
    }

    /** How many times {@link #renew()} ran (for tests and diagnostics). */
    long renewals;

    /** Pushes a slot whose only payload is an object (a lambda or a job); returns its index. */
    int pushObject(Object item, int kind) {
        int s = top;
        if (s == items.length) {
            grow();
        }
        items[s] = item;
        words[s << SLOT_SHIFT] = kind;
        top = s + 1;
        forks++;
        return s;
    }

    // ---------------------------------------------------------------------------------------------
    // Draining and reclaiming

    /**
     * Pops and disposes of every slot above {@code newTop}: private slots are run here (they are forks
     * their creator did not join: tasks, asyncs), published ones are taken back and run if no thief got
     * them yet. Afterwards {@code top == newTop}.
     */
    void drainTo(int newTop) {
        while (top > newTop) {
            int i = top - 1;
            Object item = items[i];
            long w0 = words[i << SLOT_SHIFT];
            int kind = kindOf(w0);
            items[i] = null;
            if (i < base) {
                top = i;
                base = i;
                if (kind == K_RANGE || item == null) {
                    continue; // a retired loop slot (its loop pops it, never a drain) or a tombstone
                }
                Job j = (Job) item;
                if (owner.deque.unpush(j)) {
                    owner.reclaimed++;
                    try {
                        runReclaimed(j);
                    } catch (Throwable t) {
                        // An error on the way into its run, or after it: push it back (K_TAKEN).
                        int s = top;
                        if (s == items.length) {
                            grow();
                        }
                        items[s] = j;
                        words[s << SLOT_SHIFT] = K_INTERRUPTED | (long) K_TAKEN << 8 | (long) i << 32;
                        interruptedBy = t;
                        top = s + 1;
                        throw t;
                    }
                }
                // else: stolen. A counted job is tracked by its scope; a task by whoever joins it.
            } else {
                top = i;
                try {
                    runLeftover(i, item, w0);
                } catch (Throwable t) {
                    // Only an error in Weft's own frames gets here (each leftover's body has its failures
                    // recorded where they belong): a StackOverflowError when the drain runs near the end
                    // of the stack. The slot is popped and a call here would overflow again, so push it
                    // back, settled or not, with plain stores: a drain further up settles it (K_INTERRUPTED).
                    int s = top;
                    if (s == items.length) {
                        grow();
                    }
                    items[s] = item;
                    words[s << SLOT_SHIFT] = kind == K_INTERRUPTED ? w0 : K_INTERRUPTED | (long) kind << 8 | (long) i << 32;
                    interruptedBy = t;
                    top = s + 1;
                    throw t;
                }
            }
        }
    }

    /**
     * Settles the work of private slot {@code index} (word {@code w0}), popped but not run (or not to
     * its end) because of {@code cause}, an error in Weft's own frames: a task completes with the failure
     * (a no-op if it completed), an async's failure goes to its finish, a spawned body's to the pool's
     * handler. Join halves and loop ranges need nothing: their constructs are the frames the error
     * unwinds. An interrupted slot is settled as the slot it was, with the error that interrupted it.
     */
    private void abandon(int index, Object item, long w0, Throwable cause) {
        int kind = kindOf(w0);
        if (kind == K_INTERRUPTED) {
            index = (int) (w0 >>> 32);
            kind = (int) (w0 >>> 8) & 0xff;
            cause = interruptedBy; // set whenever an interrupted slot is pushed
        }
        switch (kind) {
            case K_JOB -> ((Job) item).abandon(cause);
            case K_TAKEN -> {
                Job j = (Job) item;
                j.abandon(cause);
                j.releaseCount();
            }
            case K_ASYNC -> {
                Finish f = owner.finishOf(index);
                if (f != null) {
                    f.recordFailure(cause);
                } else {
                    owner.pool.reportInternalError(cause);
                }
            }
            case K_SPAWN -> owner.pool.reportInternalError(cause);
            default -> {
                // nothing to settle
            }
        }
    }

    /**
     * Takes the forked task in slot {@code i} out of the stack so that its joiner can run it, whatever
     * sits above it: the slot on top is popped (if no enclosing construct's floor is above it); any other
     * private slot becomes a tombstone ({@link #K_EMPTY}), so every index an enclosing join, loop or
     * frame holds stays valid (an out-of-order join must not drain or move them). A published slot can
     * be taken back only while its job is the newest in the published deque.
     *
     * @return {@link #REMOVED_PRIVATE} or {@link #REMOVED_PUBLISHED} if the caller now owns the task and
     *         must run it ({@link #runRemoved}); {@link #BEYOND_REACH} if the task is published and beyond
     *         reach (a thief, or this worker's own helping, runs it)
     */
    int removeTask(int i, Job task) {
        Worker w = owner;
        // The innermost construct without a slot of its own (a finish, a running task) restores top to
        // its entry height, the floor: a slot below it is not ours to pop even when it is on top.
        if (i == top - 1 && i >= w.frameFloor()) {
            w.poppedTo(i); // before the pop: an error in this call must not leave the task popped and unrun
            top = i;
            items[i] = null;
            if (i >= base) {
                return REMOVED_PRIVATE;
            }
            base = i;
            if (w.deque.unpush(task)) {
                w.reclaimed++;
                return REMOVED_PUBLISHED;
            }
            return BEYOND_REACH;
        }
        if (i >= base) {
            items[i] = null;
            words[i << SLOT_SHIFT] = K_EMPTY;
            return REMOVED_PRIVATE;
        }
        if (w.deque.unpush(task)) {
            items[i] = null; // a published tombstone: drains skip it
            w.reclaimed++;
            return REMOVED_PUBLISHED;
        }
        return BEYOND_REACH;
    }

    /** {@link #removeTask}: published, and taken by a thief (or about to be). */
    static final int BEYOND_REACH = 0;
    /** {@link #removeTask}: a private slot; the task was never published (the stall monitor may have moved it). */
    static final int REMOVED_PRIVATE = 1;
    /** {@link #removeTask}: published and taken back from the deque; the caller settles its scope count. */
    static final int REMOVED_PUBLISHED = 2;

    /**
     * Runs task {@code j}, just taken out of slot {@code slot} by {@link #removeTask}, on the owner's
     * stack under the finish scope of the slot it was forked in (an out-of-order join may run it inside
     * a finish that began after the fork: its asyncs belong to the scope of the fork, as they would had
     * a thief run it), then settles the scope's count if the task had been published and taken back
     * ({@code how == REMOVED_PUBLISHED}). A private task holds no count of its own: if the stall monitor
     * moved it meanwhile, whoever takes it out of the inbox settles the count the move took.
     */
    void runRemoved(Job j, int slot, int how) {
        Worker w = owner;
        int t0 = top;
        long frame = w.openFrame(t0, w.finishOf(slot), Worker.FRAME_JOB | Worker.FRAME_SCOPE);
        try {
            runClaimed(j);
            drainTo(t0);
        } finally {
            w.closeFrame(frame, Worker.FRAME_JOB | Worker.FRAME_SCOPE);
        }
        if (how == REMOVED_PUBLISHED) {
            j.releaseCount();
        }
    }

    /**
     * Runs a task this worker holds, claiming it first, or waits for whoever claimed it; a task the
     * stall monitor moved to the inbox is taken back out of it and run from there (which settles the
     * scope count the move took), or waited for if another worker took it.
     */
    private void runClaimed(Job j) {
        Worker w = owner;
        if (j.movedTo(w.pool)) {
            w.awaitJob(j, 0L);
        } else if (!j.runInline()) {
            w.awaitStolen(j); // claimed elsewhere (a task also submitted by another thread): wait
        }
    }

    /**
     * Runs job {@code j} on the owner's stack as a new help frame: while it runs, a join inside it
     * helps only with its own forks ({@link Worker#jobBase}, {@link Job#mayHelp}). Tasks can be joined
     * by reference from anywhere, so each one that runs is such a frame; if another thread claimed it,
     * waits for it instead.
     */
    void runTaskInline(Job j) {
        Worker w = owner;
        long frame = w.openFrame(top, null, Worker.FRAME_JOB);
        try {
            runClaimed(j);
        } finally {
            w.closeFrame(frame, Worker.FRAME_JOB);
        }
    }

    /** Runs a private slot that its creator left behind. */
    private void runLeftover(int index, Object item, long w0) {
        switch (kindOf(w0)) {
            case K_INTERRUPTED -> abandon(index, item, w0, null);
            case K_ASYNC -> {
                Finish f = owner.finishOf(index);
                Async.runBody((Runnable) item, f);
            }
            case K_JOB -> runTaskInline((Job) item);
            case K_SPAWN -> Spawned.runDetached(owner, (Runnable) item);
            default -> {
                // K_RANGE is never a leftover: a loop always pops its own slot.
                // A half of a join whose frame is gone: only reachable if that frame was torn down by
                // an error inside Weft itself. Its joiner no longer exists, so there is nothing to run.
            }
        }
    }

    /**
     * Runs a published job the owner took back before any thief did. It runs on the owner's own stack,
     * where the owner's scope chain already covers the job's slot: the scope frame opened here is
     * pushed only for a spawned body, which belongs to no scope (its loops must not see the enclosing
     * finish's cancellation, its asyncs must not join it), as it is when it runs privately
     * ({@link Spawned#runDetached}) or stolen.
     */
    void runReclaimed(Job j) {
        int t0 = top;
        long frame = owner.openFrame(t0, j.scope(), Worker.FRAME_SCOPE);
        // A spawned body's leftovers drain here, one level deeper, as a private chain's do through
        // Spawned.runDetached; its run counts toward the same bound (Spawned.perform).
        try {
            runTaskInline(j);
            drainTo(t0);
        } catch (Throwable t) {
            // An error in Weft's frames (the job's own failures are recorded by its run): j was taken
            // out of the deque, so nobody else will run it; settle it (a no-op if it ran).
            j.abandon(t);
            throw t;
        } finally {
            owner.closeFrame(frame, Worker.FRAME_SCOPE);
            j.releaseCount(); // also after an error: the finish must not wait for it forever
        }
    }

    /**
     * Reclaims the join slot {@code s} whose own join is now due, after everything above it has been
     * drained. Returns the completed job when the slot had been published (the caller reads its result),
     * or null when the slot was still private (the caller runs the half itself).
     */
    Job reclaim(int s) {
        if (top > s + 1) {
            drainTo(s + 1);
        }
        top = s;
        if (s >= base) {
            items[s] = null;
            return null;
        }
        base = s;
        Job j = (Job) items[s];
        items[s] = null;
        takeBackOrAwait(j);
        return j;
    }

    /**
     * For a published job whose joiner is due: takes it back from the published deque and runs it here
     * if no thief got it (true), or waits for the thief to finish it (false), helping meanwhile.
     */
    boolean takeBackOrAwait(Job j) {
        if (owner.deque.unpush(j)) {
            owner.reclaimed++;
            try {
                runReclaimed(j);
            } catch (Throwable t) {
                // In this frame's hands until its run settles it: push it back (K_TAKEN).
                int s = top;
                if (s == items.length) {
                    grow();
                }
                items[s] = j;
                words[s << SLOT_SHIFT] = K_INTERRUPTED | (long) K_TAKEN << 8 | (long) s << 32;
                interruptedBy = t;
                top = s + 1;
                throw t;
            }
            return true;
        }
        owner.awaitStolen(j);
        return false;
    }

    /**
     * Pops a loop's own slot {@code s} when the loop ends. The slot may have been retired from the
     * private region (publication moved {@code base} past a loop with fewer than two iterations left),
     * so {@code base} comes down with it.
     */
    void popLoop(int s) {
        items[s] = null;
        top = s;
        if (base > s) {
            base = s;
        }
    }

    /**
     * Cleans up the join slot {@code s} when the half that ran inline threw {@code failure}: the forked
     * half is dropped if it never started, or awaited if a thief runs it (its failure is kept as a
     * suppressed exception). Returns what the join must throw.
     */
    RuntimeException abandon(int s, Throwable failure) {
        Throwable result = failure;
        try {
            if (top > s + 1) {
                drainTo(s + 1);
            }
            top = s;
            if (s < base) {
                base = s;
                Job j = (Job) items[s];
                items[s] = null;
                if (!owner.deque.unpush(j)) {
                    owner.awaitStolen(j);
                    if (j.status() != Job.NORMAL) {
                        result = TaskFailedException.combine(failure, j.failure);
                    }
                }
            } else {
                items[s] = null;
            }
        } catch (Throwable t) {
            result = TaskFailedException.combine(failure, t);
        }
        return TaskFailedException.wrap(result);
    }

    // ---------------------------------------------------------------------------------------------
    // Publication: the victim's half of a steal (PROTOCOL.md, "publication")

    /**
     * Turns the oldest private slot into a {@link Job} and pushes it onto the published deque, where
     * thieves can take it. O(1), and it never waits for a thief.
     *
     * @return false if no slot was private
     */
    boolean publishOldest() {
        for (;;) {
            int b = base;
            // Slots pushed inside a paused region stay private (PROTOCOL.md, "paused stealing"); the
            // bound is Integer.MAX_VALUE when the owner is not paused.
            if (b >= top || b >= owner.pauseBase) {
                return false;
            }
            Object item = items[b];
            long w0 = words[b << SLOT_SHIFT];
            int kind = kindOf(w0);
            Job j;
            if (kind == K_EMPTY) {
                base = b + 1; // a tombstone: nothing to publish
                continue;
            }
            if (kind == K_INTERRUPTED) {
                items[b] = null; // settled here instead: it is no work for a thief
                words[b << SLOT_SHIFT] = K_EMPTY;
                base = b + 1;
                abandon(b, item, w0, null);
                continue;
            }
            if (kind == K_RANGE) {
                // A loop stays private and gives away the upper half of its unclaimed range; a loop
                // with fewer than two iterations left is retired from the private region instead, so
                // the slots above it can be published.
                Loops.Loop loop = (Loops.Loop) item;
                if (loop.hi - loop.next < 2) {
                    base = b + 1;
                    continue;
                }
                Loops.Split sp = Loops.split(loop);
                Job.Shared ssh = sp.shared();
                ssh.scope = owner.finishOf(b);
                Contexts cx = owner.pool.contexts;
                if (cx != null) {
                    ssh.context = cx.capture(); // work leaves this thread: its context goes with it
                }
                sp.forkedOn = owner;
                sp.forkSlot = b;
                j = sp;
                owner.deque.push(j);
                Loops.commitSplit(loop, sp);
                owner.forksSplit++;
            } else {
                j = switch (kind) {
                    case K_INT_FN -> new Calls.IntCall((IntUnaryOperator) item, (int) (w0 >> 32));
                    case K_LONG_FN -> new Calls.LongCall((LongUnaryOperator) item, words[(b << SLOT_SHIFT) + 1]);
                    case K_DOUBLE_FN -> new Calls.DoubleCall((DoubleUnaryOperator) item,
                            Double.longBitsToDouble(words[(b << SLOT_SHIFT) + 1]));
                    case K_DOUBLE_FN2, K_DOUBLE_FN3, K_DOUBLE_FN4, K_DOUBLE_FN5 -> {
                        int k = b << SLOT_SHIFT;
                        yield new Calls.DoubleNCall(item, kind - K_DOUBLE_FN2 + 2,
                                Double.longBitsToDouble(words[k + 1]), Double.longBitsToDouble(words[k + 2]),
                                Double.longBitsToDouble(words[k + 3]), Double.longBitsToDouble(words[k + 4]),
                                Double.longBitsToDouble(words[k + 5]));
                    }
                    case K_RUNNABLE -> new Calls.RunCall((Runnable) item);
                    case K_SUPPLIER -> new Calls.SupplierCall<>((Supplier<?>) item);
                    case K_INT_SUPPLIER -> new Calls.IntSupplierCall((IntSupplier) item);
                    case K_LONG_SUPPLIER -> new Calls.LongSupplierCall((LongSupplier) item);
                    case K_DOUBLE_SUPPLIER -> new Calls.DoubleSupplierCall((DoubleSupplier) item);
                    case K_ASYNC -> new Async((Runnable) item);
                    case K_JOB -> forkForPublication(b, (Job) item, w0) ? (Job) item : null;
                    case K_SPAWN -> new Spawned((Runnable) item);
                    default -> throw new IllegalStateException("corrupt pending slot " + b + ": kind " + kind);
                };
                if (j == null) {
                    // A task that is no longer NEW was shared already — the stall monitor moved it to the
                    // inbox — or cancelled: the slot counts as published (its drain or join finds the job
                    // elsewhere), and there is nothing to push.
                    base = b + 1;
                    continue;
                }
                Finish f = kind == K_SPAWN ? null : owner.finishOf(b); // a spawn is detached from scopes
                Job.Shared sh = j.shared();
                sh.scope = f;
                Contexts cx = owner.pool.contexts;
                if (cx != null) {
                    sh.context = cx.capture(); // work leaves this thread: its context goes with it
                }
                j.forkedOn = owner;
                j.forkSlot = b;
                boolean count = f != null && (kind == K_ASYNC || kind == K_JOB);
                if (count && !sh.counted) {
                    // Counted before it becomes visible, so the scope cannot look quiescent while a
                    // thief runs it. Already counted only by an earlier publication of this task that an
                    // error interrupted before its push (its release below did not run to the end).
                    f.acquire();
                    sh.counted = true;
                }
                try {
                    owner.deque.push(j);
                } catch (Throwable t) {
                    // Growth under an OutOfMemoryError, or a StackOverflowError near the end of the stack:
                    // the slot stays private. An error in the release leaves a job still counted, which
                    // the next publication does not count again (releaseCount). A task stays FORKED: its slot's word says this owner made it so
                    // (forkForPublication), and every private run of it claims.
                    if (count) {
                        j.releaseCount();
                    }
                    throw t;
                }
                items[b] = j;
                base = b + 1;
            }
            owner.published++;
            return true;
        }
    }

    /**
     * Whether task {@code t}, in private slot {@code b} with word {@code w0}, may be published: the CAS
     * from NEW to FORKED that the stall monitor's move also uses decides which of them shares it. After
     * the CAS succeeds the slot's word records it ({@link #FORKED_HERE}, a plain store right after the
     * call returns, so no error can come between): a publication of the same slot that an error
     * interrupted after the CAS (a StackOverflowError in any call before the push) left a FORKED task in
     * a private slot, and the next publication must push it, not take it for a task the monitor moved
     * (whose slot counts as published, and whose job is found in the inbox). A private run of such a
     * slot claims the task, as any run but the owner's fast join does; the fast join sees it is not NEW.
     */
    private boolean forkForPublication(int b, Job t, long w0) {
        if ((w0 & FORKED_HERE) != 0) {
            return t.status() == Job.FORKED; // else cancelled meanwhile: nothing to push
        }
        if (!t.casForked()) {
            return false;
        }
        words[b << SLOT_SHIFT] = w0 | FORKED_HERE;
        return true;
    }

    /**
     * Publishes every private slot: used before the owner blocks (managed blocking), so that its
     * pending work does not wait for it.
     */
    void publishAll() {
        while (publishOldest()) {
            // keep going
        }
    }

    /**
     * Emergency reset after an error inside Weft itself: pops the slots above {@code newTop} without
     * running them. Each private one's work is settled with {@code cause} ({@link #abandon}: a task
     * fails with it, an async's finish gets it), so nobody waits for it forever; published jobs among
     * them stay in the published deque, where the owner or a thief still runs them.
     */
    void resetTo(int newTop, Throwable cause) {
        for (int i = top - 1; i >= newTop; i--) {
            Object item = items[i];
            items[i] = null;
            if (i >= base && item != null) {
                try {
                    abandon(i, item, words[i << SLOT_SHIFT], cause);
                } catch (Throwable again) {
                    if (again != cause) {
                        cause.addSuppressed(again); // out of stack or memory again: keep unwinding
                    }
                }
            }
        }
        top = Math.min(top, newTop);
        base = Math.min(base, top);
    }

    /**
     * Frees the slots of published asyncs at the top of the stack, down to {@code from} (the innermost
     * finish's base) or to the first slot that is not an async. A published async needs no slot: its
     * job is in the published deque or a thief's hands, and its finish counts it, so the finish waits
     * for it (helping, which takes it from the deque if no thief did). The private asyncs above them
     * move down; nothing refers to an async's index, and the scan stops below any slot whose index a
     * running join, loop or task holds. Without this, a finish whose asyncs are stolen as fast as they
     * are spawned keeps one slot per async ever published: 100 million asyncs ran out of memory.
     */
    void compactAsyncs(int from) {
        int t = top;
        int k = t;
        while (k > from) {
            int kind = kindOf(words[(k - 1) << SLOT_SHIFT]);
            if (kind != K_ASYNC && kind != K_EMPTY) {
                break;
            }
            k--;
        }
        int b = base;
        if (b <= k) {
            return; // no published async in that stretch
        }
        int dst = k;
        for (int i = b; i < t; i++) {
            long w0 = words[i << SLOT_SHIFT];
            if (kindOf(w0) == K_EMPTY) {
                continue;
            }
            items[dst] = items[i];
            words[dst << SLOT_SHIFT] = w0;
            dst++;
        }
        for (int i = dst; i < t; i++) {
            items[i] = null;
        }
        base = k;
        top = dst;
    }

    /** Number of private (unpublished) slots. */
    int privateCount() {
        return top - base;
    }
}
