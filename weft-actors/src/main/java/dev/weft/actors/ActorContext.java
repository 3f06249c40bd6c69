package dev.weft.actors;

import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a handler can do besides computing: name itself, spawn and stop children, watch other actors, set
 * timers, stash messages, reach the system. A context belongs to its actor; use it only inside that actor's
 * handlers ({@link Behavior#receive}, {@link Behavior#onSignal}, a {@link Behavior#setup}) — not from a
 * future's callback or another thread: send yourself a message instead ({@link #pipeToSelf}).
 *
 * <pre>{@code
 * Behavior<String> parent = (ctx, msg) -> {
 *     ActorRef<String> child = ctx.spawn("echo-" + msg, () -> (c, m) -> Behavior.stopped());
 *     ctx.watch(child);
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
     * actor. Children stop when their parent stops or restarts, and a parent finishes stopping (gets {@link
     * Signal.PostStop}) only after its children have.
     *
     * @param name    a label for its path; not empty, no '/'
     * @param factory makes the child's initial behaviour, now, and a fresh one at each restart
     * @throws IllegalStateException if this actor or the system is stopped
     */
    <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory);

    /** Spawns a child with the given supervision; see {@link #spawn(String, Supplier)}. */
    <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory, Supervision supervision);

    /** Spawns a child with the given props; see {@link #spawn(String, Supplier)}. */
    <C> ActorRef<C> spawn(String name, Supplier<? extends Behavior<C>> factory, Props props);

    /**
     * Stops {@code actor}, which must be this actor or one of its children: it finishes the message it is
     * handling (for this actor: the current one), and later messages go to the dead letters.
     *
     * @throws IllegalArgumentException if {@code actor} is neither this actor nor a child of it
     */
    void stop(ActorRef<?> actor);

    /**
     * Watches {@code actor}: when it stops, this actor gets {@link Signal.Terminated} once, through {@link
     * Behavior#onSignal} (also if it had already stopped). Watching an actor again changes nothing.
     *
     * @throws IllegalArgumentException if {@code actor} is not an actor of this system (an ask's reply
     *                                  address, a probe)
     */
    void watch(ActorRef<?> actor);

    /**
     * Like {@link #watch}, but when {@code actor} stops this actor gets {@code message} as an ordinary
     * message instead of the signal (handy for lambda behaviours). Watching again replaces the message.
     */
    void watchWith(ActorRef<?> actor, M message);

    /** Stops watching {@code actor}: no {@code Terminated} (or watch message) for it comes after this call. */
    void unwatch(ActorRef<?> actor);

    /** This actor's timers (see {@link Timers}). */
    Timers<M> timers();

    /**
     * Keeps {@code message} aside, to be handled after {@link #unstashAll()}. The stash holds at most the
     * actor's stash capacity ({@link Props#withStashCapacity}, default {@value Props#DEFAULT_STASH_CAPACITY});
     * stashed messages are dead letters if the actor stops, and handed to the fresh behaviour first if it
     * restarts.
     *
     * @throws IllegalStateException if the stash is full (a failure of the handler, as any other)
     */
    void stash(M message);

    /**
     * Hands every stashed message back: they are handled next, before anything in the mailbox, in the order
     * they were stashed (ahead of messages an earlier {@code unstashAll} handed back and that still wait).
     */
    void unstashAll();

    /** How many messages are stashed. */
    int stashSize();

    /**
     * When {@code stage} completes, sends this actor the message {@code mapper} makes of its outcome (the
     * value and null, or null and the failure). The mapper runs in this actor, when the message is handled,
     * so it may read the behaviour's state; a failure in it is a failure of the actor. Nothing waits: the
     * handler returns at once.
     *
     * <pre>{@code
     * ctx.pipeToSelf(http.get(url), (body, failure) -> failure == null ? new Fetched(body) : new FetchFailed(failure));
     * }</pre>
     */
    <T> void pipeToSelf(CompletionStage<T> stage, BiFunction<? super T, ? super Throwable, ? extends M> mapper);

    /**
     * A reference that accepts messages of another type, {@code T}, and delivers each to this actor as the
     * message {@code adapter} makes of it (run in this actor, as for {@link #pipeToSelf}). Use it as the reply
     * address of a protocol that speaks another type, such as a receptionist {@link Receptionist.Listing}.
     */
    <T> ActorRef<T> messageAdapter(Function<? super T, ? extends M> adapter);

    /**
     * This actor's logger: records go to the {@link System.Logger} named after the actor's behaviour class
     * and carry the actor's path ({@code [/shop/cart-7] ...}).
     */
    System.Logger log();
}
