package dev.weft.actors;

/**
 * A lifecycle event delivered to {@link Behavior#onSignal}, between messages, on the actor's own worker
 * (so the behaviour's fields are as safe to touch as in {@code receive}).
 *
 * <pre>{@code
 * final class Session implements Behavior<Cmd> {
 *     private final Connection conn = Connection.open();
 *     public Behavior<Cmd> receive(ActorContext<Cmd> ctx, Cmd c) { ...; return this; }
 *     public Behavior<Cmd> onSignal(ActorContext<Cmd> ctx, Signal s) {
 *         if (s instanceof Signal.PostStop || s instanceof Signal.PreRestart) conn.close();
 *         return this;
 *     }
 * }
 * }</pre>
 */
public sealed interface Signal {
    /**
     * An actor this one watches ({@link ActorContext#watch}) stopped. Delivered once per watch, after every
     * message the watched actor sent to this one before it stopped, also if it had stopped before the
     * watch began; never after {@link ActorContext#unwatch}. A child stops before its parent finishes
     * stopping, so a watcher of both hears of the child first.
     *
     * @param ref the actor that stopped
     */
    record Terminated(ActorRef<?> ref) implements Signal {
    }

    /**
     * The behaviour is about to be replaced after a failure ({@link Supervision#RESTART}): release what it
     * holds. What it returns is ignored; what it throws is reported to the failure listener and the restart
     * goes on.
     */
    enum PreRestart implements Signal {
        INSTANCE
    }

    /**
     * The actor has stopped: it handled its last message, and its children have stopped. Release what
     * the behaviour holds. What it returns is ignored; what it throws is reported to the failure listener.
     */
    enum PostStop implements Signal {
        INSTANCE
    }
}
