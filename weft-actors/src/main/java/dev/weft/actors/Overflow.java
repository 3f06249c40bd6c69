package dev.weft.actors;

/**
 * What a bounded mailbox ({@link Props#withMailbox}) does with a message that finds it full. Signals
 * (death watch, timers' bookkeeping, failure reports) never count and are never dropped.
 *
 * <pre>{@code
 * ActorRef<Sample> meter = system.spawn("meter", Meter::new, Props.create().withMailbox(1_000, Overflow.DROP_OLDEST));
 * }</pre>
 */
public enum Overflow {
    /** The new message goes to the dead letters; the sender does not notice (Pekko's bounded mailbox). */
    DROP_NEWEST,
    /**
     * The oldest queued message goes to the dead letters, so the actor handles the newest ones. The actor
     * drops it when it next takes a message: while a long handler runs, the queue may hold more than the
     * capacity (the surplus, oldest first, is dropped before the next message is handled).
     */
    DROP_OLDEST,
    /**
     * The sender fails: {@link ActorRef#tell} throws {@link MailboxOverflowException} (an {@code ask} returns a
     * future failed with it) and the message is not sent.
     */
    FAIL
}
