package dev.weft.actors;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * What happens to an actor whose handler threw. The failure is never lost: each policy below decides who
 * hears of it. The parent chooses one per child when spawning it; the default is {@link #ESCALATE}.
 *
 * <pre>{@code
 * // at most 3 restarts in 10 seconds, then stop
 * ActorRef<Job> worker = ctx.spawn("worker", Worker::new, Supervision.RESTART.withLimit(3, Duration.ofSeconds(10)));
 * // restart after 100 ms, 200 ms, 400 ms ... at most 10 s, each delay up to 20% longer at random
 * ActorRef<Conn> conn = ctx.spawn("conn", Conn::new,
 *         Supervision.restartWithBackoff(Duration.ofMillis(100), Duration.ofSeconds(10), 0.2));
 * // decide by the failure
 * ActorRef<Req> handler = ctx.spawn("handler", Handler::new,
 *         Supervision.deciding(t -> t instanceof IllegalArgumentException ? Supervision.RESUME : Supervision.RESTART));
 * }</pre>
 *
 * <p>Values are immutable; the {@code with...} methods return new ones.
 */
public final class Supervision {
    enum Kind {
        RESUME, RESTART, STOP, ESCALATE, DECIDE
    }

    /** Keep the behaviour and its state, and go on with the next message. */
    public static final Supervision RESUME = new Supervision(Kind.RESUME);
    /**
     * Replace the behaviour with a fresh one from the actor's factory and go on with the next message; the
     * old behaviour gets {@link Signal.PreRestart} first, the actor's children and timers stop (the fresh
     * state starts its own), stashed messages are handed to the fresh behaviour first. Messages already in
     * the mailbox are kept. If the factory itself throws, the actor stops and that failure escalates.
     * Without a limit ({@link #withLimit}) an actor may restart forever.
     */
    public static final Supervision RESTART = new Supervision(Kind.RESTART);
    /** Stop the actor: later messages go to the dead letters. */
    public static final Supervision STOP = new Supervision(Kind.STOP);
    /**
     * The default: stop the actor and report the failure to its parent, which handles it as a failure of
     * its own under its own policy (so a parent with {@code RESUME} absorbs it, one with {@code RESTART}
     * starts afresh, one with {@code ESCALATE} stops and passes it up). A top-level actor reports it to
     * the system's failure listener ({@link ActorSystem.Builder#onFailure}).
     */
    public static final Supervision ESCALATE = new Supervision(Kind.ESCALATE);

    final Kind kind;
    /** Restarts allowed within {@link #window}; -1: no limit. */
    final int maxRestarts;
    final long windowNanos;
    /** Past the limit: stop (false) or stop and escalate (true). */
    final boolean escalateOnLimit;
    /** Backoff: 0 for an immediate restart. */
    final long minBackoffNanos;
    final long maxBackoffNanos;
    final double randomFactor;
    /** {@link Kind#DECIDE}: picks the policy for each failure. */
    final Function<? super Throwable, Supervision> decider;

    private Supervision(Kind kind) {
        this(kind, -1, 0, false, 0, 0, 0, null);
    }

    private Supervision(Kind kind, int maxRestarts, long windowNanos, boolean escalateOnLimit,
            long minBackoffNanos, long maxBackoffNanos, double randomFactor,
            Function<? super Throwable, Supervision> decider) {
        this.kind = kind;
        this.maxRestarts = maxRestarts;
        this.windowNanos = windowNanos;
        this.escalateOnLimit = escalateOnLimit;
        this.minBackoffNanos = minBackoffNanos;
        this.maxBackoffNanos = maxBackoffNanos;
        this.randomFactor = randomFactor;
        this.decider = decider;
    }

    /**
     * Restarts after a growing delay: {@code min}, then twice that, and so on up to {@code max}, each
     * delay made up to {@code randomFactor} longer at random (so that many actors failing together do not
     * restart together). While it waits the actor handles nothing: messages that arrive are kept (up to its
     * stash capacity, {@link Props#withStashCapacity}; beyond it they are dead letters) and handed to the
     * fresh behaviour first. After the actor ran for {@code (min + max) / 2} without failing, the next delay
     * is {@code min} again.
     *
     * @throws IllegalArgumentException if {@code min} is not positive, {@code max < min}, or {@code
     *         randomFactor} is not in [0, 1]
     */
    public static Supervision restartWithBackoff(Duration min, Duration max, double randomFactor) {
        long lo = nanos(Objects.requireNonNull(min, "min"));
        long hi = nanos(Objects.requireNonNull(max, "max"));
        if (lo <= 0 || hi < lo) {
            throw new IllegalArgumentException("backoff needs 0 < min <= max: " + min + ", " + max);
        }
        if (!(randomFactor >= 0 && randomFactor <= 1)) {
            throw new IllegalArgumentException("randomFactor must be in [0, 1]: " + randomFactor);
        }
        return new Supervision(Kind.RESTART, -1, 0, false, lo, hi, randomFactor, null);
    }

    /**
     * Decides for each failure: {@code decider} gets what the handler threw and returns the policy to
     * apply to this failure (not another {@code deciding} one). Restart limits and backoff state belong to
     * the actor, so a decider that returns the same limited policy each time counts its restarts together.
     * It runs on the failing actor's worker. A decider that throws or returns null escalates the failure.
     */
    public static Supervision deciding(Function<? super Throwable, Supervision> decider) {
        return new Supervision(Kind.DECIDE, -1, 0, false, 0, 0, 0, Objects.requireNonNull(decider, "decider"));
    }

    /**
     * This restart policy, allowed at most {@code maxRestarts} restarts within {@code within} (a window that
     * starts at the first failure and starts again at the first failure after it ended); the failure that
     * exceeds the limit stops the actor, or with {@link #escalateAfterLimit()} stops it and escalates.
     *
     * @throws IllegalStateException    if this is not a restart policy
     * @throws IllegalArgumentException if {@code maxRestarts} is negative or {@code within} not positive
     */
    public Supervision withLimit(int maxRestarts, Duration within) {
        requireRestart("withLimit");
        long w = nanos(Objects.requireNonNull(within, "within"));
        if (maxRestarts < 0 || w <= 0) {
            throw new IllegalArgumentException("a restart limit needs maxRestarts >= 0 and a positive window: "
                    + maxRestarts + ", " + within);
        }
        return new Supervision(kind, maxRestarts, w, escalateOnLimit, minBackoffNanos, maxBackoffNanos,
                randomFactor, null);
    }

    /** This limited restart policy, escalating the failure that exceeds the limit instead of only stopping. */
    public Supervision escalateAfterLimit() {
        requireRestart("escalateAfterLimit");
        if (maxRestarts < 0) {
            throw new IllegalStateException("escalateAfterLimit() needs a limit: call withLimit first");
        }
        return new Supervision(kind, maxRestarts, windowNanos, true, minBackoffNanos, maxBackoffNanos,
                randomFactor, null);
    }

    private void requireRestart(String what) {
        if (kind != Kind.RESTART) {
            throw new IllegalStateException(what + "() applies to restart policies, not " + this);
        }
    }

    private static long nanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("Supervision.");
        switch (kind) {
            case RESUME -> s.append("RESUME");
            case STOP -> s.append("STOP");
            case ESCALATE -> s.append("ESCALATE");
            case DECIDE -> s.append("deciding(").append(decider).append(')');
            case RESTART -> {
                if (minBackoffNanos > 0) {
                    s.append("restartWithBackoff(").append(Duration.ofNanos(minBackoffNanos)).append(", ")
                            .append(Duration.ofNanos(maxBackoffNanos)).append(", ").append(randomFactor).append(')');
                } else {
                    s.append("RESTART");
                }
                if (maxRestarts >= 0) {
                    s.append(".withLimit(").append(maxRestarts).append(", ").append(Duration.ofNanos(windowNanos))
                            .append(')');
                    if (escalateOnLimit) {
                        s.append(".escalateAfterLimit()");
                    }
                }
            }
        }
        return s.toString();
    }
}
