package dev.weft.actors;

import dev.weft.WeftPool;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The one-shot reply address of an {@link ActorRef#ask}: its first message completes the future, later ones
 * are dead letters. It is also its own timeout (an entry of the system's {@link TimerWheel}) and its own
 * completion task, so an ask allocates this object, the future and the request, nothing else (PROTOCOL.md,
 * "Asks"). The completion runs as a task of the system's pool — a detached fork when the reply comes from a
 * worker, which runs after the replying handler's activation — so that dependent stages never run inside the
 * replying actor's handler.
 */
final class AskRef<R> extends TimerWheel.Entry implements ActorRef<R>, Runnable {
    private static final VarHandle ANSWERED;
    static {
        try {
            ANSWERED = MethodHandles.lookup().findVarHandle(AskRef.class, "answered", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@link #reply} of an ask that timed out (or whose system closed). */
    private static final Object TIMED_OUT = new Object();

    private final ActorSystem system;
    private final ActorRef<?> target;
    private final Duration timeout;
    private final AskFuture<R> future;
    /** 0 until the first reply or the timeout; the CAS to 1 decides which of them completes the future. */
    private volatile int answered;
    /** The reply or {@link #TIMED_OUT}: written by the CAS's winner before it hands this task to the pool. */
    private Object reply;

    private AskRef(ActorSystem system, ActorRef<?> target, Duration timeout, AskFuture<R> future) {
        this.system = system;
        this.target = target;
        this.timeout = timeout;
        this.future = future;
    }

    static <M, R> CompletableFuture<R> ask(ActorSystem system, ActorRef<M> target,
            Function<ActorRef<R>, ? extends M> request, Duration timeout) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        AskFuture<R> future = new AskFuture<>(system.completer);
        AskRef<R> replyTo = new AskRef<>(system, target, timeout, future);
        M message = Objects.requireNonNull(request.apply(replyTo), "the request function returned null");
        long nanos;
        try {
            nanos = timeout.toNanos();
        } catch (ArithmeticException e) {
            nanos = Long.MAX_VALUE;
        }
        try {
            system.wheel.schedule(replyTo, nanos);
        } catch (RejectedExecutionException closed) {
            replyTo.expire(0); // the system is closed: no reply can come
        }
        try {
            target.tell(message);
        } catch (MailboxOverflowException full) {
            if (ANSWERED.compareAndSet(replyTo, 0, 1)) {
                system.wheel.cancel(replyTo);
                future.completeExceptionally(full); // on the asker's thread: nothing of an actor's is running
            }
        }
        return future;
    }

    /** The timeout (on the wheel's thread): fails the future unless a reply came first. */
    @Override
    long expire(long now) {
        if (ANSWERED.compareAndSet(this, 0, 1)) {
            reply = TIMED_OUT;
            handOff();
        }
        return -1;
    }

    /** The system closed with this ask waiting: its reply can no longer come. */
    @Override
    void onClose() {
        expire(0);
    }

    @Override
    public void tell(R message) {
        Objects.requireNonNull(message, "message");
        if (ANSWERED.compareAndSet(this, 0, 1)) {
            system.wheel.cancel(this);
            reply = message;
            handOff();
        } else {
            system.deadLetter(this, message);
        }
    }

    /**
     * Completes the future in a task of the pool. On one of its workers the ask joins the worker's {@link
     * Batch}, completed by one detached fork that runs after the current activation (PROTOCOL.md, "Asks");
     * a timeout joins the system's batch of timeouts, completed by one inbox task; a reply from any other
     * thread goes to the inbox alone. If the pool refuses (it is shut down) or the hand-off fails
     * for want of memory, here: a waiter must never be left hanging.
     */
    private void handOff() {
        WeftPool pool = system.pool();
        try {
            if (WeftPool.current() == pool) {
                BATCH.get().add(this, pool);
            } else if (reply == TIMED_OUT) {
                system.timeouts.add(this, pool); // the wheel's thread: one task for the timeouts of a tick
            } else {
                pool.execute(this);
            }
        } catch (Throwable refused) {
            run();
        }
    }

    /** The next ask of a {@link Batch}; written before the push that publishes it. */
    private AskRef<?> nextDone;

    private static final ThreadLocal<Batch> BATCH = ThreadLocal.withInitial(Batch::new);

    /**
     * Asks answered (on one worker) or timed out (on the wheel's thread) and not yet completed: a Treiber
     * stack pushed onto by that thread and drained by one pool task. The push that finds it empty spawns that
     * task (this object, spawned again each time it is needed: no allocation); later pushes ride along until
     * the task takes the whole stack. A thief may run the task while the worker pushes: each ask is pushed
     * once and taken once, by the CAS on {@link #head}, and the push that follows a take finds the stack
     * empty and spawns the task again. An echo actor answering a burst of asks thus spawns one task per batch
     * of replies instead of one per reply, and its worker's pending stack never fills with completions (past
     * 1,024 each spawn would go through the inbox).
     */
    static final class Batch implements Runnable {
        private static final VarHandle HEAD;
        static {
            try {
                HEAD = MethodHandles.lookup().findVarHandle(Batch.class, "head", AskRef.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private volatile AskRef<?> head;

        void add(AskRef<?> a, WeftPool pool) {
            for (;;) {
                AskRef<?> h = head;
                a.nextDone = h;
                if (HEAD.compareAndSet(this, h, a)) {
                    if (h == null) {
                        try {
                            if (WeftPool.current() == pool) {
                                pool.spawn(this);
                            } else {
                                pool.execute(this);
                            }
                        } catch (Throwable refused) {
                            run(); // shut down: complete them here
                        }
                    }
                    return;
                }
            }
        }

        /** Completes the asks taken, oldest first. */
        @Override
        public void run() {
            AskRef<?> h = (AskRef<?>) HEAD.getAndSet(this, (AskRef<?>) null);
            AskRef<?> oldestFirst = null;
            while (h != null) { // reverse the stack
                AskRef<?> n = h.nextDone;
                h.nextDone = oldestFirst;
                oldestFirst = h;
                h = n;
            }
            while (oldestFirst != null) {
                AskRef<?> n = oldestFirst.nextDone;
                oldestFirst.nextDone = null;
                oldestFirst.run();
                oldestFirst = n;
            }
        }

        @Override
        public String toString() {
            return "completion of a batch of asks";
        }
    }

    /** Completes the future with the reply or the timeout; does nothing before one of them was decided. */
    @Override
    @SuppressWarnings("unchecked")
    public void run() {
        Object r = reply;
        if (r == TIMED_OUT) {
            future.completeExceptionally(new AskTimeout(target, timeout));
        } else if (r != null) {
            future.complete((R) r);
        }
    }

    @Override
    public <Q> CompletableFuture<Q> ask(Function<ActorRef<Q>, ? extends R> request, Duration timeout) {
        return AskRef.ask(system, this, request, timeout);
    }

    @Override
    public String path() {
        return target.path() + "/$ask";
    }

    @Override
    public String toString() {
        return "ActorRef[" + path() + "]";
    }

    /**
     * The failure of an ask that got no reply in time. Its stack trace would show the timer's thread, which
     * says nothing, and its message is built only when read: a burst of timeouts costs one small object
     * each.
     */
    static final class AskTimeout extends TimeoutException {
        private static final long serialVersionUID = 1L;
        private final transient ActorRef<?> target;
        private final Duration timeout;

        AskTimeout(ActorRef<?> target, Duration timeout) {
            this.target = target;
            this.timeout = timeout;
        }

        @Override
        public String getMessage() {
            return "no reply from " + (target == null ? "?" : target.path()) + " within " + timeout;
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** A future whose async stages default to the actor system's pool rather than the common pool. */
    static final class AskFuture<T> extends CompletableFuture<T> {
        private final Executor executor;

        AskFuture(Executor executor) {
            this.executor = executor;
        }

        @Override
        public Executor defaultExecutor() {
            return executor;
        }

        @Override
        public <U> CompletableFuture<U> newIncompleteFuture() {
            return new AskFuture<>(executor);
        }
    }
}
