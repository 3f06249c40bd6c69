package dev.weft;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
    /**
     * Detached forks a worker may start between two of its top-level inbox takes before a spawn goes to
     * the inbox ({@link Worker#detachedRuns}): {@link Spawned#MAX_NESTING}, fewer on small stacks (they
     * may all nest, and a level takes up to about half a kilobyte while the code is still interpreted).
     */
    final int maxDetachedNesting;
    private final boolean isCommon;
    /** log2 of 8 × parallelism, rounded up: loops divide their range by this with a shift. */
    final int chunkShift;
    /** The registered context carriers ({@link Builder#propagate}), or null: then nothing is captured. */
    final Contexts contexts;
    private final GcListener gcListener;
    /** The stall monitor's sampling period and the samples without progress that make a stall. */
    final long stallPeriodNanos;
    final int stallSamples;
    /**
     * A planted fault, for the test that shows the program generator catches a broken runtime: a join of a
     * stolen task returns without waiting for it. Always false outside that test; read only on the rare path
     * of a join whose task was stolen.
     */
    final boolean plantedEarlyJoin;
    /**
     * Stalls the monitor diagnosed: a worker that held private forks and did not poll for about a second,
     * waiting outside Weft or running without a fork, join or poll.
     */
    final AtomicLong stalls = new AtomicLong();
    /** Tasks the monitor moved out of stalled workers to the inbox ({@link TaskMoves}). */
    final AtomicLong tasksMoved = new AtomicLong();
    /** Times the monitor found every worker blocked while work waited and no spare could be added. */
    final AtomicLong saturations = new AtomicLong();

    final Sleep sleep = new Sleep();
    /** The workers, their counts and the lock under which they change (PROTOCOL.md, "Workforce"). */
    final Workforce workforce;
    private final ConcurrentLinkedQueue<Job> inbox = new ConcurrentLinkedQueue<>();
    /** RUNNING, SHUTDOWN or STOP; changed under {@link Workforce#lock}, read racily. */
    private volatile int runState = RUNNING;
    private final CountDownLatch terminated = new CountDownLatch(1);
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
        long stack = b.stackSize > 0 ? b.stackSize : 1L << 20; // 0: the platform's default, 1 MiB on Linux
        this.maxDetachedNesting = (int) Math.max(16, Math.min(Spawned.MAX_NESTING, stack / 2048));
        this.handler = b.handler;
        this.isCommon = isCommon;
        this.chunkShift = 32 - Integer.numberOfLeadingZeros(8 * parallelism - 1);
        this.contexts = b.carriers.length == 0 ? null : new Contexts(b.carriers);
        this.stallPeriodNanos = b.stallPeriodNanos;
        this.stallSamples = b.stallSamples;
        this.plantedEarlyJoin = b.plantedEarlyJoin;
        this.workforce = new Workforce(this, b.stackSize, b.maxBlockingWorkers, b.keepAliveNanos);
        workforce.start(parallelism);
        gcListener = GcListener.register(this);
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

    /**
     * The number of worker threads alive now: core workers (fewer after the keep-alive let idle ones exit)
     * plus temporary workers added while others block. A racy read, for monitoring.
     */
    public int poolSize() {
        return workforce.workers.length;
    }

    /**
     * An estimate of the workers running a task now (including those blocked inside {@link Weft#blocking}),
     * as opposed to searching for work or parked. A racy read of each worker's state, for monitoring.
     */
    public int activeWorkers() {
        int n = 0;
        for (Worker w : workforce.workers) {
            int st = w.state;
            if (st == Worker.RUNNING || st == Worker.BLOCKED) {
                n++;
            }
        }
        return n;
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
     * Like every {@code ExecutorService} submission, it goes to the pool's inbox, where any idle or
     * added worker can take it — also when called from a worker of this pool, so a submitter that then
     * waits for it by other means (a latch, a {@code CompletableFuture}) cannot hold it hostage. Inside
     * a task, {@link Task#fork()} is the cheap, local form.
     */
    public <T> Task<T> submit(Task<T> task) {
        Objects.requireNonNull(task, "task");
        submitExternal(task);
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

    /**
     * Starts {@code task} in this pool without a handle to join it: a <em>detached fork</em>, the
     * hook on which message-passing models (actors, SCOOP handlers) start a receiver's work on the
     * sender's worker.
     *
     * <p>Called from a worker of this pool, it is a fork on that worker, recorded with plain stores
     * and no allocation: the task runs on this worker when the construct it was spawned in ends (the
     * current task, join half, finish or loop chunk drains it) or earlier on a hungry worker that takes
     * it. It belongs to no {@link Weft#finish} scope: a finish neither counts it nor waits for it
     * (though one may run it on its way out), and an {@code async} inside it throws. Called from any
     * other thread, or when the worker already holds 1,024 unrun forks (which bounds its memory), it
     * goes to the pool's inbox, as {@link #execute} does.
     *
     * <p><b>The chain bound.</b> A worker also sends its spawns to the inbox once it has started 1,024
     * detached forks (fewer on worker stacks under 2 MiB) since it last took a job from the inbox in its
     * own loop, with an empty stack; it counts again from zero after such a take. A chain of spawns —
     * each body spawning the next, as a message send to an idle actor does, each run as its predecessor
     * ends — goes one level deeper on the worker's stack per hop, so this bounds the stack. It is also
     * the fairness rule message-passing models need: a worker that keeps running spawned chains (a
     * ping-pong, a ring, a receiver re-spawning itself after a batch) goes through the inbox at least
     * every 1,024 starts, behind the submissions already queued there (first in, first out), so it
     * starves neither submissions nor other receivers. Models keep no chain counter of their own.
     *
     * <p>Nothing waits for the task, so its failure goes to the pool's uncaught exception handler, as
     * for {@code execute}. Each call starts the task once: spawning the same {@code Runnable} object
     * again (an actor rescheduling itself) is allowed and runs it again.
     *
     * <pre>{@code
     * // in a message send: run the idle receiver on this worker, unless a thief takes it first
     * if (receiver.tryActivate()) pool.spawn(receiver);
     * }</pre>
     *
     * @throws RejectedExecutionException if the task goes to the inbox and the pool is shut down
     */
    public void spawn(Runnable task) {
        Objects.requireNonNull(task, "task");
        if (Thread.currentThread() instanceof Worker w && w.pool == this) {
            PendingStack p = w.pending;
            if (p.privateCount() < Weft.ASYNC_PENDING_LIMIT && w.detachedRuns < maxDetachedNesting) {
                p.pushObject(task, PendingStack.K_SPAWN);
                if (w.signal() != 0) {
                    w.onSignal();
                }
                return;
            }
        }
        submitExternal(new Task.ExecuteTask(task));
    }

    /**
     * Counts {@code starts} more detached forks against the calling worker's chain bound (see {@link
     * #spawn}), as if its current spawned body had been that many: a body that does the work of several —
     * an actor activation that handled a batch of messages — charges the rest, so that the bound measures
     * the work a worker does between two looks at the inbox, not only the hops of a chain. The count stays
     * core's (nothing else may reset it), so the bound on nesting holds as before, and is reached earlier.
     * From any other thread, or with {@code starts <= 0}, it does nothing.
     */
    public void chargeChain(int starts) {
        if (starts > 0 && Thread.currentThread() instanceof Worker w && w.pool == this) {
            // saturating: a body outside any chain (a long task) may charge without a reset for a long time
            w.detachedRuns = (int) Math.min(Integer.MAX_VALUE, (long) w.detachedRuns + starts);
        }
    }

    /** The pool whose worker the calling thread is, or null for any other thread. */
    public static WeftPool current() {
        return Thread.currentThread() instanceof Worker w ? w.pool : null;
    }

    /** The calling worker's pool, or the common pool for any other thread: where a report goes. */
    static WeftPool currentOrCommon() {
        WeftPool p = current();
        return p != null ? p : common();
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

    /**
     * Runs the tasks and returns the result of one that completed normally; the others are cancelled
     * (interrupting those running). From a worker of this pool, the caller runs tasks no other worker
     * has taken yet, so it completes at any parallelism.
     */
    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks) throws InterruptedException, ExecutionException {
        try {
            return invokeAny(tasks, false, 0L);
        } catch (TimeoutException e) {
            throw new AssertionError(e); // untimed
        }
    }

    /** Timed form of {@link #invokeAny(Collection)}. */
    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        Objects.requireNonNull(unit, "unit");
        return invokeAny(tasks, true, unit.toNanos(timeout));
    }

    private <T> T invokeAny(Collection<? extends Callable<T>> tasks, boolean timed, long nanos)
            throws InterruptedException, ExecutionException, TimeoutException {
        Objects.requireNonNull(tasks, "tasks");
        List<Task.AnyTask<T>> list = new ArrayList<>(tasks.size());
        for (Callable<T> c : tasks) {
            list.add(new Task.AnyTask<>(Objects.requireNonNull(c, "task")));
        }
        if (list.isEmpty()) {
            throw new IllegalArgumentException("invokeAny needs at least one task");
        }
        long deadline = timed ? Task.deadlineAfter(Math.max(1L, nanos)) : 0L;
        Thread me = Thread.currentThread();
        Worker w = Worker.current();
        boolean ownWorker = w != null && w.pool == this;
        try {
            for (Task.AnyTask<T> t : list) {
                t.addWaiter(me); // completion unparks us
                submitExternal(t);
            }
            for (;;) {
                Throwable failure = null;
                boolean allDone = true;
                for (Task.AnyTask<T> t : list) {
                    int st = t.status();
                    if (st == Job.NORMAL) {
                        return t.result;
                    }
                    if (st < Job.NORMAL) {
                        allDone = false;
                    } else if (st == Job.FAILED) {
                        failure = t.originalFailure();
                    }
                }
                if (allDone) {
                    throw new ExecutionException("every task of invokeAny failed",
                            failure != null ? failure : new CancellationException("every task was cancelled"));
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                long left = deadline == 0L ? MAX_WAIT_NANOS : deadline - System.nanoTime();
                if (left <= 0L) {
                    throw new TimeoutException();
                }
                if (ownWorker && runOneQueued(w, list)) {
                    continue;
                }
                if (w != null) {
                    w.weftWaits++; // a wait of Weft's own, not a stall (see StallMonitor)
                }
                try {
                    LockSupport.parkNanos(this, Math.min(left, MAX_WAIT_NANOS));
                } finally {
                    if (w != null) {
                        w.weftWaits--;
                    }
                }
            }
        } finally {
            for (Task.AnyTask<T> t : list) {
                t.cancel(true);
            }
        }
    }

    /** Longest single park of a thread waiting in {@code invokeAny} (completion unparks it sooner). */
    private static final long MAX_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** Runs on worker {@code w} one of {@code jobs} that still waits in the inbox; false if none does. */
    private boolean runOneQueued(Worker w, List<? extends Job> jobs) {
        for (Job j : jobs) {
            if (removeFromInbox(j)) {
                w.submissionsRun++;
                w.runTaken(j);
                return true;
            }
        }
        return false;
    }

    /** Puts a job from outside the pool into the inbox and wakes a worker if none is searching. */
    void submitExternal(Job j) {
        if (runState != RUNNING) {
            throw rejected();
        }
        if (j.forkedOn != null || !j.casForked()) {
            if (j.statusPlain() == Job.CANCELLED) {
                return; // cancelled before submission: it never runs; get() reports the cancellation
            }
            throw new IllegalStateException("task was already forked or submitted");
        }
        Job.Shared sh = j.shared();
        sh.inbox = this; // published by the offer, as is the context
        if (contexts != null) {
            sh.context = contexts.capture(); // on the submitting thread
        }
        inbox.offer(j);
        if (runState != RUNNING) {
            // Shutdown raced with this submission. Workers decide to exit under the lock only when the
            // inbox is empty, so either the job is still here (reject it) or a worker took it.
            synchronized (workforce.lock) {
                if (inbox.remove(j)) {
                    throw rejected();
                }
            }
        }
        // The offer is a CAS, ordered before these reads: a worker about to park either sees the job in
        // its rescan or is seen here as parked (PROTOCOL.md, "sleep").
        if (sleep.searching() == 0 && (sleep.parked() > 0 || workforce.missingWorkers > 0)) {
            workforce.wakeOne();
        }
    }

    /**
     * Queues a task the stall monitor moved out of a stalled worker's pending stack ({@link TaskMoves})
     * and wakes a worker for it. Not a submission: the task was accepted when it was forked, so it is
     * queued after {@code shutdown()} too (workers exit only once the inbox is empty). It runs with
     * {@code context}, which the monitor took from the stalled worker ({@link TaskMoves#contextOf}): the
     * monitor's own thread has nothing to do with the task.
     */
    void acceptMoved(Job j, Object[] context) {
        Job.Shared sh = j.shared();
        sh.inbox = this; // published by the offer, as is the context
        sh.context = context;
        inbox.offer(j);
        if (sleep.searching() == 0 && (sleep.parked() > 0 || workforce.missingWorkers > 0)) {
            workforce.wakeOne();
        }
    }

    private RejectedExecutionException rejected() {
        return new RejectedExecutionException("pool " + name + " is shut down");
    }

    Job pollInbox() {
        return inbox.isEmpty() ? null : inbox.poll();
    }

    /**
     * Takes {@code j} out of the inbox if it is still there; true if the caller now owns it. The queue's
     * removal CASes the entry, so a job is taken by exactly one of this and {@link #pollInbox}. It
     * compares by identity ({@link Identity}): a user's {@code equals} on a task must not pick another.
     */
    boolean removeFromInbox(Job j) {
        Job.Shared sh = j.sharedIfAny();
        return sh != null && sh.inbox == this && !inbox.isEmpty() && inbox.remove(new Identity(j));
    }

    /** A key that equals exactly one object; see {@link #removeFromInbox}. */
    private record Identity(Object target) {
        @Override
        public boolean equals(Object o) {
            return o == target;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(target);
        }
    }

    /** Whether the inbox holds no submission (racy). */
    boolean inboxEmpty() {
        return inbox.isEmpty();
    }

    /** Whether work any worker could run is waiting: a submission, or a published job. */
    boolean hasVisibleWork() {
        if (!inbox.isEmpty()) {
            return true;
        }
        for (Worker w : workforce.workers) {
            if (!w.deque.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** Jobs waiting to run where any worker could take them: the inbox and the published deques (racy). */
    int waitingJobs() {
        int n = inbox.size();
        for (Worker w : workforce.workers) {
            n += w.deque.size();
        }
        return n;
    }

    // ---------------------------------------------------------------------------------------------
    // Lifecycle

    void reportInternalError(Throwable t) {
        Thread me = Thread.currentThread();
        Thread.UncaughtExceptionHandler h = handler != null ? handler : Thread.getDefaultUncaughtExceptionHandler();
        if (h != null) {
            dispatch(h, me, t);
        } else {
            try {
                System.err.println("weft: internal error in " + me.getName());
                t.printStackTrace();
            } catch (Throwable ignored) {
                // nowhere left to report it
            }
        }
    }

    /** Reports the failure of a job nobody joins (an {@code execute}d runnable). */
    void reportUncaught(Throwable t) {
        Thread me = Thread.currentThread();
        dispatch(handler != null ? handler : me.getUncaughtExceptionHandler(), me, t);
    }

    /**
     * Hands {@code t} to an uncaught exception handler. A handler that throws must not take the calling
     * worker (or the monitor) with it: as the JVM does for a thread's own handler, its exception is
     * printed and dropped.
     */
    private static void dispatch(Thread.UncaughtExceptionHandler h, Thread thread, Throwable t) {
        try {
            h.uncaughtException(thread, t);
        } catch (Throwable again) {
            try {
                System.err.print("weft: exception thrown from the uncaught exception handler in thread \""
                        + thread.getName() + "\": ");
                again.printStackTrace();
            } catch (Throwable ignored) {
                // nowhere left to report it
            }
        }
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
        synchronized (workforce.lock) {
            if (runState == RUNNING) {
                runState = SHUTDOWN;
            }
        }
        workforce.wakeAllParked();
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
        synchronized (workforce.lock) {
            runState = STOP;
            for (Job j; (j = inbox.poll()) != null; ) {
                if (!j.tryCancel()) {
                    continue;
                }
                if (j instanceof Task.ExecuteTask et) {
                    pending.add(et.command); // what the caller gave to execute()
                } else if (j instanceof Runnable r) {
                    pending.add(r); // a submitted callable's future, as ThreadPoolExecutor returns
                }
            }
        }
        for (Worker w : workforce.workers) {
            w.interrupt();
        }
        workforce.wakeAllParked();
        checkTerminated();
        return pending;
    }

    private void checkTerminated() {
        if (workforce.noneLive()) {
            terminate();
        }
    }

    /** The last worker of a pool that is shut down has exited. */
    void terminate() {
        gcListener.unregister();
        terminated.countDown();
    }

    /** After a garbage collection: ask every worker to renew its pending arrays at its next poll. */
    void afterGc() {
        for (Worker w : workforce.workers) {
            w.requestRenewal();
        }
    }

    @Override
    public boolean isShutdown() {
        return runState != RUNNING;
    }

    /** Whether the pool accepts submissions: not shut down. */
    boolean isRunning() {
        return runState == RUNNING;
    }

    /** Whether {@link #shutdownNow()} was called: running tasks are asked (interrupted) to stop. */
    boolean isStopping() {
        return runState == STOP;
    }

    @Override
    public boolean isTerminated() {
        return terminated.getCount() == 0;
    }

    /**
     * Waits for termination after a shutdown. On {@link #common()}, which never terminates, it waits for
     * quiescence instead ({@link #awaitQuiescence}) and returns false, as {@code ForkJoinPool} does.
     */
    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        Objects.requireNonNull(unit, "unit");
        if (isCommon) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            awaitQuiescence(timeout, unit);
            return false;
        }
        return terminated.await(timeout, unit);
    }

    /**
     * Waits until the pool is quiescent — no task running or waiting to run, every worker idle — or the
     * timeout passes; returns whether it is quiescent. Called from a worker of this pool it cannot be
     * (that worker is running a task) and returns false after the timeout; use a join or
     * {@link Weft#finish} there instead.
     */
    public boolean awaitQuiescence(long timeout, TimeUnit unit) {
        Objects.requireNonNull(unit, "unit");
        long deadline = System.nanoTime() + Math.max(0L, Math.min(unit.toNanos(timeout), Long.MAX_VALUE >>> 2));
        long pause = 10_000L;
        for (;;) {
            // Twice, a pause apart, with no job started in between: a worker that has just taken a job
            // may not show as running yet.
            long runs = quiescentRuns();
            if (runs >= 0L) {
                LockSupport.parkNanos(pause);
                if (quiescentRuns() == runs) {
                    return true;
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0L) {
                return false;
            }
            LockSupport.parkNanos(this, Math.min(left, pause));
            pause = Math.min(pause << 1, 10_000_000L);
        }
    }

    /** If the pool looks quiescent, the number of jobs its workers have started so far; else -1. */
    private long quiescentRuns() {
        if (!inbox.isEmpty() || workforce.blocked() > 0) {
            return -1L;
        }
        long runs = 0L;
        for (Worker w : workforce.workers) {
            int st = w.state;
            if ((st != Worker.SEARCHING && st != Worker.PARKED) || !w.deque.isEmpty()) {
                return -1L;
            }
            runs += w.jobsTaken();
        }
        return runs;
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

    /**
     * The scheduler's state, racily read, for diagnosing a hang: per worker its state, pending slots
     * (kind, item, and for tasks their status) and published deque size; the inbox. Not an API.
     */
    String debugState() {
        StringBuilder sb = new StringBuilder();
        sb.append("  inbox ").append(inbox.size()).append(", blocked ").append(workforce.blocked())
                .append(", spares ").append(workforce.spares()).append(", stalled ").append(workforce.stalledWorkers)
                .append(", searching ").append(sleep.searching()).append(", parked ").append(sleep.parked())
                .append('\n');
        for (Worker w : workforce.workers) {
            PendingStack p = w.pending;
            sb.append("  ").append(w.getName()).append(" state ").append(w.state).append(" signal ")
                    .append(w.signal).append(" weftWaits ").append(w.weftWaits).append(" top ").append(p.top)
                    .append(" base ").append(p.base).append(" published ").append(w.deque.size());
            Awaited a = w.awaiting;
            if (a != null) {
                sb.append(" awaiting ").append(a.getClass().getSimpleName()).append('@')
                        .append(Integer.toHexString(System.identityHashCode(a)));
                if (a instanceof Job j) {
                    sb.append(" status ").append(j.statusVolatile()).append(" runner ")
                            .append(j.runner() == null ? "-" : j.runner().getName());
                }
            }
            sb.append('\n');
            Object[] items = p.items;
            for (int i = 0; i < Math.min(p.top, items.length); i++) {
                Object o = items[i];
                sb.append("    slot ").append(i).append(" kind ")
                        .append(PendingStack.kindOf(p.words[i << PendingStack.SLOT_SHIFT])).append(' ')
                        .append(o == null ? "-" : o.getClass().getSimpleName() + "@"
                                + Integer.toHexString(System.identityHashCode(o)));
                if (o instanceof Job j) {
                    sb.append(" status ").append(j.statusVolatile()).append(" runner ")
                            .append(j.runner() == null ? "-" : j.runner().getName());
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /** A snapshot of the pool's counters since creation or the last {@link #resetStats()}. */
    public PoolStats stats() {
        Worker[] ws = workforce.workers;
        long now = System.nanoTime();
        List<PoolStats.WorkerStats> per = new ArrayList<>(ws.length);
        for (Worker w : ws) {
            per.add(w.counters(now, statsEpochNanos));
        }
        PoolStats.WorkerStats gone;
        synchronized (workforce.lock) {
            gone = workforce.retired.snapshot();
        }
        return new PoolStats(name, parallelism, now - statsEpochNanos, per, gone,
                inbox.size(), workforce.blocked(), stalls.get(), tasksMoved.get(), saturations.get());
    }

    /**
     * Resets the counters. Counters are owned by their workers; a reset while the pool is busy is
     * approximate (a worker may complete an increment concurrently).
     */
    public void resetStats() {
        for (Worker w : workforce.workers) {
            w.resetCounters();
        }
        synchronized (workforce.lock) {
            workforce.retired.clear();
        }
        statsEpochNanos = System.nanoTime();
    }

    @Override
    public String toString() {
        return "WeftPool[" + name + ", parallelism=" + parallelism + ", workers=" + workforce.workers.length
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
        private long keepAliveNanos = TimeUnit.SECONDS.toNanos(60);
        private long stallPeriodNanos = StallMonitor.PERIOD_NANOS;
        private int stallSamples = StallMonitor.STALL_SAMPLES;
        private boolean plantedEarlyJoin;
        private ContextCarrier<?>[] carriers = new ContextCarrier<?>[0];

        private Builder() {
        }

        /** Not an API: plants the fault of {@link WeftPool#plantedEarlyJoin}, for the test that must catch it. */
        Builder plantEarlyJoin() {
            this.plantedEarlyJoin = true;
            return this;
        }

        /**
         * Context carriers whose context follows work to the worker that runs it: captured when a fork,
         * an async, a loop half or a spawn is published for a thief, or a task is submitted, and restored
         * around its run there (see {@link ContextCarrier}). Forks that stay on their worker capture
         * nothing. Replaces carriers given earlier.
         */
        public Builder propagate(ContextCarrier<?>... carriers) {
            Objects.requireNonNull(carriers, "carriers");
            for (ContextCarrier<?> c : carriers) {
                Objects.requireNonNull(c, "carrier");
            }
            this.carriers = carriers.clone();
            return this;
        }

        /**
         * The stall monitor's sampling period and the samples without progress that make a stall (default
         * 250 ms and 4). Not an API: stress tests sample every millisecond to race many moves.
         */
        Builder stallSampling(long periodNanos, int samples) {
            this.stallPeriodNanos = periodNanos;
            this.stallSamples = samples;
            return this;
        }

        /**
         * How long the workers of an entirely idle pool stay parked before they exit (default 60 s, as
         * in ForkJoinPool); a pool that is never closed then holds no threads while unused. Workers are
         * started again when work comes.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder keepAlive(Duration keepAlive) {
            Objects.requireNonNull(keepAlive, "keepAlive");
            if (keepAlive.isNegative() || keepAlive.isZero()) {
                throw new IllegalArgumentException("keepAlive must be positive, was " + keepAlive);
            }
            this.keepAliveNanos = keepAlive.compareTo(Duration.ofDays(365)) > 0
                    ? TimeUnit.DAYS.toNanos(365) : keepAlive.toNanos();
            return this;
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
