package dev.weft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A unit of work that can travel between threads: what a thief takes from a published deque, what an
 * external thread submits, and the base of the public {@link Task}. Jobs exist only where work is
 * shared or where the user allocated a {@link Task}; the primitive and lambda forks of {@link Weft}
 * create none unless they are published (see PROTOCOL.md).
 *
 * <h2>Completion protocol</h2>
 * <p>{@code status} moves once from a live state ({@link #NEW}, {@link #FORKED}) to a final one
 * ({@link #NORMAL}, {@link #FAILED}, {@link #CANCELLED}) by CAS, so a {@code cancel} from another
 * thread is never overwritten by a completing runner. The outcome fields ({@code failure} and the
 * subclasses' result fields) are written before that CAS and read after an acquire load of the
 * status, so a reader that sees a final status sees the outcome.
 *
 * <p>Waiting ({@link #awaitDone}) installs the {@link Shared} part if needed, pushes a waiter node on it
 * by CAS and then re-reads the status; completion CASes the status and then reads {@code shared} and its
 * waiter stack. Both sides are sequentially consistent, so one of
 * them sees the other: no wake-up is lost. Parks are timed anyway (back-off to 100 ms) so that a bug
 * elsewhere could cost latency, never a hang.
 */
abstract class Job extends Awaited {
    static final int NEW = 0;
    static final int FORKED = 1;
    /** Claimed by the thread that runs it ({@link #claim}); still live: a cancel may win over it. */
    static final int RUNNING = 2;
    static final int NORMAL = 3;
    static final int FAILED = 4;
    static final int CANCELLED = 5;

    private static final VarHandle STATUS;
    private static final VarHandle WAITERS;
    private static final VarHandle SHARED;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATUS = l.findVarHandle(Job.class, "status", int.class);
            WAITERS = l.findVarHandle(Shared.class, "waiters", Waiter.class);
            SHARED = l.findVarHandle(Job.class, "shared", Shared.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Accessed only through {@link #STATUS} with an explicit mode per use. */
    @SuppressWarnings("unused")
    private int status;
    /** The failure when status is FAILED (or the cancellation cause). Written before the status. */
    Throwable failure;
    /**
     * Where this job was forked: the worker and the slot of its pending stack. Written by the forking
     * worker ({@code Task.fork}, or the publisher before publication, whose release store publishes
     * them). The owner's joins use them to find a private task; a joiner elsewhere uses them to help only
     * with work it may run without deadlock ({@link #mayHelp}).
     */
    Worker forkedOn;
    int forkSlot = -1;
    /**
     * What a job needs only once more than one thread can reach it, or null until then: see
     * {@link Shared}. Installed once by CAS ({@link #shared()}); read with a volatile load.
     */
    private volatile Shared shared;

    /**
     * The part of a job's state that only a shared job needs: its finish scope, its runner, the pool
     * whose inbox holds it, and the threads parked on it. A task forked and joined by one worker — the
     * common case — never allocates one, which keeps a {@link Task} at 36 bytes plus the user's fields
     * instead of 56 (a {@code RecursiveTask} is 24): at one allocation per fork, the object's size is a
     * measurable part of what a private fork costs (PROTOCOL.md, "Claims").
     *
     * <p>Every writer goes through {@link #shared()}, so all see one object. The fields other than
     * {@code waiters} and {@code runner} are written before the job becomes reachable by the thread that
     * reads them (publication to a deque or the inbox is a release), as they were when they lived in the
     * job itself.
     */
    static final class Shared {
        /** Stack of threads parked in {@link #awaitDone}; null when none. */
        volatile Waiter waiters;
        /**
         * The finish scope this job runs under, or null. Set by the publisher before publication (the
         * deque's release store publishes it). Jobs counted in that scope's counter have {@link #counted}.
         */
        Finish scope;
        boolean counted;
        /**
         * The height of its runner's pending stack when the runner started it ({@link Worker#runJob}):
         * the runner's forks from slot {@code frameBase} up, while it runs this job, are this job's
         * descendants. Written before {@link #runner}, whose volatile store publishes it.
         */
        int frameBase;
        /** The pool whose inbox this job was submitted to, or null: where a joiner may find it waiting. */
        WeftPool inbox;
        /** The worker running this job once stolen or taken from the inbox: a hint for helping joiners. */
        volatile Worker runner;
        /**
         * The context its publisher or submitter captured ({@link Contexts}), or null: restored around
         * its run on the worker that takes it. Written before publication, like {@link #scope}.
         */
        Object[] context;
    }

    /** This job's {@link Shared} part, installed now if it has none yet. */
    final Shared shared() {
        Shared sh = shared;
        if (sh == null) {
            Shared fresh = new Shared();
            sh = (Shared) SHARED.compareAndExchange(this, (Shared) null, fresh);
            if (sh == null) {
                sh = fresh;
            }
        }
        return sh;
    }

    /** This job's {@link Shared} part, or null if it has none yet. */
    final Shared sharedIfAny() {
        return shared;
    }

    /** The finish scope the job runs under, or null (none, or not shared yet). */
    final Finish scope() {
        Shared sh = shared;
        return sh == null ? null : sh.scope;
    }

    /**
     * Gives back the finish-scope count this job holds, if it still holds one: once, however many of
     * the paths that settle it (its run, or the settling of a slot an error interrupted) call this. The
     * flag is cleared right after the decrement returns, with no call in between, so an error (a stack
     * overflow) can neither give the count back twice nor lose it; a wake-up lost to one is caught up
     * by the waiter's timed parks.
     */
    final void releaseCount() {
        Shared sh = shared;
        if (sh != null && sh.counted) {
            Finish f = sh.scope;
            boolean last = f.drop();
            sh.counted = false;
            if (last) {
                f.wakeWaiter();
            }
        }
    }

    /** The worker running this job if it was stolen or taken from an inbox (a hint), else null. */
    final Worker runner() {
        Shared sh = shared;
        return sh == null ? null : sh.runner;
    }

    /**
     * Whether a joiner may run this job while it waits: a fork that {@code publisher} made at or above
     * slot {@code minSlot} (inside the job the joiner waits for, or inside the job the joiner itself
     * runs), or, for a finish, a job of that scope. Such jobs are work the joiner waits for anyway, so
     * running one cannot make it wait for itself; an arbitrary job could join a task that is running
     * further down the joiner's own stack (a later sibling joining an earlier one), which no other thread
     * can then finish — the rule ForkJoinPool's helpJoin follows too.
     */
    final boolean mayHelp(Worker publisher, int minSlot, Finish finish) {
        if (finish != null) {
            return scope() == finish;
        }
        return forkedOn == publisher && forkSlot >= minSlot;
    }

    static final class Waiter {
        final Thread thread;
        final Waiter next;

        Waiter(Thread thread, Waiter next) {
            this.thread = thread;
            this.next = next;
        }
    }

    @Override
    final boolean isOver() {
        return isFinal();
    }

    /** Own forks inside the waiter's frame, then the forks its runner made inside it (leapfrogging). */
    @Override
    final Job helpFor(Worker w) {
        Job h = w.ownForkToHelp(null);
        return h != null ? h : w.leapfrog(this);
    }

    /** Asks its runner — or, while it has not started, the worker that forked it — to publish work. */
    @Override
    final void askForWork(Worker w) {
        Worker r = runner();
        if (r != null && r != w) {
            r.requestHelp();
        } else if (r == null && (r = forker()) != null && r != w) {
            r.requestHelp(); // not running yet: its forker still holds it; ask for it
        }
    }

    /**
     * Parks until done or {@code nanos} pass; then, if this job was submitted to the waiter's pool and
     * still waits in its inbox (a joiner may see a task before the submitter queued it), hands it to the
     * waiter to run.
     */
    @Override
    final Job parkBriefly(Worker w, long nanos) {
        try {
            awaitDone(System.nanoTime() + nanos, false);
        } catch (InterruptedException e) {
            throw new AssertionError(e); // not interruptible
        }
        return w.pool.removeFromInbox(this) ? this : null;
    }

    /** The worker that forked this job into its pending stack, if known (a hint), else null. */
    Worker forker() {
        return null;
    }

    /**
     * Runs the job's body and records its outcome: the result in the subclass's fields, a throwable in
     * {@link #failure}. Never throws.
     */
    void execute() {
        try {
            perform();
        } catch (Throwable t) {
            failure = t;
        }
    }

    /**
     * The failure as {@code Future} users expect it: the original exception, also when the body rethrew
     * the {@link TaskFailedException} of a join inside it (see {@link TaskFailedException#unwrap}). A
     * joiner gets {@link #failure} itself, wrapped, with every suppressed failure on the wrapper.
     */
    final Throwable originalFailure() {
        return TaskFailedException.unwrap(failure);
    }

    /** The job's body: computes and stores the result. What it throws becomes {@link #failure}. */
    abstract void perform() throws Exception;

    final int status() {
        return (int) STATUS.getAcquire(this);
    }

    final int statusVolatile() {
        return (int) STATUS.getVolatile(this);
    }

    final int statusPlain() {
        return (int) STATUS.get(this);
    }

    final boolean isFinal() {
        return status() >= NORMAL;
    }

    /** Marks a NEW job as FORKED with a CAS: used when the job is handed to another thread right away. */
    final boolean casForked() {
        return STATUS.compareAndSet(this, NEW, FORKED);
    }

    /**
     * Whether the stall monitor moved this job, a task still in its forker's pending stack, to
     * {@code pool}'s inbox (PROTOCOL.md, "Moving a stalled worker's tasks"): its forker then runs it from
     * there, or waits for the worker that took it.
     */
    final boolean movedTo(WeftPool pool) {
        Shared sh = shared;
        return sh != null && sh.inbox == pool;
    }

    /**
     * Claims this job for the calling thread: a CAS from a live, not yet running state to
     * {@link #RUNNING}. Every run of a job that another thread could also reach — a published deque,
     * the inbox, a slot taken back from the deque — goes through it, so none runs a second time; the
     * loser waits for the outcome instead. The one run without a claim is the owner's join of its own
     * private top slot ({@code Task.runOwn}): nobody else can reach a private slot.
     *
     * @return false if the job is running elsewhere or final
     */
    final boolean claim() {
        for (;;) {
            int s = (int) STATUS.getVolatile(this);
            if (s >= RUNNING) {
                return false;
            }
            if (STATUS.compareAndSet(this, s, RUNNING)) {
                return true;
            }
        }
    }

    /**
     * Moves a live job to {@code outcome} and wakes its waiters.
     *
     * @return false if the job was already final (cancelled while it ran)
     */
    final boolean complete(int outcome) {
        for (;;) {
            int s = (int) STATUS.getVolatile(this);
            if (s >= NORMAL) {
                return false;
            }
            if (STATUS.compareAndSet(this, s, outcome)) {
                // A volatile read after the CAS: a waiter installs its node (and the Shared part)
                // before it re-reads the status, so one of the two sees the other (class comment).
                Shared sh = shared;
                if (sh != null && sh.waiters != null) {
                    wakeWaiters(sh);
                }
                return true;
            }
        }
    }

    /**
     * Settles a live job that will not run (or not to its end) because of {@code cause}, an error in
     * Weft's own frames — a StackOverflowError in a drain near the end of the stack: it completes with
     * the failure, so nobody waits for it forever. Also from RUNNING: the run that claimed it is the one
     * the error unwound. Kinds whose failures nobody joins report it where their failures go
     * ({@link #reportAbandoned}).
     *
     * @return false if the job was already final (nothing to settle)
     */
    final boolean abandon(Throwable cause) {
        if (isFinal()) {
            return false;
        }
        failure = cause;
        if (!complete(FAILED)) {
            return false;
        }
        reportAbandoned(cause);
        return true;
    }

    /**
     * Where a job that nobody joins reports the error that {@link #abandon} settled it with. A joined job
     * needs nothing: its joiner gets the failure.
     */
    void reportAbandoned(Throwable cause) {
    }

    /** Moves a live job to CANCELLED; false if it already finished. */
    final boolean tryCancel() {
        for (;;) {
            int s = (int) STATUS.getVolatile(this);
            if (s >= NORMAL) {
                return false;
            }
            if (STATUS.compareAndSet(this, s, CANCELLED)) {
                Shared sh = shared;
                if (sh != null) {
                    wakeWaiters(sh);
                }
                return true;
            }
        }
    }

    private static void wakeWaiters(Shared sh) {
        Waiter w = (Waiter) WAITERS.getAndSet(sh, (Waiter) null);
        for (; w != null; w = w.next) {
            LockSupport.unpark(w.thread);
        }
    }

    /**
     * Blocks the calling thread until this job is final or the deadline passes (deadline 0 = none).
     * Parks are timed with exponential back-off from 1 µs to {@link #MAX_PARK_NANOS}: see the class
     * comment for why.
     * A thread registers at most one waiter node per job, however often it calls this (a joiner that
     * helps between short waits calls it many times). A non-interruptible wait keeps a pending
     * interrupt for the caller but clears it while parking, so that parking does not spin.
     *
     * @return true if final
     */
    final boolean awaitDone(long deadlineNanos, boolean interruptible) throws InterruptedException {
        if (isFinal()) {
            return true;
        }
        Thread me = Thread.currentThread();
        Shared sh = shared();
        boolean registered = false;
        for (Waiter q = sh.waiters; q != null; q = q.next) {
            if (q.thread == me) {
                registered = true;
                break;
            }
        }
        if (!registered) {
            for (;;) {
                Waiter head = sh.waiters;
                if (WAITERS.compareAndSet(sh, head, new Waiter(me, head))) {
                    break;
                }
            }
        }
        boolean interrupted = false;
        long backoff = 1_000L;
        try {
            while (!isFinal()) {
                long park = backoff;
                if (deadlineNanos != 0L) {
                    long left = deadlineNanos - System.nanoTime();
                    if (left <= 0L) {
                        return false;
                    }
                    park = Math.min(park, left);
                }
                LockSupport.parkNanos(this, park);
                if (Thread.interrupted()) {
                    if (interruptible) {
                        throw new InterruptedException();
                    }
                    interrupted = true;
                }
                backoff = Math.min(backoff << 1, MAX_PARK_NANOS);
            }
            return true;
        } finally {
            if (interrupted) {
                me.interrupt();
            }
        }
    }

    /**
     * Longest single park of a waiter. Completion always wakes registered waiters, so this only bounds
     * the cost of a bug elsewhere; it is long enough that a thread waiting in {@code pool.invoke} for a
     * long computation wakes about ten times a second, not a thousand (which cost measurable CPU on a
     * two-core machine).
     */
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** Registers {@code t} to be unparked when this job completes, without waiting. */
    final void addWaiter(Thread t) {
        Shared sh = shared();
        for (;;) {
            Waiter head = sh.waiters;
            if (WAITERS.compareAndSet(sh, head, new Waiter(t, head))) {
                break;
            }
        }
        if (isFinal()) {
            wakeWaiters(sh); // completed before the node was visible to the completer
        }
    }

    /** Number of registered waiters (for tests: waiting must not leak nodes). */
    final int waiterCount() {
        int n = 0;
        Shared sh = shared;
        for (Waiter q = sh == null ? null : sh.waiters; q != null; q = q.next) {
            n++;
        }
        return n;
    }

    /** The exception a joiner throws for a final, non-normal job. */
    final RuntimeException joinFailure() {
        int s = status();
        if (s == CANCELLED) {
            CancellationException ce = new CancellationException("task was cancelled");
            if (failure != null) {
                ce.initCause(failure);
            }
            return ce;
        }
        return TaskFailedException.wrap(failure);
    }

    /**
     * Runs this job on the calling thread and records its outcome, unless it was cancelled first or
     * another thread claimed it. Returns false in that last case: the caller must wait for it.
     */
    final boolean runInline() {
        if (!claim()) {
            return isFinal();
        }
        try {
            execute();
        } catch (Throwable t) {
            failure = t; // execute records the body's failures; this is an error calling it (stack overflow)
        }
        complete(failure == null ? NORMAL : FAILED);
        return true;
    }
}
