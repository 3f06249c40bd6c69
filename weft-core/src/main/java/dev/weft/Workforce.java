package dev.weft;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A pool's worker population (PROTOCOL.md, "Workforce"): the core workers, the temporary workers
 * (spares) added while others block in {@link Weft#blocking} or stall, the core workers that exited after
 * the keep-alive and come back when work does, and the lock under which all of them are counted. The
 * {@link WeftPool} facade keeps the inbox and the run state; it takes this lock to change the run state,
 * so that a worker deciding to exit and a shutdown see each other.
 *
 * <p>Counts written under {@link #lock} and read racily elsewhere are volatile; the workers array is
 * replaced as a whole (copy on write) when a worker comes or goes.
 */
final class Workforce {
    final WeftPool pool;
    /** Guards every count below that is written, and the pool's run state transitions. */
    final Object lock = new Object();
    /** The workers, core and spare. */
    volatile Worker[] workers;
    /** How long a worker may stay parked in an idle pool before it exits ({@link WeftPool.Builder#keepAlive}). */
    final long keepAliveNanos;
    private final long stackSize;
    private final int maxBlockingWorkers;
    /** Workers whose thread runs (core and spare); under the lock. */
    private int liveWorkers;
    /** Live temporary workers; written under the lock, read racily by idle spares. */
    private volatile int liveSpares;
    private int nextIndex;
    /**
     * Core workers that exited after the keep-alive in an idle pool and are started again when work
     * comes ({@link #wakeOne}); written under the lock.
     */
    volatile int missingWorkers;
    /** Workers the {@link StallMonitor} sees stuck outside Weft; they count as blocked. */
    volatile int stalledWorkers;
    /** Workers inside {@link Weft#blocking} now. */
    private final AtomicInteger blockedWorkers = new AtomicInteger();
    /** Whether a {@link StallMonitor} thread runs; under the lock. */
    private boolean monitorRunning;
    /** Counters of workers that have exited (spares), folded into the totals; under the lock. */
    final PoolStats.Accumulator retired = new PoolStats.Accumulator();

    Workforce(WeftPool pool, long stackSize, int maxBlockingWorkers, long keepAliveNanos) {
        this.pool = pool;
        this.stackSize = stackSize;
        this.maxBlockingWorkers = maxBlockingWorkers;
        this.keepAliveNanos = keepAliveNanos;
    }

    /** Starts the core workers and the monitor. */
    void start(int parallelism) {
        Worker[] ws = new Worker[parallelism];
        synchronized (lock) {
            for (int i = 0; i < parallelism; i++) {
                ws[i] = newWorker(false);
            }
            liveWorkers = parallelism;
            workers = ws;
            monitorRunning = true;
        }
        for (Worker w : ws) {
            w.start();
        }
        StallMonitor.start(pool);
    }

    /** Under the lock. */
    private Worker newWorker(boolean spare) {
        int i = nextIndex++;
        return new Worker(pool, i, spare, pool.name + (spare ? "-spare-" : "-worker-") + i, stackSize);
    }

    /** Adds {@code w} to the workers array; under the lock. */
    private void add(Worker w) {
        Worker[] ws = Arrays.copyOf(workers, workers.length + 1);
        ws[ws.length - 1] = w;
        workers = ws;
        liveWorkers++;
    }

    int maxBlockingWorkers() {
        return maxBlockingWorkers;
    }

    /** Workers inside {@link Weft#blocking} now. */
    int blocked() {
        return blockedWorkers.get();
    }

    /** Live temporary workers (racy). */
    int spares() {
        return liveSpares;
    }

    /** Whether no worker thread runs any more; under the lock. */
    boolean noneLive() {
        synchronized (lock) {
            return liveWorkers == 0;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Waking (PROTOCOL.md, "Sleep" and "Keep-alive")

    /**
     * Wakes one parked worker, counting it as searching on its behalf; if none is parked but core
     * workers exited after the keep-alive, starts one instead. No-op otherwise.
     */
    void wakeOne() {
        Sleep sleep = pool.sleep;
        if (sleep.parked() > 0) {
            Worker[] ws = workers;
            int n = ws.length;
            int start = (int) (Thread.currentThread().threadId() % n);
            for (int i = 0; i < n; i++) {
                Worker w = ws[(start + i) % n];
                if (w.idle.claimParked()) {
                    sleep.parkedToSearching();
                    LockSupport.unpark(w);
                    return;
                }
            }
        }
        if (missingWorkers > 0) {
            restartWorker();
        }
    }

    /** Wakes every parked worker (shutdown: they exit once the inbox is empty). */
    void wakeAllParked() {
        for (Worker w : workers) {
            if (w.idle.claimParked()) {
                pool.sleep.parkedToSearching();
            }
            LockSupport.unpark(w);
        }
    }

    /** Sets HUNGRY on every running worker: the standing request of the last searcher to park. */
    void signalAllRunning() {
        for (Worker w : workers) {
            if (w.state == Worker.RUNNING) {
                w.signalHungry();
            }
        }
    }

    /** Starts a core worker in place of one that exited after the keep-alive. */
    private void restartWorker() {
        Worker w;
        boolean startMonitor;
        synchronized (lock) {
            if (missingWorkers == 0 || !pool.isRunning()) {
                return;
            }
            missingWorkers--;
            w = newWorker(false);
            add(w);
            startMonitor = !monitorRunning;
            monitorRunning = true;
        }
        w.start();
        if (startMonitor) {
            StallMonitor.start(pool);
        }
    }

    /**
     * Called by the monitor between samples: it stops once no worker is left (all exited after the
     * keep-alive, or the pool terminated), so an unused pool holds no thread at all; {@link
     * #restartWorker} starts it again.
     */
    boolean monitorMayStop() {
        synchronized (lock) {
            if (workers.length == 0) {
                monitorRunning = false;
                return true;
            }
            return false;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Keep-alive (PROTOCOL.md, "Keep-alive")

    /**
     * Whether a worker parked for the keep-alive may exit: the pool is running and entirely idle (every
     * worker parked, nothing queued or blocked). Racy; {@link #trim} decides under the lock.
     */
    boolean idleEverywhere() {
        return pool.isRunning() && pool.sleep.parked() >= workers.length && pool.inboxEmpty()
                && blockedWorkers.get() == 0;
    }

    /**
     * Counts core worker {@code w} as missing before it exits after the keep-alive. The caller then
     * rescans for work (Dekker with a submitter, which queues and then reads {@link #missingWorkers}).
     */
    boolean trim(Worker w) {
        synchronized (lock) {
            if (!pool.isRunning()) {
                return false;
            }
            missingWorkers++;
            return true;
        }
    }

    /**
     * A trimmed worker found work in its last rescan and stays. Returns false if a submitter already
     * started a replacement: the worker is then surplus and exits at its next idle period.
     */
    boolean untrim(Worker w) {
        synchronized (lock) {
            if (missingWorkers > 0) {
                missingWorkers--;
                return true;
            }
            return false;
        }
    }

    /** Whether an idle worker may exit: the pool is shut down and the inbox is empty. */
    boolean mayExit() {
        if (pool.isRunning()) {
            return false;
        }
        synchronized (lock) {
            return pool.inboxEmpty();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Managed blocking and spares (PROTOCOL.md, "Managed blocking")

    <T, X extends Exception> T block(Worker w, Weft.Blocker<T, X> blocker) throws X {
        if (w.state == Worker.BLOCKED) {
            return blocker.block(); // nested: this worker is already counted and compensated
        }
        PendingStack p = w.pending;
        if (p.privateCount() > 0) {
            // Hand the latent work to others while this worker cannot serve requests.
            p.publishAll();
            w.afterDirectPublication();
        }
        blockedWorkers.incrementAndGet();
        boolean compensated = compensate();
        Events.Blocked ev = Events.blockedBegin();
        int saved = w.state;
        w.state = Worker.BLOCKED;
        long t0 = System.nanoTime();
        try {
            return blocker.block();
        } finally {
            w.blockedNanos += System.nanoTime() - t0;
            w.state = saved;
            blockedWorkers.decrementAndGet();
            Events.blockedEnd(ev, pool, w, compensated);
        }
    }

    /**
     * Makes up for a worker that is about to block (or that the {@link StallMonitor} found stuck while
     * work waits): wakes a parked worker if there is one, else adds a spare worker while fewer spares
     * than blocked (and stalled) workers exist and the bound allows. Never throws: at the bound the
     * blocking simply proceeds without compensation.
     */
    boolean compensate() {
        if (pool.sleep.parked() > 0) {
            wakeOne();
            return true;
        }
        Worker spare;
        synchronized (lock) {
            // Also after shutdown: the blocked worker's task is still running and may wait for work
            // that only another worker can run; the spare exits once the pool has drained.
            if (liveWorkers == 0 || liveSpares >= maxBlockingWorkers
                    || liveSpares >= blockedWorkers.get() + stalledWorkers) {
                return false;
            }
            spare = newWorker(true);
            liveSpares++;
            add(spare);
        }
        spare.start();
        return true;
    }

    /** Whether the pool runs as many temporary workers as {@link WeftPool.Builder#maxBlockingWorkers} allows. */
    boolean spareLimitReached() {
        return liveSpares >= maxBlockingWorkers;
    }

    /** Whether there are more temporary workers than blocked workers (an idle spare may leave). */
    boolean spareSurplus() {
        return liveSpares > blockedWorkers.get() + stalledWorkers;
    }

    /**
     * An idle spare's decision to leave, taken under the lock that {@link #compensate} holds while it
     * decides whether to add a spare: the spare stops counting at once. (Deciding outside the lock let
     * a leaving spare still count as live, and a worker that blocked just then got no compensation: a
     * hang.) Returns false if the spare is needed after all.
     */
    boolean retireSpare(Worker w) {
        synchronized (lock) {
            if (liveSpares > blockedWorkers.get() + stalledWorkers) {
                liveSpares--;
                w.retired = true;
                return true;
            }
            return false;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Exits (PROTOCOL.md, "Lost workers")

    /**
     * A worker's thread ends. {@code orderly}: it left through its idle protocol (shutdown, keep-alive,
     * a spare no longer needed). Any other exit — an error that escaped even the worker's own reports —
     * would leave the pool a worker short for good (at parallelism 1, with nobody to run the inbox), so a
     * core worker lost that way is replaced at once, unless the pool is stopping.
     */
    void onWorkerExit(Worker w, boolean orderly) {
        boolean last;
        Worker replacement = null;
        synchronized (lock) {
            retired.add(w, pool.statsEpoch());
            if (w.spare && !w.retired) {
                liveSpares--;
            }
            Worker[] ws = workers;
            Worker[] rest = new Worker[ws.length - 1];
            int k = 0;
            for (Worker x : ws) {
                if (x != w && k < rest.length) {
                    rest[k++] = x;
                }
            }
            workers = k == rest.length ? rest : Arrays.copyOf(rest, k);
            if (!orderly && !w.spare && !w.surplus && !pool.isStopping()) {
                replacement = newWorker(false);
                add(replacement);
            }
            last = --liveWorkers == 0;
        }
        if (replacement != null) {
            replacement.start();
        }
        if (last && !pool.isRunning()) {
            pool.terminate();
        }
    }
}
