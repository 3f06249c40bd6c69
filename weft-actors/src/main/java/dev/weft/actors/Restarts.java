package dev.weft.actors;

import java.util.concurrent.ThreadLocalRandom;

/**
 * One actor's restart history, for {@link Supervision#withLimit} and {@link
 * Supervision#restartWithBackoff}. Confined to the actor's activation (failures are handled there).
 */
final class Restarts {
    /** Restarts in the current window, and when it began (nanoTime). */
    private int inWindow;
    private long windowStart;
    /** Backoff: restarts since the last reset, and when the actor last started afresh (nanoTime). */
    private int backoffIndex;
    private long lastStart;
    /** Backoff waits started: a {@link SystemMessage.BackoffEnded} of an older wait is stale. */
    int generation;

    /**
     * Counts a restart under {@code s}: false if it would exceed the limit. The window starts at the
     * first failure and starts again at the first failure after it has ended (Pekko's classic rule).
     */
    boolean allow(Supervision s, long now) {
        if (s.maxRestarts < 0) {
            return true;
        }
        if (inWindow == 0 || now - windowStart > s.windowNanos) {
            windowStart = now;
            inWindow = 0;
        }
        if (inWindow >= s.maxRestarts) {
            return false;
        }
        inWindow++;
        return true;
    }

    /**
     * The delay before the next backoff restart: {@code min · 2^n} capped at {@code max}, times a random
     * factor in [1, 1 + randomFactor]; n counts restarts since the actor last ran for {@code (min + max) / 2}
     * without failing.
     */
    long nextBackoff(Supervision s, long now) {
        long resetAfter = s.minBackoffNanos / 2 + s.maxBackoffNanos / 2;
        if (backoffIndex > 0 && now - lastStart >= resetAfter) {
            backoffIndex = 0;
        }
        long d = s.minBackoffNanos;
        for (int i = 0; i < backoffIndex && d < s.maxBackoffNanos; i++) {
            d = d > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : d * 2;
        }
        d = Math.min(d, s.maxBackoffNanos);
        backoffIndex++;
        double r = 1 + ThreadLocalRandom.current().nextDouble() * s.randomFactor;
        double delay = d * r;
        return delay >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) delay;
    }

    /** The actor started afresh after a backoff wait. */
    void started(long now) {
        lastStart = now;
    }
}
