package dev.weft;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Watches a pool for workers that hold forks but do not poll: a worker stuck in a <em>foreign</em> wait
 * (a latch, a lock, a sleep, a {@code CompletableFuture.join()} entered without {@link Weft#blocking}),
 * or one that <em>runs</em> for a long time without a fork, join or poll (a spin-wait for its own fork,
 * a long leaf) while other workers want work. Such a worker neither runs other work nor answers
 * requests for the forks it holds privately, so ForkJoinPool code ported as is could hang where
 * ForkJoinPool (whose forks are always stealable) completes.
 *
 * <p>Every {@link #PERIOD_NANOS} the monitor samples each running worker. A worker seen waiting
 * (WAITING, TIMED_WAITING or BLOCKED) or running (RUNNABLE) outside Weft's own waits in
 * {@link #STALL_SAMPLES} consecutive samples without progress (a fork, a publication, a job taken) is
 * <em>stalled</em>. Then:
 * <ul>
 *   <li><b>moves</b>: if it holds {@link Task}s privately — and, for a running worker, another worker
 *       wants work — the monitor moves them to the inbox, where any worker takes them
 *       ({@link TaskMoves}; PROTOCOL.md, "Moving a stalled worker's tasks");
 *   <li><b>progress</b>: if work that any worker could run — an inbox submission, a moved task, a
 *       published job — has been waiting for two periods while no worker is idle, the pool adds a
 *       temporary worker, as {@link Weft#blocking} would have (a waiting stalled worker counts as
 *       blocked until it moves again);
 *   <li><b>diagnosis</b>: once per stall, a {@code dev.weft.Stall} JFR event, a warning on the
 *       {@code dev.weft} {@link System.Logger} naming the worker, the wait or the code it runs, the forks
 *       it holds and the tasks moved, and the fix, and the pool's {@link PoolStats#stalls()} counter.
 *       Forks other than tasks (function-form joins, asyncs, spawns, loop ranges) cannot move: only
 *       their owner may touch them, which is what lets them go without a single atomic instruction.
 * </ul>
 * It also reports a <em>saturated</em> pool: every worker blocked for about a second while work waits
 * and the pool already runs {@link WeftPool.Builder#maxBlockingWorkers} temporary workers — the
 * documented policy at that bound is to block without compensation, which hangs if the blocked tasks
 * wait for the queued work ({@code dev.weft.Saturated}, a warning, {@link PoolStats#saturations()}).
 *
 * <p>All reads of worker fields here are racy on purpose: the monitor only decides whether to add a
 * spare (always safe), whether to try a move (which verifies what it read after a handshake with the
 * owner), or what to print, and it re-checks on every sample.
 */
final class StallMonitor implements Runnable {
    static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /** Consecutive samples without progress that make a stall: about a second. */
    static final int STALL_SAMPLES = 4;

    private static final System.Logger LOG = System.getLogger("dev.weft");

    /** At most one warning per pool in this interval; PoolStats and JFR count every stall. */
    static final long WARNING_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final WeftPool pool;
    private long lastWarning;
    private int suppressedWarnings;
    /** Samples in which the inbox or a published deque held work while no worker was idle. */
    private int starvedSamples;
    /** Consecutive samples in which the pool was saturated (see the class comment). */
    private int saturatedSamples;

    /** The monitor's record of one worker, owned by the monitor thread. */
    static final class Watch {
        /** Consecutive samples without progress, waiting or running outside Weft; 0 when not. */
        int samples;
        /** The worker's progress count at the first of those samples ({@link Worker#progress}). */
        long progress;
        /** Whether those samples saw the worker running (RUNNABLE) rather than waiting. */
        boolean running;
        /** Whether this stall has been reported. */
        boolean reported;
        /** Whether the last sample found the worker stalled (samples at the threshold or beyond). */
        boolean stalled;
        /** The tasks the worker held at the last sample: the candidates of the next move. */
        final TaskMoves.Sighting sighting = new TaskMoves.Sighting();

        void reset() {
            samples = 0;
            reported = false;
            sighting.clear();
        }
    }

    StallMonitor(WeftPool pool) {
        this.pool = pool;
    }

    static Thread start(WeftPool pool) {
        Thread t = new Thread(new StallMonitor(pool), pool.name + "-monitor");
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Override
    public void run() {
        while (!pool.workforce.monitorMayStop()) {
            LockSupport.parkNanos(this, pool.stallPeriodNanos);
            try {
                sample();
            } catch (Throwable t) {
                pool.reportInternalError(t);
            }
        }
    }

    private void sample() {
        int stalled = 0;
        int stuck = 0; // blocked in Weft.blocking, stalled waiting, or parked in one of Weft's own waits
        int busy = 0; // stalled running: no fork, join or poll for a stall's samples
        int live = 0;
        Sleep sleep = pool.sleep;
        Worker[] ws = pool.workforce.workers;
        for (Worker w : ws) {
            live++;
            Watch s = w.watch;
            boolean waiting = isWaitingOutsideWeft(w);
            boolean running = !waiting && isRunningOutsideWeft(w);
            s.stalled = false;
            if (!waiting && !running) {
                s.reset();
                if (w.state == Worker.BLOCKED || isParkedInWeftWait(w)) {
                    stuck++;
                }
                continue;
            }
            long progress = w.progress();
            if (s.samples == 0 || progress != s.progress || s.running != running) {
                s.reset();
                s.samples = 1;
                s.progress = progress;
                s.running = running;
            } else {
                s.samples++;
            }
            s.stalled = s.samples >= pool.stallSamples;
            if (s.stalled && waiting) {
                stalled++;
                stuck++;
            } else if (s.stalled) {
                busy++;
            }
        }
        // Everyone is stuck: joiners waiting for work that cannot move until someone runs what waits
        // (a submission in the inbox that a blocked task waits for, say). A joiner does not take
        // unrelated top-level work while it waits; the pool adds a worker instead, as ForkJoinPool
        // compensates a joiner that cannot help. The stuck joiners then count as blocked. A worker that
        // has run without polling for a stall's samples (a spin for its own fork, a long leaf) cannot take
        // that work either, so it counts too — but only beside a stuck one: a pool whose workers all run
        // long leaves while submissions queue is merely busy, not stuck.
        boolean allStuck = live > 0 && stuck > 0 && stuck + busy >= live;
        boolean wanted = sleep.hungry() > 0 || allStuck;
        for (Worker w : ws) {
            Watch s = w.watch;
            if (s.samples == 0) {
                continue;
            }
            // A running worker's forks matter only while someone wants work (an idle or waiting worker,
            // or a pool otherwise stuck, which a move and an added worker get going), and only those it
            // could publish (not those of a paused region, which it keeps on purpose).
            int held = s.running ? w.publishableCount() : w.pending.privateCount();
            if (s.stalled && held > 0 && (!s.running || wanted)) {
                onStall(w, s, held);
            }
            if (held > 0 && TaskMoves.ENABLED) {
                s.sighting.take(w); // after onStall: a move only takes tasks sighted before it began
            } else {
                s.sighting.clear();
            }
        }
        pool.workforce.stalledWorkers = allStuck ? stuck + busy - countBlocked() : stalled;
        boolean waitingWork = (stalled > 0 || allStuck) && sleep.searching() == 0 && sleep.parked() == 0
                && pool.hasVisibleWork();
        if (waitingWork) {
            if (++starvedSamples >= 2) {
                starvedSamples = 0;
                pool.workforce.compensate();
            }
        } else {
            starvedSamples = 0;
        }
        if (allStuck && pool.workforce.spareLimitReached() && pool.hasVisibleWork()) {
            if (++saturatedSamples == pool.stallSamples) {
                reportSaturation(live);
            }
        } else {
            saturatedSamples = 0;
        }
    }

    /**
     * A stalled worker holds forks: moves the tasks among them that were sighted at the last sample, and
     * reports the stall once.
     */
    private void onStall(Worker w, Watch s, int held) {
        int moved = 0;
        StackTraceElement[][] stack = new StackTraceElement[1][];
        if (TaskMoves.ENABLED && s.sighting.count > 0) {
            moved = TaskMoves.move(pool, w, s.sighting, stack);
        }
        if (!s.reported) {
            s.reported = true;
            diagnose(w, s.running, stack[0] != null ? stack[0] : w.getStackTrace(), held, moved,
                    (long) s.samples * pool.stallPeriodNanos / 1_000_000L);
        }
    }

    private int countBlocked() {
        int n = 0;
        for (Worker w : pool.workforce.workers) {
            if (w.state == Worker.BLOCKED) {
                n++;
            }
        }
        return n;
    }

    /** In one of Weft's own waits (a join or finish) with nothing to help with. */
    private static boolean isParkedInWeftWait(Worker w) {
        return w.state == Worker.RUNNING && w.weftWaits > 0;
    }

    private static boolean isWaitingOutsideWeft(Worker w) {
        if (w.state != Worker.RUNNING || w.weftWaits > 0) {
            return false;
        }
        Thread.State ts = w.getState();
        return ts == Thread.State.WAITING || ts == Thread.State.TIMED_WAITING || ts == Thread.State.BLOCKED;
    }

    /** Running a job's code (not searching, parked, blocked or in one of Weft's own waits). */
    private static boolean isRunningOutsideWeft(Worker w) {
        return w.state == Worker.RUNNING && w.weftWaits == 0 && w.getState() == Thread.State.RUNNABLE;
    }

    /**
     * Reports a stall: the JFR event and the warning first, the counter last, so that whoever sees the
     * counter move (a test, a dashboard) finds the event and the log line already there, and the figures
     * were read while the worker still stalled.
     */
    private void diagnose(Worker w, boolean running, StackTraceElement[] stack, int held, int moved, long millis) {
        String where = running ? describeRunning(stack) : describeWait(stack);
        Events.stall(pool, w, running, where, held, moved, millis);
        long now = System.nanoTime();
        if (lastWarning != 0L && now - lastWarning < WARNING_INTERVAL_NANOS) {
            suppressedWarnings++; // recorded (JFR) above and counted below; the log says it once per interval
        } else {
            lastWarning = now;
            if (LOG.isLoggable(System.Logger.Level.WARNING)) {
                String forks = held + (held == 1 ? " fork" : " forks");
                String fate = moved == held ? (held == 1 ? "; it was a task and moved" : "; all were tasks and moved")
                        + " to other workers"
                        : moved > 0 ? "; " + moved + " of them were tasks and moved to other workers, the others"
                                + " wait for it"
                        : " that no other worker can run until it returns";
                String more = suppressedWarnings > 0 ? " (" + suppressedWarnings + " similar stalls since the last warning)" : "";
                suppressedWarnings = 0;
                String msg = running
                        ? "weft: worker " + w.getName() + " has run for " + millis + " ms " + where
                                + " without a fork, join or poll while other workers wanted work, holding " + forks + fate
                                + ". Fork such work before a long leaf, split the leaf, or poll it with Weft.hungry()."
                        : "weft: worker " + w.getName() + " has been waiting for " + millis + " ms in " + where
                                + " outside Weft.blocking while holding " + forks + fate
                                + ". Wrap the wait in Weft.blocking(...), or wait with join()/get() on the Weft task.";
                LOG.log(System.Logger.Level.WARNING, msg + more);
            }
        }
        pool.stalls.incrementAndGet();
    }

    /** Reports a saturated pool (see the class comment): event and warning first, then the counter. */
    private void reportSaturation(int workers) {
        int blocked = pool.workforce.blocked();
        int waiting = pool.waitingJobs();
        Events.saturated(pool, workers, blocked, waiting);
        if (LOG.isLoggable(System.Logger.Level.WARNING)) {
            LOG.log(System.Logger.Level.WARNING, "weft: pool " + pool.name + " is saturated: all " + workers
                    + " workers have been blocked for about a second (" + blocked + " in Weft.blocking) while "
                    + waiting + (waiting == 1 ? " job waits" : " jobs wait") + " to run, and the pool already runs maxBlockingWorkers ("
                    + pool.workforce.maxBlockingWorkers() + ") temporary workers. If the blocked tasks wait for that work,"
                    + " they wait forever: raise WeftPool.Builder.maxBlockingWorkers, or block on fewer tasks at once.");
        }
        pool.saturations.incrementAndGet();
    }

    /**
     * The blocking call the task made and where it made it: the last JDK frame before the first frame of
     * other code (so {@code java.util.concurrent.CountDownLatch.await}, {@code java.lang.Thread.sleep},
     * {@code java.util.concurrent.CompletableFuture.join}), or a monitor when the top frame is the
     * task's own {@code synchronized} code.
     */
    static String describeWait(StackTraceElement[] stack) {
        for (int i = 0; i < stack.length; i++) {
            String c = stack[i].getClassName();
            if (isJdk(c)) {
                continue;
            }
            if (i == 0) {
                return "a monitor or wait in " + stack[0];
            }
            return stack[i - 1].getClassName() + "." + stack[i - 1].getMethodName() + " (called from " + stack[i] + ")";
        }
        return stack.length > 0 ? stack[0].toString() : "an unknown wait";
    }

    /** Where a running worker runs: its first frame outside the JDK ("in Spin.run(Spin.java:12)"). */
    static String describeRunning(StackTraceElement[] stack) {
        for (StackTraceElement e : stack) {
            if (!isJdk(e.getClassName())) {
                return "in " + e;
            }
        }
        return stack.length > 0 ? "in " + stack[0] : "in unknown code";
    }

    private static boolean isJdk(String className) {
        return className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.");
    }
}
