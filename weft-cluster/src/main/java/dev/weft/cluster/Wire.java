package dev.weft.cluster;

import java.util.List;
import java.util.UUID;

/**
 * What the protocol ({@link Place}, {@link Home}) needs from the machinery around it: the members, a way
 * to send, timers and a clock. {@link HazelcastWire} is the real one; the simulator drives the same
 * protocol code with a discrete-event wire.
 */
interface Wire {
    /** This member. */
    UUID self();

    /** The members of the cluster now, in the same order on every member (oldest first). */
    List<UUID> members();

    /** Sends {@code m} to member {@code to} (possibly this one). Never blocks and never runs the receiver on the calling thread; a message to a member that has left is dropped (membership events tell the protocol). */
    void send(UUID to, Msg m);

    /** Runs {@code action} after about {@code delayMillis}, on a thread that may call into the protocol. */
    void schedule(long delayMillis, Runnable action);

    /** The clock of this member, in nanoseconds. */
    long nanoTime();

    /** A readable name of a member, for messages. */
    String describe(UUID member);
}
