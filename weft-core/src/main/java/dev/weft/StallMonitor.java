package dev.weft;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Watches a pool for workers stuck in a <em>foreign</em> wait: a latch, a lock, a sleep, a
 * {@code CompletableFuture.join()} that the task entered without {@link Weft#blocking}. Such a worker
 * neither runs other work nor answers requests for the forks it holds privately, so ForkJoinPool code
 * ported as is could hang where ForkJoinPool (whose forks are always stealable, and whose
 * {@code CompletableFuture} waits compensate) completes.
 *
 * <p>Every {@link #PERIOD_NANOS} the monitor samples each running worker's thread state. A worker seen
 * waiting (WAITING, TIMED_WAITING or BLOCKED) in {@link #STALL_SAMPLES} consecutive samples while it
 * is not inside one of Weft's own waits, and without forking meanwhile, is <em>stalled</em>. Then:
 * <ul>
 *   <li><b>progress</b>: if work that any worker could run — an inbox submission or a published job —
 *       has been waiting for a whole period while no worker is idle, the pool adds a temporary worker,
 *       as {@link Weft#blocking} would have (a stalled worker counts as blocked until it moves again);
 *   <li><b>rescue</b>: forks the stalled worker holds privately would wait for it. Those that are
 *       {@link Task}s are claimed ({@link Job#claim}: the owner, when it comes back, finds them
 *       claimed and waits for them) and handed to another worker through the inbox ({@link Rescue});
 *   <li><b>diagnosis</b>: either way the monitor reports the stall once, naming the worker, the wait
 *       and the fix, as a {@code dev.weft.Stall} JFR event, a warning on the {@code dev.weft}
 *       {@link System.Logger}, and the pool's {@link PoolStats#stalls()} counter. Forks of the lambda
 *       forms (join halves, asyncs) have no claim of their own: they still wait for their worker.
 * </ul>
 *
 * <p>All reads of worker fields here are racy on purpose: the monitor only decides whether to add a
 * spare (which is always safe) or to print a diagnosis, and it re-checks on every sample.
 */
final class StallMonitor implements Runnable {
    static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /** Consecutive waiting samples that make a stall: about a second. */
    static final int STALL_SAMPLES = 4;

    private static final System.Logger LOG = System.getLogger("dev.weft");

    /** At most one warning per pool in this interval; PoolStats and JFR count every stall. */
    static final long WARNING_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final WeftPool pool;
    private long lastWarning;
    private int suppressedWarnings;
    /** Samples in which the inbox or a published deque held work while no worker was idle. */
    private int starvedSamples;

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
        while (!pool.monitorMayStop()) {
            LockSupport.parkNanos(this, PERIOD_NANOS);
            try {
                sample();
            } catch (Throwable t) {
                pool.reportInternalError(t);
            }
        }
    }

    private void sample() {
        int stalled = 0;
        int stuck = 0; // blocked in Weft.blocking, stalled, or parked in one of Weft's own waits
        int live = 0;
        for (Worker w : pool.workers) {
            live++;
            if (isWaitingOutsideWeft(w)) {
                long progress = w.pending.forks + w.topLevelRuns;
                if (w.stallSamples == 0 || progress != w.stallProgress) {
                    w.stallSamples = 1;
                    w.stallProgress = progress;
                } else if (++w.stallSamples >= STALL_SAMPLES) {
                    stalled++;
                    stuck++;
                    if (w.pending.privateCount() > 0) {
                        int rescued = rescue(w);
                        if (!w.stallReported) {
                            w.stallReported = true;
                            diagnose(w, rescued);
                        }
                    }
                }
            } else {
                w.stallSamples = 0;
                w.stallReported = false;
                if (w.state == Worker.BLOCKED || isParkedInWeftWait(w)) {
                    stuck++;
                }
            }
        }
        // Everyone is stuck: joiners waiting for work that cannot move until someone runs what waits
        // (a submission in the inbox that a blocked task waits for, say). A joiner does not take
        // unrelated top-level work while it waits; the pool adds a worker instead, as ForkJoinPool
        // compensates a joiner that cannot help. The stuck joiners then count as blocked.
        boolean allStuck = live > 0 && stuck >= live;
        pool.stalledWorkers = allStuck ? stuck - countBlocked() : stalled;
        Sleep sleep = pool.sleep;
        if ((stalled > 0 || allStuck) && sleep.searching() == 0 && sleep.parked() == 0 && pool.hasVisibleWork()) {
            if (++starvedSamples >= 2) {
                starvedSamples = 0;
                pool.compensateStall();
            }
        } else {
            starvedSamples = 0;
        }
    }

    private int countBlocked() {
        int n = 0;
        for (Worker w : pool.workers) {
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

    /**
     * Claims the {@link Task}s among {@code w}'s private forks and queues them for other workers.
     * The reads of {@code w}'s pending stack race with nothing that matters: they only find candidates,
     * and the claim's CAS decides (a stale read yields a task that is already claimed or done).
     * Returns how many were rescued.
     */
    private int rescue(Worker w) {
        PendingStack p = w.pending;
        Object[] items = p.items;
        // Forks made inside a paused region (a unit of work holding a lock) are not rescued: another
        // worker running one could wait for that lock while the stalled worker, once it moves, waits for
        // the fork. A stalled worker has not moved for a second, so its racy pauseBase is current.
        int top = Math.min(Math.min(p.top, w.pauseBase), items.length);
        int n = 0;
        for (int i = Math.max(0, p.base); i < top; i++) {
            if (items[i] instanceof Task<?> t && t.statusVolatile() == Job.FORKED && t.claim()) {
                pool.enqueueRescue(new Rescue(t));
                n++;
            }
        }
        if (n > 0) {
            pool.rescues.addAndGet(n);
            Sleep sleep = pool.sleep;
            if (sleep.searching() == 0 && sleep.parked() == 0) {
                pool.compensateStall(); // everyone else is busy or stuck: somebody must run them
            }
        }
        return n;
    }

    private void diagnose(Worker w, int rescued) {
        pool.stalls.incrementAndGet();
        String wait = describeWait(w.getStackTrace());
        int held = w.pending.privateCount();
        long millis = (long) w.stallSamples * PERIOD_NANOS / 1_000_000L;
        Events.stall(pool, w, wait, held, rescued, millis);
        long now = System.nanoTime();
        if (lastWarning != 0L && now - lastWarning < WARNING_INTERVAL_NANOS) {
            suppressedWarnings++;
            return; // counted and recorded (JFR) above; the log says it once per interval
        }
        lastWarning = now;
        if (LOG.isLoggable(System.Logger.Level.WARNING)) {
            int left = Math.max(0, held - rescued);
            String what = rescued > 0
                    ? "; the pool moved " + rescued + (rescued == 1 ? " task" : " tasks") + " it had forked to"
                    + " other workers" + (left > 0 ? ", and " + left + " other forks wait until it returns" : "")
                    : " while holding " + held + (held == 1 ? " fork" : " forks")
                    + " that no other worker can run until it returns";
            String more = suppressedWarnings > 0 ? " (" + suppressedWarnings + " similar stalls since the last warning)" : "";
            suppressedWarnings = 0;
            LOG.log(System.Logger.Level.WARNING, "weft: worker " + w.getName() + " has been waiting for "
                    + millis + " ms in " + wait + " outside Weft.blocking" + what
                    + ". Wrap the wait in Weft.blocking(...), or wait with join()/get() on the Weft task." + more);
        }
    }

    /**
     * Runs a task the monitor claimed from a stalled worker. Its asyncs belong to the finish it was
     * forked in (the frame {@link Worker#runJob} pushes for this job's scope), and what it leaves pending
     * here is drained before the task completes, so the task's owner, who waits for its completion
     * when it drains or joins the slot, never sees it done with work outstanding.
     */
    static final class Rescue extends Job {
        private final Job task;

        Rescue(Job task) {
            this.task = task;
            this.scope = task.scope;
        }

        @Override
        void perform() {
            Worker w = Worker.current();
            PendingStack p = w.pending;
            int t0 = p.top;
            task.frameBase = t0; // before runner (volatile): joiners leapfrog from this base
            task.runner = w;
            try {
                task.execute();
                p.drainTo(t0);
            } finally {
                task.complete(task.failure == null ? NORMAL : FAILED);
            }
        }
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
            if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")) {
                continue;
            }
            if (i == 0) {
                return "a monitor or wait in " + stack[0];
            }
            return stack[i - 1].getClassName() + "." + stack[i - 1].getMethodName() + " (called from " + stack[i] + ")";
        }
        return stack.length > 0 ? stack[0].toString() : "an unknown wait";
    }
}
