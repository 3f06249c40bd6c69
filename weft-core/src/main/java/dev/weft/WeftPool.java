package dev.weft;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * A pool of worker threads that run Weft tasks by work stealing; also a standard
 * {@link java.util.concurrent.ExecutorService}.
 *
 * <pre>{@code
 * try (WeftPool pool = new WeftPool()) {                 // one worker per processor
 *     long sum = pool.invoke(() -> Weft.parallelReduceLong(0, data.length, 0L, i -> data[i], Long::sum));
 * }
 * }</pre>
 *
 * <p>Inside a task, use the static forms of {@link Weft} ({@code join}, {@code finish}/{@code async},
 * {@code parallelFor}) or {@link Task#fork()}: they run on the calling worker and cost almost nothing
 * unless another worker steals the work. Calls from threads outside any pool run in
 * {@link #common()}.
 *
 * <p>Work submitted from outside the pool ({@link #invoke}, {@link #submit}, {@link #execute}) enters
 * through an inbox that idle workers poll; work submitted from a worker of this pool stays on that
 * worker, as a fork. {@link #shutdown()} lets submitted work finish and rejects new submissions with
 * {@link RejectedExecutionException}; {@link #close()} shuts down and waits.
 *
 * <p>A task that blocks (sleep, lock, I/O) should do so inside {@link Weft#blocking}: the pool then
 * adds a temporary worker, up to {@link Builder#maxBlockingWorkers(int)}, so the others keep running.
 */
public class WeftPool extends AbstractExecutorService implements AutoCloseable {
    private static final AtomicInteger POOL_IDS = new AtomicInteger();
    /** Default thread stack size: deep recursion is normal in fork/join code. Reserved, not committed. */
    static final long DEFAULT_STACK_SIZE = 256L << 20;

    private static final int RUNNING = 0;
    private static final int SHUTDOWN = 1;
    private static final int STOP = 2;

    final String name;
    final boolean daemon;
    final Thread.UncaughtExceptionHandler handler;
    private final int parallelism;
    private final long stackSize;
    private final int maxBlockingWorkers;
    private final boolean isCommon;
    /** log2 of 8 × parallelism, rounded up: loops divide their range by this with a shift. */
    final int chunkShift;
    private final GcListener gcListener;

    final Sleep sleep = new Sleep();
    /** The workers, core and spare; replaced as a whole (copy on write) when a spare comes or goes. */
    volatile Worker[] workers;
    private final ConcurrentLinkedQueue<Job> inbox = new ConcurrentLinkedQueue<>();
    private final Object lock = new Object();
    private volatile int runState = RUNNING;
    private int liveWorkers;
    /** Live temporary workers; written under {@link #lock}, read racily by idle spares. */
    private volatile int liveSpares;
    private int nextIndex;
    private final AtomicInteger blockedWorkers = new AtomicInteger();
    private final CountDownLatch terminated = new CountDownLatch(1);
    /** Counters of workers that have exited (spares), folded into the totals. */
    private final PoolStats.Accumulator retired = new PoolStats.Accumulator();
    private volatile long statsEpochNanos = System.nanoTime();

    /** A pool with one worker per available processor. */
    public WeftPool() {
        this(builder());
    }

    /**
     * A pool with {@code parallelism} workers.
     *
     * @throws IllegalArgumentException if {@code parallelism <= 0}
     */
    public WeftPool(int parallelism) {
        this(builder().parallelism(parallelism));
    }

    private WeftPool(Builder b) {
        this(b, false);
    }

    private WeftPool(Builder b, boolean isCommon) {
        this.parallelism = b.parallelism;
        this.name = b.name != null ? b.name : "weft-" + POOL_IDS.incrementAndGet();
        this.daemon = b.daemon;
        this.stackSize = b.stackSize;
        this.maxBlockingWorkers = b.maxBlockingWorkers;
        this.handler = b.handler;
        this.isCommon = isCommon;
        this.chunkShift = 32 - Integer.numberOfLeadingZeros(8 * parallelism - 1);
        Worker[] ws = new Worker[parallelism];
        synchronized (lock) {
            for (int i = 0; i < parallelism; i++) {
                ws[i] = newWorker(false);
            }
            liveWorkers = parallelism;
            workers = ws;
        }
        for (Worker w : ws) {
            w.start();
        }
        gcListener = GcListener.register(this);
    }

    private Worker newWorker(boolean spare) {
        int i = nextIndex++;
        return new Worker(this, i, spare, name + (spare ? "-spare-" : "-worker-") + i, stackSize);
    }

    /** A builder for pools with non-default settings. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The shared pool used by {@link Weft}'s static methods when called outside any pool, and by
     * {@link Task#fork()} outside a pool. Its parallelism is the number of available processors; its
     * threads are daemons; {@link #shutdown()} and {@link #close()} have no effect on it.
     */
    public static WeftPool common() {
        return CommonHolder.COMMON;
    }

    private static final class CommonHolder {
        static final WeftPool COMMON = new WeftPool(builder().name("weft-common"), true);
    }

    /** The number of core workers. */
    public int parallelism() {
        return parallelism;
    }

    // ---------------------------------------------------------------------------------------------
    // Invocation

    /**
     * Runs {@code task} in this pool and returns its result, waiting for it. From a worker of this pool
     * the task runs directly on that worker.
     *
     * @throws TaskFailedException if the task threw (the original is the cause)
     * @throws java.util.concurrent.CancellationException if the task was cancelled
     * @throws RejectedExecutionException if the pool is shut down
     */
    public <T> T invoke(Task<T> task) {
        Objects.requireNonNull(task, "task");
        Worker w = Worker.current();
        if (w != null && w.pool == this) {
            return task.invoke();
        }
        submitExternal(task);
        if (w != null) {
            // A worker of another pool waits: let its pool compensate while it blocks.
            Weft.blocking(() -> {
                task.quietlyAwait();
                return null;
            });
        } else {
            task.quietlyAwait();
        }
        return task.reportJoin();
    }

    /** Runs {@code body} in this pool and returns its result; see {@link #invoke(Task)}. */
    public <T> T invoke(Supplier<T> body) {
        Objects.requireNonNull(body, "body");
        return invoke(Task.of(body));
    }

    /** Runs {@code body} in this pool and waits for it; see {@link #invoke(Task)}. */
    public void run(Runnable body) {
        Objects.requireNonNull(body, "body");
        invoke(Task.of(() -> {
            body.run();
            return null;
        }));
    }

    /**
     * Starts {@code task} in this pool and returns it (it is a {@link java.util.concurrent.Future}).
     * From a worker of this pool, this is {@link Task#fork()}.
     */
    public <T> Task<T> submit(Task<T> task) {
        Objects.requireNonNull(task, "task");
        Worker w = Worker.current();
        if (w != null && w.pool == this) {
            task.fork();
        } else {
            submitExternal(task);
        }
        return task;
    }

    /**
     * Runs {@code command} in this pool. An exception it throws goes to the pool's uncaught exception
     * handler (by default, the worker thread's), as for other executors.
     */
    @Override
    public void execute(Runnable command) {
        Objects.requireNonNull(command, "command");
        if (command instanceof Task<?> t) {
            submit(t);
        } else {
            submit(new Task.ExecuteTask(command));
        }
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
        return new Task.CallableTask<>(callable);
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
        return new Task.CallableTask<>(() -> {
            runnable.run();
            return value;
        });
    }

    /** Puts a job from outside the pool into the inbox and wakes a worker if none is searching. */
    void submitExternal(Job j) {
        if (runState != RUNNING) {
            throw rejected();
        }
        if (!j.casForked()) {
            throw new IllegalStateException("task was already forked or submitted");
        }
        inbox.offer(j);
        if (runState != RUNNING) {
            // Shutdown raced with this submission. Workers decide to exit under the lock only when the
            // inbox is empty, so either the job is still here (reject it) or a worker took it.
            synchronized (lock) {
                if (inbox.remove(j)) {
                    throw rejected();
                }
            }
        }
        // The offer is a CAS, ordered before these reads: a worker about to park either sees the job in
        // its rescan or is seen here as parked (PROTOCOL.md, "sleep").
        if (sleep.searching() == 0 && sleep.parked() > 0) {
            wakeOne();
        }
    }

    private RejectedExecutionException rejected() {
        return new RejectedExecutionException("pool " + name + " is shut down");
    }

    Job pollInbox() {
        return inbox.isEmpty() ? null : inbox.poll();
    }

    // ---------------------------------------------------------------------------------------------
    // Waking

    /** Wakes one parked worker, counting it as searching on its behalf; no-op if none is parked. */
    void wakeOne() {
        if (sleep.parked() == 0) {
            return;
        }
        Worker[] ws = workers;
        int n = ws.length;
        int start = (int) (Thread.currentThread().threadId() % n);
        for (int i = 0; i < n; i++) {
            Worker w = ws[(start + i) % n];
            if (w.claimParked()) {
                sleep.parkedToSearching();
                LockSupport.unpark(w);
                return;
            }
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

    // ---------------------------------------------------------------------------------------------
    // Blocking and spare workers

    <T, X extends Exception> T block(Worker w, Weft.Blocker<T, X> blocker) throws X {
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
            Events.blockedEnd(ev, this, w, compensated);
        }
    }

    /**
     * Makes up for a worker that is about to block: wakes a parked worker if there is one, else adds a
     * spare worker while fewer spares than blocked workers exist and the bound allows. Never throws:
     * at the bound the blocking simply proceeds without compensation.
     */
    private boolean compensate() {
        if (sleep.parked() > 0) {
            wakeOne();
            return true;
        }
        Worker spare;
        synchronized (lock) {
            if (runState != RUNNING || liveSpares >= maxBlockingWorkers || liveSpares >= blockedWorkers.get()) {
                return false;
            }
            spare = newWorker(true);
            liveSpares++;
            liveWorkers++;
            Worker[] ws = Arrays.copyOf(workers, workers.length + 1);
            ws[ws.length - 1] = spare;
            workers = ws;
        }
        spare.start();
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // Lifecycle

    /** Whether there are more temporary workers than blocked workers (an idle spare may leave). */
    boolean spareSurplus() {
        return liveSpares > blockedWorkers.get();
    }

    /** Whether an idle worker may exit: the pool is shut down and the inbox is empty. */
    boolean mayExit() {
        if (runState == RUNNING) {
            return false;
        }
        synchronized (lock) {
            return inbox.isEmpty();
        }
    }

    void onWorkerExit(Worker w) {
        boolean last;
        synchronized (lock) {
            retired.add(w, statsEpochNanos);
            if (w.spare) {
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
            last = --liveWorkers == 0;
        }
        if (last && runState != RUNNING) {
            gcListener.unregister();
            terminated.countDown();
        }
    }

    void reportInternalError(Throwable t) {
        Thread.UncaughtExceptionHandler h = handler != null ? handler : Thread.getDefaultUncaughtExceptionHandler();
        if (h != null) {
            h.uncaughtException(Thread.currentThread(), t);
        } else {
            System.err.println("weft: internal error in " + Thread.currentThread().getName());
            t.printStackTrace();
        }
    }

    /** Reports the failure of a job nobody joins (an {@code execute}d runnable). */
    void reportUncaught(Throwable t) {
        Thread me = Thread.currentThread();
        Thread.UncaughtExceptionHandler h = handler != null ? handler : me.getUncaughtExceptionHandler();
        h.uncaughtException(me, t);
    }

    /**
     * Starts an orderly shutdown: work already submitted runs to completion, new submissions are
     * rejected. Has no effect on {@link #common()}.
     */
    @Override
    public void shutdown() {
        if (isCommon) {
            return;
        }
        synchronized (lock) {
            if (runState == RUNNING) {
                runState = SHUTDOWN;
            }
        }
        wakeAllParked();
        checkTerminated();
    }

    /**
     * Shuts down, removes the submissions no worker has started and returns them, and interrupts the
     * workers. Tasks already running continue until they complete (including the work they fork).
     */
    @Override
    public List<Runnable> shutdownNow() {
        if (isCommon) {
            return List.of();
        }
        List<Runnable> pending = new ArrayList<>();
        synchronized (lock) {
            runState = STOP;
            for (Job j; (j = inbox.poll()) != null; ) {
                if (j instanceof Runnable r) {
                    pending.add(r);
                }
                j.tryCancel();
            }
        }
        for (Worker w : workers) {
            w.interrupt();
        }
        wakeAllParked();
        checkTerminated();
        return pending;
    }

    private void wakeAllParked() {
        for (Worker w : workers) {
            if (w.claimParked()) {
                sleep.parkedToSearching();
            }
            LockSupport.unpark(w);
        }
    }

    private void checkTerminated() {
        synchronized (lock) {
            if (liveWorkers == 0) {
                gcListener.unregister();
                terminated.countDown();
            }
        }
    }

    /** After a garbage collection: ask every worker to renew its pending arrays at its next poll. */
    void afterGc() {
        for (Worker w : workers) {
            w.requestRenewal();
        }
    }

    @Override
    public boolean isShutdown() {
        return runState != RUNNING;
    }

    @Override
    public boolean isTerminated() {
        return terminated.getCount() == 0;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        if (isCommon) {
            return false;
        }
        return terminated.await(timeout, unit);
    }

    /**
     * Shuts down and waits until every worker has exited. Called from a worker of this pool it only
     * shuts down (a worker cannot wait for its own exit). Has no effect on {@link #common()}.
     */
    @Override
    public void close() {
        if (isCommon) {
            return;
        }
        shutdown();
        Worker w = Worker.current();
        if (w != null && w.pool == this) {
            return;
        }
        boolean interrupted = false;
        while (!isTerminated()) {
            try {
                terminated.await();
            } catch (InterruptedException e) {
                if (!interrupted) {
                    shutdownNow();
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Observability

    long statsEpoch() {
        return statsEpochNanos;
    }

    /** A snapshot of the pool's counters since creation or the last {@link #resetStats()}. */
    public PoolStats stats() {
        Worker[] ws = workers;
        long now = System.nanoTime();
        List<PoolStats.WorkerStats> per = new ArrayList<>(ws.length);
        for (Worker w : ws) {
            per.add(PoolStats.WorkerStats.of(w, now, statsEpochNanos));
        }
        PoolStats.WorkerStats gone;
        synchronized (lock) {
            gone = retired.snapshot();
        }
        return new PoolStats(name, parallelism, now - statsEpochNanos, per, gone,
                inbox.size(), blockedWorkers.get());
    }

    /**
     * Resets the counters. Counters are owned by their workers; a reset while the pool is busy is
     * approximate (a worker may complete an increment concurrently).
     */
    public void resetStats() {
        for (Worker w : workers) {
            PoolStats.WorkerStats.reset(w);
        }
        synchronized (lock) {
            retired.clear();
        }
        statsEpochNanos = System.nanoTime();
    }

    @Override
    public String toString() {
        return "WeftPool[" + name + ", parallelism=" + parallelism + ", workers=" + workers.length
                + (isShutdown() ? (isTerminated() ? ", terminated" : ", shutting down") : "") + "]";
    }

    /** Settings for a new {@link WeftPool}. */
    public static final class Builder {
        private int parallelism = Math.max(1, Runtime.getRuntime().availableProcessors());
        private String name;
        private boolean daemon = true;
        private long stackSize = DEFAULT_STACK_SIZE;
        private int maxBlockingWorkers = 128;
        private Thread.UncaughtExceptionHandler handler;

        private Builder() {
        }

        /**
         * Number of workers (default: available processors).
         *
         * @throws IllegalArgumentException if {@code n <= 0}
         */
        public Builder parallelism(int n) {
            if (n <= 0) {
                throw new IllegalArgumentException("parallelism must be positive, was " + n);
            }
            this.parallelism = n;
            return this;
        }

        /** Prefix of the worker threads' names (default: {@code weft-N}). */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /** Whether workers are daemon threads (default true, as in ForkJoinPool). */
        public Builder daemon(boolean daemon) {
            this.daemon = daemon;
            return this;
        }

        /**
         * Stack size of worker threads in bytes (default 256 MiB, reserved not committed), so that deep
         * recursion and nested joins do not overflow.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder stackSize(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("stack size must not be negative, was " + bytes);
            }
            this.stackSize = bytes;
            return this;
        }

        /**
         * The most temporary workers the pool adds while workers block in {@link Weft#blocking}
         * (default 128). At the bound, blocking proceeds without compensation; it never fails.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder maxBlockingWorkers(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("maxBlockingWorkers must not be negative, was " + n);
            }
            this.maxBlockingWorkers = n;
            return this;
        }

        /** Handler for exceptions of {@code execute}d runnables and internal errors. */
        public Builder uncaughtExceptionHandler(Thread.UncaughtExceptionHandler handler) {
            this.handler = Objects.requireNonNull(handler, "handler");
            return this;
        }

        public WeftPool build() {
            return new WeftPool(this);
        }
    }
}
