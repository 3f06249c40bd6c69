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
 *   <li><b>diagnosis</b>: if the stalled worker holds forks that only it can run (private pending
 *       slots), nothing can make progress for them; the monitor reports it once per stall, naming the
 *       worker, the wait and the fix, as a {@code dev.weft.Stall} JFR event, a warning on the
 *       {@code dev.weft} {@link System.Logger}, and the pool's {@link PoolStats#stalls()} counter.
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

    private final WeftPool pool;
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
        for (Worker w : pool.workers) {
            if (isWaitingOutsideWeft(w)) {
                long progress = w.pending.forks + w.topLevelRuns;
                if (w.stallSamples == 0 || progress != w.stallProgress) {
                    w.stallSamples = 1;
                    w.stallProgress = progress;
                } else if (++w.stallSamples >= STALL_SAMPLES) {
                    stalled++;
                    if (!w.stallReported && w.pending.privateCount() > 0) {
                        w.stallReported = true;
                        diagnose(w);
                    }
                }
            } else {
                w.stallSamples = 0;
                w.stallReported = false;
            }
        }
        pool.stalledWorkers = stalled;
        Sleep sleep = pool.sleep;
        if (stalled > 0 && sleep.searching() == 0 && sleep.parked() == 0 && pool.hasVisibleWork()) {
            if (++starvedSamples >= 2) {
                starvedSamples = 0;
                pool.compensateStall();
            }
        } else {
            starvedSamples = 0;
        }
    }

    private static boolean isWaitingOutsideWeft(Worker w) {
        if (w.state != Worker.RUNNING || w.weftWaits > 0) {
            return false;
        }
        Thread.State ts = w.getState();
        return ts == Thread.State.WAITING || ts == Thread.State.TIMED_WAITING || ts == Thread.State.BLOCKED;
    }

    private void diagnose(Worker w) {
        pool.stalls.incrementAndGet();
        String wait = describeWait(w.getStackTrace());
        int held = w.pending.privateCount();
        long millis = (long) w.stallSamples * PERIOD_NANOS / 1_000_000L;
        Events.stall(pool, w, wait, held, millis);
        if (LOG.isLoggable(System.Logger.Level.WARNING)) {
            LOG.log(System.Logger.Level.WARNING, "weft: worker " + w.getName() + " has been waiting for "
                    + millis + " ms in " + wait + " outside Weft.blocking, holding " + held
                    + (held == 1 ? " forked task" : " forked tasks")
                    + " that no other worker can run until it returns. Wrap the wait in Weft.blocking(...),"
                    + " or wait with join()/get() on the Weft task instead.");
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
