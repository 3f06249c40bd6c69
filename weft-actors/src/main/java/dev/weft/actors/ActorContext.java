package dev.weft.actors;

import java.util.function.Supplier;

/**
 * What a handler can do besides computing: name itself, spawn and stop children, reach the system. A
 * context belongs to its actor; use it only inside that actor's handler.
 *
 * <pre>{@code
 * Behavior<String> parent = (ctx, msg) -> {
 *     ActorRef<String> child = ctx.spawn("echo-" + msg, () -> (c, m) -> Behavior.stopped());
 *     child.tell(msg);
 *     return Behavior.same();
 * };
 * }</pre>
 *
 * @param <M> the type of message the actor accepts
 */
public interface ActorContext<M> {
    /** This actor's reference, e.g. to send it to others as a reply address. */
    ActorRef<M> self();

    /** The system this actor belongs to. */
    ActorSystem system();

    /**
     * Spawns a child with the default supervision ({@link Supervision#ESCALATE}): its failures come to this
     * actor. Children stop when their parent stops or restarts.
     *
     * @param name    a label for its path; not empty, no '/'
     * @param factory makes the child's initial behaviour, now, and a fresh one at each restart
     * @throws IllegalStateException if this actor or the system is stopped
     */
    <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory);

    /** Spawns a child with the given supervision; see {@link #spawn(String, Supplier)}. */
    <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory, Supervision supervision);

    /**
     * Stops {@code actor}, which must be this actor or one of its children: it finishes the message it is
     * handling (for this actor: the current one), and later messages go to the dead letters.
     *
     * @throws IllegalArgumentException if {@code actor} is neither this actor nor a child of it
     */
    void stop(ActorRef<?> actor);
}
