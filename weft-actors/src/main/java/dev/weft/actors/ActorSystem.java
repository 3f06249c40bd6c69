package dev.weft.actors;

import dev.weft.WeftPool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * A family of actors on one {@link WeftPool}: it spawns top-level actors, hears about failures nobody
 * handled and messages nobody can receive, and stops every actor when closed.
 *
 * <pre>{@code
 * try (ActorSystem system = ActorSystem.create()) {           // its own pool, one worker per processor
 *     ActorRef<String> printer = system.spawn("printer", () -> (ctx, line) -> {
 *         System.out.println(line);
 *         return Behavior.same();
 *     });
 *     printer.tell("hello");
 * }                                                          // stops every actor, then the pool
 * }</pre>
 *
 * <p><b>Scheduling.</b> A message sent from a worker of the pool to an idle actor is handled as a fork on
 * that worker: no central queue, no queue node, one CAS on the actor's state. An actor with a backlog works
 * through its mailbox in batches of {@link Builder#throughput(int)} messages and then yields through the
 * pool's inbox, so that other actors and outside submissions get their turn. Each actor samples how often
 * sends find it idle and switches between the two ({@link Scheduling#ADAPTIVE}). Messages sent from other
 * threads go through the pool's inbox.
 *
 * <p><b>Failures and dead letters.</b> A failure that escalates past a top-level actor goes to the failure
 * listener (by default: logged at ERROR on the {@code dev.weft.actors} {@link System.Logger}). A message
 * sent to a stopped actor is counted in {@link #deadLetters()}, goes to the dead-letter listener (by default:
 * none) and is logged (by default the first 10 of every 5 minutes, with the recipient's path; see {@link
 * Builder#logDeadLetters}); listeners run on the thread that found the message undeliverable. A {@link
 * VirtualMachineError} other than {@link StackOverflowError} thrown by a handler is fatal: the failure
 * listener hears of it and the system shuts down, so that no ask waits on a system that may have lost threads.
 *
 * <p><b>Timers.</b> Ask timeouts, actors' timers ({@link ActorContext#timers()}) and backoff waits share one
 * daemon thread per system, a hashed wheel of 1 ms ticks, started on first use and ended by {@link #close()}.
 */
public final class ActorSystem implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("dev.weft.actors");

    final Dispatcher dispatcher;
    private final WeftPool pool;
    private final boolean ownsPool;
    private final BiConsumer<ActorRef<?>, Throwable> failureListener;
    private final BiConsumer<ActorRef<?>, Object> deadLetterListener;
    private final Duration closeTimeout;
    private final LongAdder deadLetters = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final Set<ActorCell<?>> topLevel = ConcurrentHashMap.newKeySet();
    /** Actors spawned and not yet terminated. */
    private final AtomicInteger live = new AtomicInteger();
    private final Object closeLock = new Object();
    private volatile boolean closed;
    /**
     * The scheduler of ask timeouts, actors' timers and backoff waits: one daemon thread, started on first
     * use, ended by {@link #close()} (which fails the asks still waiting).
     */
    final TimerWheel wheel = new TimerWheel("weft-actors-timer");
    final Receptionist receptionist = new Receptionist();
    /** Asks timed out on the wheel's thread, completed by one pool task per batch (AskRef.Batch). */
    final AskRef.Batch timeouts = new AskRef.Batch();
    /** Runs asks' dependent async stages in the pool; in the calling thread once the pool refuses. */
    final Executor completer = this::complete;
    private final DeadLetterLog deadLetterLog;
    private final AtomicBoolean fatal = new AtomicBoolean();

    private ActorSystem(Builder b) {
        this.ownsPool = b.pool == null;
        this.pool = ownsPool ? WeftPool.builder().parallelism(b.parallelism).name("weft-actors").build() : b.pool;
        this.dispatcher = new Dispatcher(pool, b.throughput, b.scheduling);
        this.failureListener = b.failureListener;
        this.deadLetterListener = b.deadLetterListener;
        this.closeTimeout = b.closeTimeout;
        this.deadLetterLog = new DeadLetterLog(b.deadLetterLogLimit, b.deadLetterLogPeriod.toNanos());
    }

    /** For tests of the state machine: activations go wherever {@code dispatcher} puts them. */
    ActorSystem(Dispatcher dispatcher, BiConsumer<ActorRef<?>, Throwable> failureListener,
            BiConsumer<ActorRef<?>, Object> deadLetterListener) {
        this.ownsPool = false;
        this.pool = dispatcher.pool;
        this.dispatcher = dispatcher;
        this.failureListener = failureListener;
        this.deadLetterListener = deadLetterListener;
        this.closeTimeout = Duration.ofSeconds(30);
        this.deadLetterLog = new DeadLetterLog(0, 1);
    }

    private void complete(Runnable task) {
        try {
            pool.execute(task);
        } catch (Throwable refused) {
            task.run(); // shut down, or no memory for the hand-off: a waiter must not be left hanging
        }
    }

    /** A system on its own pool with one worker per available processor, closed with the system. */
    public static ActorSystem create() {
        return builder().build();
    }

    /** A system on {@code pool}, which it uses but does not shut down. */
    public static ActorSystem create(WeftPool pool) {
        return builder().pool(pool).build();
    }

    /** A builder for a system with non-default settings. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Spawns a top-level actor with the default supervision ({@link Supervision#ESCALATE}: its failures go
     * to the failure listener, and it stops).
     *
     * @param name    a label for its path ({@code /name}); not empty, no '/'. Names need not be unique.
     * @param factory makes the initial behaviour, now (on this thread), and a fresh one at each restart
     * @throws IllegalStateException if the system is closed
     */
    public <M> ActorRef<M> spawn(String name, Supplier<? extends Behavior<M>> factory) {
        return spawn(name, factory, Supervision.ESCALATE);
    }

    /** Spawns a top-level actor with the given supervision; see {@link #spawn(String, Supplier)}. */
    public <M> ActorRef<M> spawn(String name, Supplier<? extends Behavior<M>> factory, Supervision supervision) {
        return spawn(name, factory, Props.create().withSupervision(supervision));
    }

    /** Spawns a top-level actor with the given props; see {@link #spawn(String, Supplier)}. */
    public <M> ActorRef<M> spawn(String name, Supplier<? extends Behavior<M>> factory, Props props) {
        checkSpawn(name, factory, props);
        ActorCell<M> a = newActor(null, name, factory, props);
        topLevel.add(a);
        if (closed) {
            a.requestStop(); // raced with close(), which may have missed it
        }
        a.start();
        return a;
    }

    static void checkSpawn(String name, Supplier<?> factory, Props props) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(props, "props");
        if (name.isEmpty() || name.indexOf('/') >= 0) {
            throw new IllegalArgumentException("an actor name must be non-empty and contain no '/': '" + name + "'");
        }
    }

    <M> ActorCell<M> newActor(ActorCell<?> parent, String name, Supplier<? extends Behavior<M>> factory,
            Props props) {
        if (closed) {
            throw new IllegalStateException("the actor system is closed; cannot spawn " + name);
        }
        live.incrementAndGet();
        try {
            return new ActorCell<>(this, parent, name, factory, props);
        } catch (Throwable t) {
            live.decrementAndGet();
            throw t;
        }
    }

    /**
     * Stops a top-level actor from outside (any thread): it finishes the message it is handling, its
     * children stop, and later messages go to the dead letters. Stopping an actor that already stopped does
     * nothing. A child is stopped by its parent ({@link ActorContext#stop}), or by replying {@link
     * Behavior#stopped()} itself.
     *
     * @throws IllegalArgumentException if {@code actor} is not a top-level actor of this system
     */
    public void stop(ActorRef<?> actor) {
        Objects.requireNonNull(actor, "actor");
        if (actor instanceof ActorCell<?> c && c.system == this && c.parent == null) {
            c.requestStop();
            return;
        }
        throw new IllegalArgumentException(actor.path() + " is not a top-level actor of this system; a child is"
                + " stopped by its parent (ActorContext.stop) or by returning Behavior.stopped()");
    }

    /** This system's receptionist: actors registered under typed keys. */
    public Receptionist receptionist() {
        return receptionist;
    }

    /** The pool the actors run on. */
    public WeftPool pool() {
        return pool;
    }

    /** Messages sent to stopped actors (and replies to asks that were already answered or timed out). */
    public long deadLetters() {
        return deadLetters.sum();
    }

    /** Handler failures so far, whatever their supervision did with them. */
    public long failures() {
        return failures.sum();
    }

    /** Actors spawned and not yet stopped. */
    public int liveActors() {
        return live.get();
    }

    void deadLetter(ActorRef<?> to, Object message) {
        deadLetters.increment();
        if (!closed) {
            deadLetterLog.log(to, message, deadLetters.sum());
        }
        if (deadLetterListener != null) {
            try {
                deadLetterListener.accept(to, message);
            } catch (Throwable t) {
                LOG.log(System.Logger.Level.ERROR, "the dead-letter listener threw", t);
            }
        }
    }

    void countFailure() {
        failures.increment();
    }

    /** A failure that escalated past the top-level actor {@code origin}'s ancestors. */
    void reportFailure(ActorCell<?> origin, Throwable failure) {
        try {
            failureListener.accept(origin, failure);
        } catch (Throwable t) {
            t.addSuppressed(failure);
            LOG.log(System.Logger.Level.ERROR, "the failure listener threw on a failure of " + origin.path(), t);
        }
    }

    /**
     * Whether a handler's failure is fatal to the system (PROTOCOL.md, "Fatal errors"): a {@link
     * VirtualMachineError} — out of memory, an internal error of the JVM — but not a {@link
     * StackOverflowError}, which unwinds the handler's own deep recursion and leaves the JVM sound.
     */
    static boolean isFatal(Throwable t) {
        return t instanceof VirtualMachineError && !(t instanceof StackOverflowError);
    }

    /**
     * A handler threw a fatal error: the failure listener hears of it, then the system shuts down without
     * waiting (as {@link #close()} from a handler does), so that every actor stops and every waiting ask
     * fails instead of hanging on a system that may have lost threads.
     */
    void fatal(ActorCell<?> origin, Throwable t) {
        if (!fatal.compareAndSet(false, true)) {
            return;
        }
        reportFailure(origin, t);
        try {
            shutdown();
        } catch (Throwable again) {
            wheel.close(); // at least the asks fail
        }
    }

    /** Called once per actor, at the end of its stop procedure. */
    void terminated(ActorCell<?> a) {
        if (a.parent == null) {
            topLevel.remove(a);
        }
        if (live.decrementAndGet() == 0 && closed) {
            synchronized (closeLock) {
                closeLock.notifyAll();
            }
        }
    }

    /**
     * Stops every actor and waits until each has stopped: a handler that is running finishes its message,
     * and every message not handled by then goes to the dead letters. Then shuts down the pool if the system
     * made it. Called from a worker of the system's pool (inside a handler), it starts all of this and
     * returns without waiting, since the calling handler must return first. Asks still waiting for a reply
     * then fail with a {@link java.util.concurrent.TimeoutException}.
     *
     * @throws IllegalStateException if some handler is still running after the close timeout ({@link
     *         Builder#closeTimeout}); its actor and the pool are left to finish in the background
     */
    @Override
    public void close() {
        if (WeftPool.current() == pool) {
            shutdown();
            return;
        }
        closed = true;
        for (ActorCell<?> a : topLevel) {
            a.requestStop();
        }
        long deadline = System.nanoTime() + closeTimeout.toNanos();
        boolean interrupted = false;
        synchronized (closeLock) {
            while (live.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(closeLock, left);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        int left = live.get();
        wheel.close();
        if (ownsPool) {
            if (left == 0) {
                pool.close();
            } else {
                pool.shutdown();
            }
        }
        if (left > 0) {
            List<String> running = new ArrayList<>();
            for (ActorCell<?> a : topLevel) {
                running.add(a.path());
            }
            throw new IllegalStateException(left + " actors had not stopped " + closeTimeout.toMillis()
                    + " ms after close(), a handler that does not return among them (top-level: " + running + ")");
        }
    }

    /** Starts what {@link #close()} does and returns without waiting. */
    private void shutdown() {
        closed = true;
        for (ActorCell<?> a : topLevel) {
            a.requestStop();
        }
        wheel.close();
        if (ownsPool) {
            pool.shutdown();
        }
    }

    /** Whether {@link #close()} was called (or a fatal error closed the system). */
    public boolean isClosed() {
        return closed;
    }

    @Override
    public String toString() {
        return "ActorSystem[" + pool + ", " + live.get() + " actors]";
    }

    /** Settings for an {@link ActorSystem}. */
    public static final class Builder {
        private WeftPool pool;
        private int parallelism = Runtime.getRuntime().availableProcessors();
        private int throughput = 64;
        private Scheduling scheduling = Scheduling.ADAPTIVE;
        private BiConsumer<ActorRef<?>, Throwable> failureListener = (actor, failure) -> LOG.log(
                System.Logger.Level.ERROR, "actor " + actor.path() + " failed and nobody handled it", failure);
        private BiConsumer<ActorRef<?>, Object> deadLetterListener;
        private Duration closeTimeout = Duration.ofSeconds(30);
        private int deadLetterLogLimit = 10;
        private Duration deadLetterLogPeriod = Duration.ofMinutes(5);

        private Builder() {
        }

        /** Run on {@code pool} (not shut down by the system); default: a pool of the system's own. */
        public Builder pool(WeftPool pool) {
            this.pool = Objects.requireNonNull(pool, "pool");
            return this;
        }

        /**
         * The parallelism of the system's own pool (ignored with {@link #pool}); default: the number of
         * available processors.
         */
        public Builder parallelism(int parallelism) {
            if (parallelism <= 0) {
                throw new IllegalArgumentException("parallelism must be positive: " + parallelism);
            }
            this.parallelism = parallelism;
            return this;
        }

        /**
         * Most messages an actor handles per activation before it yields to others through the pool's
         * inbox (Pekko's dispatcher {@code throughput}); default 64.
         */
        public Builder throughput(int throughput) {
            if (throughput <= 0) {
                throw new IllegalArgumentException("throughput must be positive: " + throughput);
            }
            this.throughput = throughput;
            return this;
        }

        /** How idle actors are activated; default {@link Scheduling#ADAPTIVE}. */
        public Builder scheduling(Scheduling scheduling) {
            this.scheduling = Objects.requireNonNull(scheduling, "scheduling");
            return this;
        }

        /**
         * Receives failures that escalated past a top-level actor: the actor whose handler threw, and what
         * it threw. Runs on the worker of the failing actor's last ancestor.
         */
        public Builder onFailure(BiConsumer<ActorRef<?>, Throwable> listener) {
            this.failureListener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** Receives every dead letter: the stopped recipient and the message. Runs on the thread that found
         * the message undeliverable: the sender, or the recipient's last activation. */
        public Builder onDeadLetter(BiConsumer<ActorRef<?>, Object> listener) {
            this.deadLetterListener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** How long {@link ActorSystem#close()} waits for running handlers; default 30 seconds. */
        public Builder closeTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative()) {
                throw new IllegalArgumentException("timeout must not be negative: " + timeout);
            }
            this.closeTimeout = timeout;
            return this;
        }

        /**
         * How many dead letters are logged (at INFO, on the {@code dev.weft.actors.DeadLetters} logger, with
         * the message's class and the recipient's path) per {@code period}; 0 turns the log off. Default: 10
         * per 5 minutes, as Pekko. Nothing is logged while the system closes. The dead-letter listener
         * ({@link #onDeadLetter}) hears of every one regardless.
         */
        public Builder logDeadLetters(int limit, Duration period) {
            Objects.requireNonNull(period, "period");
            if (limit < 0 || period.isNegative() || period.isZero()) {
                throw new IllegalArgumentException("logDeadLetters needs limit >= 0 and a positive period: " + limit
                        + ", " + period);
            }
            this.deadLetterLogLimit = limit;
            this.deadLetterLogPeriod = period;
            return this;
        }

        public ActorSystem build() {
            return new ActorSystem(this);
        }
    }
}
