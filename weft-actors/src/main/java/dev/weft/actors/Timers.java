package dev.weft.actors;

import java.time.Duration;

/**
 * An actor's timers: messages it sends itself later, once or repeatedly, each under a key. Reach them with
 * {@link ActorContext#timers()}, inside the actor's handlers only. All timers of a system share one
 * scheduler thread (a hashed wheel with 1 ms ticks): a timer costs no thread and no pool task until it
 * fires, and its message arrives no earlier than its delay, usually within a tick or two after.
 *
 * <p>Starting a timer under a key that is in use cancels the old one. A cancelled timer's message is never
 * handled afterwards, even if it had already fired and was waiting in the mailbox (as in Pekko). Every timer
 * is cancelled when the actor stops or restarts.
 *
 * <pre>{@code
 * Behavior<Object> poller = Behavior.setup(ctx -> {
 *     ctx.timers().startTimerWithFixedDelay("poll", new Poll(), Duration.ofMillis(500));
 *     return (c, m) -> {
 *         if (m instanceof Poll) fetch();
 *         if (m instanceof Pause) c.timers().cancel("poll");
 *         return Behavior.same();
 *     };
 * });
 * }</pre>
 *
 * @param <M> the actor's message type
 */
public interface Timers<M> {
    /**
     * Sends {@code message} to this actor once, after {@code delay}.
     *
     * @throws IllegalArgumentException if {@code delay} is negative
     */
    void startSingleTimer(Object key, M message, Duration delay);

    /**
     * Sends {@code message} to this actor after {@code delay}, then again {@code delay} after each time it
     * was sent: the gaps stay at least {@code delay} however late a send was.
     *
     * @throws IllegalArgumentException if {@code delay} is not positive
     */
    void startTimerWithFixedDelay(Object key, M message, Duration delay);

    /**
     * Sends {@code message} to this actor every {@code interval}, measured from the start: a send that came
     * late is followed by one sooner, keeping the rate.
     *
     * @throws IllegalArgumentException if {@code interval} is not positive
     */
    void startTimerAtFixedRate(Object key, M message, Duration interval);

    /** Whether a timer is running under {@code key} (a single timer stops running once its message is handled). */
    boolean isTimerActive(Object key);

    /** Cancels the timer under {@code key}, if any: its message will not be handled, even if already sent. */
    void cancel(Object key);

    /** Cancels every timer of this actor. */
    void cancelAll();
}
