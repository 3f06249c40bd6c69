package dev.weft.actors;

/**
 * What happens to an actor whose handler threw. The failure is never lost: each policy below decides who
 * hears of it. Choose one per actor when spawning it; the default is {@link #ESCALATE}.
 *
 * <pre>{@code
 * ActorRef<Job> worker = ctx.spawn("worker", Worker::new, Supervision.RESTART);
 * }</pre>
 */
public enum Supervision {
    /** Keep the behaviour and its state, and go on with the next message. */
    RESUME,
    /**
     * Replace the behaviour with a fresh one from the actor's factory and go on with the next message; the
     * actor's children stop (the fresh state spawns its own). Messages already in the mailbox are kept.
     * If the factory itself throws, the actor stops and that failure escalates.
     */
    RESTART,
    /** Stop the actor: later messages go to the dead letters. */
    STOP,
    /**
     * The default: stop the actor and report the failure to its parent, which handles it as a failure of
     * its own under its own policy (so a parent with {@code RESUME} absorbs it, one with {@code RESTART}
     * starts afresh, one with {@code ESCALATE} stops and passes it up). A top-level actor reports it to
     * the system's failure listener ({@link ActorSystem.Builder#onFailure}).
     */
    ESCALATE
}
