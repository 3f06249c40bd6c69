package dev.weft.actors;

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
