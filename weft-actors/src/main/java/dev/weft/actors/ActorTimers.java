package dev.weft.actors;

import java.time.Duration;
import java.util.HashMap;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;

/**
 * One actor's {@link Timers}. The map from key to timer is the actor's alone (its handlers use it, and so
 * does the delivery of a fired timer's message, on the actor's activation): a fired timer's message is
 * handled only if its timer is still the one under its key, which is what makes "a cancelled timer's message
 * is never handled afterwards" exact, whatever the wheel's thread was doing (PROTOCOL.md, "Timers").
 */
final class ActorTimers<M> implements Timers<M> {
    private final ActorCell<M> cell;
    private final HashMap<Object, Timer> timers = new HashMap<>();

    ActorTimers(ActorCell<M> cell) {
        this.cell = cell;
    }

    /** A running timer: an entry of the system's wheel, sending the actor a {@link SystemMessage.TimerFired}. */
    static final class Timer extends TimerWheel.Entry {
        final ActorCell<?> cell;
        final Object key;
        final Object message;
        /** 0: single. */
        final long period;
        final boolean fixedRate;

        Timer(ActorCell<?> cell, Object key, Object message, long period, boolean fixedRate) {
            this.cell = cell;
            this.key = key;
            this.message = message;
            this.period = period;
            this.fixedRate = fixedRate;
        }

        @Override
        long expire(long now) {
            cell.send(new SystemMessage.TimerFired(this));
            if (period == 0) {
                return -1;
            }
            try {
                return Math.addExact(fixedRate ? deadline : now, period);
            } catch (ArithmeticException e) {
                return -1; // a period so long that it never comes
            }
        }

        @Override
        public String toString() {
            return "timer " + key + " of " + cell.path();
        }
    }

    @Override
    public void startSingleTimer(Object key, M message, Duration delay) {
        start(key, message, nanos(delay, false), 0, false);
    }

    @Override
    public void startTimerWithFixedDelay(Object key, M message, Duration delay) {
        long d = nanos(delay, true);
        start(key, message, d, d, false);
    }

    @Override
    public void startTimerAtFixedRate(Object key, M message, Duration interval) {
        long d = nanos(interval, true);
        start(key, message, d, d, true);
    }

    private void start(Object key, Object message, long delay, long period, boolean fixedRate) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(message, "message");
        cancel(key);
        Timer t = new Timer(cell, key, message, period, fixedRate);
        timers.put(key, t);
        try {
            cell.system.wheel.schedule(t, delay);
        } catch (RejectedExecutionException closed) {
            timers.remove(key); // the system is closed: this actor is stopping, no message could be handled
        }
    }

    private static long nanos(Duration d, boolean positive) {
        Objects.requireNonNull(d, "delay");
        if (d.isNegative() || (positive && d.isZero())) {
            throw new IllegalArgumentException("a timer's delay must be " + (positive ? "positive" : "non-negative")
                    + ": " + d);
        }
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    @Override
    public boolean isTimerActive(Object key) {
        return timers.containsKey(key);
    }

    @Override
    public void cancel(Object key) {
        Timer t = timers.remove(key);
        if (t != null) {
            cell.system.wheel.cancel(t);
        }
    }

    @Override
    public void cancelAll() {
        for (Timer t : timers.values()) {
            cell.system.wheel.cancel(t);
        }
        timers.clear();
    }

    /** The message of a fired timer, if it is still the current timer of its key; else null (drop it). */
    Object fired(Timer t) {
        if (timers.get(t.key) != t) {
            return null;
        }
        if (t.period == 0) {
            timers.remove(t.key);
        }
        return t.message;
    }
}
