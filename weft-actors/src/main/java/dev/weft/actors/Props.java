package dev.weft.actors;

import java.util.Objects;

/**
 * How to run an actor, besides its behaviour: its supervision, its mailbox's bound, its stash's capacity.
 * Immutable; the {@code with...} methods return new values.
 *
 * <pre>{@code
 * Props props = Props.create()
 *         .withSupervision(Supervision.RESTART.withLimit(3, Duration.ofSeconds(10)))
 *         .withMailbox(10_000, Overflow.DROP_NEWEST);
 * ActorRef<Order> orders = system.spawn("orders", OrderBook::new, props);
 * }</pre>
 */
public final class Props {
    /** The default stash capacity ({@link ActorContext#stash}). */
    public static final int DEFAULT_STASH_CAPACITY = 1_000;

    private static final Props DEFAULT = new Props(Supervision.ESCALATE, 0, Overflow.DROP_NEWEST,
            DEFAULT_STASH_CAPACITY);

    final Supervision supervision;
    /** 0: unbounded. */
    final int mailboxCapacity;
    final Overflow overflow;
    final int stashCapacity;

    private Props(Supervision supervision, int mailboxCapacity, Overflow overflow, int stashCapacity) {
        this.supervision = supervision;
        this.mailboxCapacity = mailboxCapacity;
        this.overflow = overflow;
        this.stashCapacity = stashCapacity;
    }

    /**
     * The defaults: {@link Supervision#ESCALATE}, an unbounded mailbox, a stash of {@value
     * #DEFAULT_STASH_CAPACITY}.
     */
    public static Props create() {
        return DEFAULT;
    }

    /** What a failure does; see {@link Supervision}. */
    public Props withSupervision(Supervision supervision) {
        return new Props(Objects.requireNonNull(supervision, "supervision"), mailboxCapacity, overflow,
                stashCapacity);
    }

    /**
     * A bounded mailbox: at most {@code capacity} user messages wait in it (the one being handled does not
     * count); {@code overflow} says what a message that finds it full does. Bounding costs every queued send
     * one atomic counter update; unbounded mailboxes (the default) have none.
     *
     * @throws IllegalArgumentException if {@code capacity} is not positive
     */
    public Props withMailbox(int capacity, Overflow overflow) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("a mailbox capacity must be positive: " + capacity);
        }
        return new Props(supervision, capacity, Objects.requireNonNull(overflow, "overflow"), stashCapacity);
    }

    /**
     * Most messages {@link ActorContext#stash} holds (and a backoff restart keeps while it waits).
     *
     * @throws IllegalArgumentException if {@code capacity} is negative
     */
    public Props withStashCapacity(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("a stash capacity must not be negative: " + capacity);
        }
        return new Props(supervision, mailboxCapacity, overflow, capacity);
    }

    /** The supervision of actors spawned with these props. */
    public Supervision supervision() {
        return supervision;
    }

    @Override
    public String toString() {
        return "Props[" + supervision + ", mailbox " + (mailboxCapacity == 0 ? "unbounded"
                : mailboxCapacity + " " + overflow) + ", stash " + stashCapacity + "]";
    }
}
