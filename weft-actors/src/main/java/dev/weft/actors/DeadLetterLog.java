package dev.weft.actors;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Logs dead letters at INFO on the {@code dev.weft.actors.DeadLetters} logger, as Pekko does by default:
 * the first {@code limit} of a period, each naming the message's class and the recipient's path, then one
 * line saying that logging is suspended until the period ends. Nothing is logged while the system closes
 * (its undelivered messages are expected). Cheap while suspended: one volatile read, and a clock read for
 * one dead letter in {@value #CLOCK_EVERY} on average, so a flood of dead letters costs little.
 */
final class DeadLetterLog {
    static final String LOGGER = "dev.weft.actors.DeadLetters";
    private static final int CLOCK_EVERY = 256;

    private final int limit;
    private final long periodNanos;
    private final AtomicInteger logged = new AtomicInteger();
    /** nanoTime when the current period ends; written under the lock on this object. */
    private volatile long periodEnd;

    DeadLetterLog(int limit, long periodNanos) {
        this.limit = limit;
        this.periodNanos = periodNanos;
        this.periodEnd = System.nanoTime() + periodNanos;
    }

    void log(ActorRef<?> to, Object message, long total) {
        if (limit == 0) {
            return;
        }
        if (logged.get() >= limit) {
            if (ThreadLocalRandom.current().nextInt(CLOCK_EVERY) != 0 || System.nanoTime() - periodEnd < 0) {
                return;
            }
            synchronized (this) {
                long now = System.nanoTime();
                if (now - periodEnd < 0) {
                    return;
                }
                periodEnd = now + periodNanos;
                logged.set(0);
            }
        }
        int n = logged.incrementAndGet();
        if (n > limit) {
            return;
        }
        String what = message == null ? "null" : message.getClass().getName();
        String line = "Message [" + what + "] to " + to.path() + " was not delivered. [" + total
                + "] dead letters so far.";
        if (n == limit) {
            line += " No more dead letters are logged for " + (periodNanos / 1_000_000_000L)
                    + " s; ActorSystem.Builder.logDeadLetters sets how many are.";
        }
        System.getLogger(LOGGER).log(System.Logger.Level.INFO, line);
    }
}
