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
 *   <li><b>diagnosis</b>: forks the stalled worker holds privately wait for it — only their owner may
 *       touch them, which is what lets a fork and the join of an unstolen task go without a single
 *       atomic instruction — so the monitor reports the stall once, naming the worker, the wait and
 *       the fix ({@link Weft#blocking}, which publishes them first), as a {@code dev.weft.Stall} JFR
 *       event, a warning on the {@code dev.weft} {@link System.Logger}, and the pool's
 *       {@link PoolStats#stalls()} counter.
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
                long progress = w.pending.forks + w.jobsTaken();
                if (w.stallSamples == 0 || progress != w.stallProgress) {
                    w.stallSamples = 1;
                    w.stallProgress = progress;
                } else if (++w.stallSamples >= STALL_SAMPLES) {
                    stalled++;
                    stuck++;
                    if (w.pending.privateCount() > 0 && !w.stallReported) {
                        w.stallReported = true;
                        diagnose(w);
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
     * Reports a stall: the JFR event and the warning first, the counter last, so that whoever sees the
     * counter move (a test, a dashboard) finds the event and the log line already there, and the figures
     * were read while the worker still waited.
     */
    private void diagnose(Worker w) {
        int held = w.pending.privateCount();
        String wait = describeWait(w.getStackTrace());
        long millis = (long) w.stallSamples * PERIOD_NANOS / 1_000_000L;
        Events.stall(pool, w, wait, held, millis);
        long now = System.nanoTime();
        if (lastWarning != 0L && now - lastWarning < WARNING_INTERVAL_NANOS) {
            suppressedWarnings++; // recorded (JFR) above and counted below; the log says it once per interval
        } else {
            lastWarning = now;
            if (LOG.isLoggable(System.Logger.Level.WARNING)) {
                String what = " while holding " + held + (held == 1 ? " fork" : " forks")
                        + " that no other worker can run until it returns";
                String more = suppressedWarnings > 0 ? " (" + suppressedWarnings + " similar stalls since the last warning)" : "";
                suppressedWarnings = 0;
                LOG.log(System.Logger.Level.WARNING, "weft: worker " + w.getName() + " has been waiting for "
                        + millis + " ms in " + wait + " outside Weft.blocking" + what
                        + ". Wrap the wait in Weft.blocking(...), or wait with join()/get() on the Weft task." + more);
            }
        }
        pool.stalls.incrementAndGet();
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
