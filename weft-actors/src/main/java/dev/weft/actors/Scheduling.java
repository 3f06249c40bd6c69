package dev.weft.actors;

/**
 * How an actor system starts the activation of an idle actor. The default, {@link #ADAPTIVE}, is what you
 * want; the others exist to measure it (they are the two designs it chooses between).
 *
 * <pre>{@code
 * ActorSystem system = ActorSystem.builder().scheduling(Scheduling.MAILBOX).build();
 * }</pre>
 */
public enum Scheduling {
    /**
     * Each actor samples how often sends find it idle: mostly idle, it runs as a fork on the sender's worker
     * ({@link #FORK_ON_SEND}); mostly busy, it runs from the pool's inbox beside its senders ({@link
     * #MAILBOX}). It switches with hysteresis.
     */
    ADAPTIVE,
    /**
     * A message sent from a worker to an idle actor is handled as a fork on the sender's worker, with the
     * message kept in the actor itself (no queue node); messages that find the actor busy are queued.
     */
    FORK_ON_SEND,
    /**
     * Every message is queued and every activation is submitted to the pool's inbox: the "centralized
     * pooling" design that actor runtimes on ForkJoinPool used (Pinto et al., Listing 1). For comparison.
     */
    MAILBOX
}
