package dev.weft.actors;

import java.util.Objects;
import java.util.function.Function;

/**
 * What an actor does with a message, and how it will treat the next one. An actor processes one message
 * at a time; what its behaviour wrote while handling a message is visible when it handles the next one,
 * whichever worker runs it, without any synchronization in user code.
 *
 * <p>Return {@code this} (or {@link #same()}) to keep the behaviour, another behaviour to handle the next
 * message with it (<em>become</em>), or {@link #stopped()} to stop the actor. State lives in the behaviour
 * object: a restart (see {@link Supervision#RESTART}) asks the actor's factory for a fresh one.
 *
 * <pre>{@code
 * final class Counter implements Behavior<Integer> {
 *     private long sum;                                   // confined to the actor: no locks, no volatile
 *     public Behavior<Integer> receive(ActorContext<Integer> ctx, Integer n) {
 *         if (n < 0) return Behavior.stopped();
 *         sum += n;
 *         return this;
 *     }
 * }
 * ActorRef<Integer> counter = system.spawn("counter", Counter::new);
 * counter.tell(5);
 * }</pre>
 *
 * <p>A handler that blocks (sleeps, waits for a lock, for I/O, or joins a {@code CompletableFuture}) must
 * do it inside {@link dev.weft.Weft#blocking}: the pool then adds a temporary worker and hands the work
 * this worker holds to others, so the other actors keep running.
 *
 * @param <M> the type of message the actor accepts
 */
@FunctionalInterface
public interface Behavior<M> {
    /**
     * Handles one message. An exception (or error) thrown here is handled by the actor's {@link
     * Supervision}; it is never lost.
     *
     * @param ctx     the actor's context: its own reference, children, the system
     * @param message the message, never null
     * @return the behaviour for the next message: {@code this}, {@link #same()}, another one, or {@link
     *         #stopped()}; never null
     */
    Behavior<M> receive(ActorContext<M> ctx, M message) throws Exception;

    /**
     * Handles a lifecycle signal ({@link Signal.Terminated} of a watched actor, {@link Signal.PreRestart},
     * {@link Signal.PostStop}); the default ignores it. A failure here is handled like one in {@link
     * #receive}, except for {@code PreRestart} and {@code PostStop} (see there).
     *
     * @return the behaviour for the next message, as from {@code receive}
     */
    default Behavior<M> onSignal(ActorContext<M> ctx, Signal signal) throws Exception {
        return same();
    }

    /**
     * A behaviour made by {@code setup} when the actor starts, on its worker, with its context: the place
     * to spawn children, start timers, watch others or register with the receptionist. A restart runs
     * {@code setup} again (it is part of what the factory makes). Spawning an actor whose initial behaviour
     * is a setup costs one extra message (the start).
     *
     * <pre>{@code
     * ActorRef<Job> boss = system.spawn("boss", () -> Behavior.setup(ctx -> {
     *     ActorRef<Job> helper = ctx.spawn("helper", Helper::new);
     *     ctx.timers().startTimerAtFixedRate("tick", new Tick(), Duration.ofSeconds(1));
     *     return (c, job) -> { helper.tell(job); return Behavior.same(); };
     * }));
     * }</pre>
     */
    static <M> Behavior<M> setup(Function<ActorContext<M>, ? extends Behavior<M>> setup) {
        return new Directives.Setup<>(Objects.requireNonNull(setup, "setup"));
    }

    /**
     * Starts {@code behavior} as the actor does: a {@link #setup} (or a router) runs now with {@code ctx}, as
     * often as it returns another one; any other behaviour comes back as it is. For test kits and for
     * behaviours that wrap others; an actor does this itself.
     *
     * @return the started behaviour, or {@link #stopped()} if the setup returned it
     * @throws Exception what the setup threw
     */
    @SuppressWarnings("unchecked")
    static <M> Behavior<M> start(Behavior<M> behavior, ActorContext<M> ctx) throws Exception {
        Behavior<M> b = Objects.requireNonNull(behavior, "behavior");
        while (b instanceof Directives.Deferred<?> d) {
            b = ((Directives.Deferred<M>) d).setUp(ctx);
            if (b == null || b == same()) {
                throw new IllegalStateException("a setup returned " + b + "; it must return a behaviour");
            }
        }
        return b;
    }

    /** The marker "keep the current behaviour". */
    @SuppressWarnings("unchecked")
    static <M> Behavior<M> same() {
        return (Behavior<M>) Directives.SAME;
    }

    /**
     * The marker "stop this actor": it processes no further message (later ones go to the dead letters),
     * and its children stop too.
     */
    @SuppressWarnings("unchecked")
    static <M> Behavior<M> stopped() {
        return (Behavior<M>) Directives.STOPPED;
    }
}
