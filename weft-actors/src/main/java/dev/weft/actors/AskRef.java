package dev.weft.actors;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * The one-shot reply address of an {@link ActorRef#ask}: its first message completes the future, later ones
 * are dead letters. The completion runs as a task of the system's pool ({@link #completer}), so that
 * dependent stages never run inside the replying actor's handler.
 */
final class AskRef<R> implements ActorRef<R> {
    private final ActorSystem system;
    private final String path;
    private final AskFuture<R> future;
    private final AtomicBoolean answered = new AtomicBoolean();
    /** The pending timeout; cancelled by the reply so that the timer does not hold the ask until then. */
    private volatile ScheduledFuture<?> timeout;
    private String timedOut;
    private Executor completer;

    private AskRef(ActorSystem system, String path, AskFuture<R> future) {
        this.system = system;
        this.path = path;
        this.future = future;
    }

    static <M, R> CompletableFuture<R> ask(ActorSystem system, ActorRef<M> target,
            Function<ActorRef<R>, ? extends M> request, Duration timeout) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        Executor completer = completer(system);
        AskFuture<R> future = new AskFuture<>(completer);
        AskRef<R> replyTo = new AskRef<>(system, target.path() + "/$ask", future);
        M message = Objects.requireNonNull(request.apply(replyTo), "the request function returned null");
        long nanos;
        try {
            nanos = timeout.toNanos();
        } catch (ArithmeticException e) {
            nanos = Long.MAX_VALUE;
        }
        replyTo.timedOut = "no reply from " + target.path() + " within " + timeout;
        replyTo.completer = completer;
        system.asks.add(replyTo);
        try {
            replyTo.timeout = system.timer().schedule(replyTo::expire, nanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closed) {
            replyTo.expire(); // the system is closed: no reply can come
        }
        target.tell(message);
        return future;
    }

    /** Runs completions in the system's pool; if the pool is shut down, in the calling thread. */
    private static Executor completer(ActorSystem system) {
        return task -> {
            try {
                system.pool().execute(task);
            } catch (RejectedExecutionException e) {
                task.run();
            }
        };
    }

    /** Fails the future with a {@link TimeoutException}, unless a reply came first. */
    void expire() {
        if (answered.compareAndSet(false, true)) {
            system.asks.remove(this);
            completer.execute(() -> future.completeExceptionally(new TimeoutException(timedOut)));
        }
    }

    @Override
    public void tell(R message) {
        Objects.requireNonNull(message, "message");
        if (answered.compareAndSet(false, true)) {
            system.asks.remove(this);
            ScheduledFuture<?> t = timeout;
            if (t != null) {
                t.cancel(false);
            }
            future.defaultExecutor().execute(() -> future.complete(message));
        } else {
            system.deadLetter(this, message);
        }
    }

    @Override
    public <Q> CompletableFuture<Q> ask(Function<ActorRef<Q>, ? extends R> request, Duration timeout) {
        return AskRef.ask(system, this, request, timeout);
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public String toString() {
        return "ActorRef[" + path + "]";
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
