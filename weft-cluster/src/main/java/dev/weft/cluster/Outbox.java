package dev.weft.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Items for one destination that travel together (PROTOCOL.md, "Commits"). Items wait until one of:
 * {@link #maxItems} are waiting, the oldest has waited {@link #maxAgeMillis}, or the owner asks for them
 * to go ({@link #flush}) because they matter now. Even then, a destination receives at most one message
 * per gap from this sender: a flush within the gap after the last one is done at the gap's end. The gap
 * grows with the number of members, so that the home — which every member reports to — receives a
 * bounded number of messages per second whatever the cluster's size.
 */
final class Outbox<T> {
    /** The shortest gap: what it can add to the end of a run on a few members. */
    static final long MIN_GAP_NANOS = 1_000_000;
    /**
     * The gap per member: twice what a member spends on one incoming message (about 30 µs measured on
     * Hazelcast), so that all members together keep the home at most half busy with their messages.
     */
    static final long GAP_PER_MEMBER_NANOS = 60_000;

    private final Wire wire;
    private final int maxItems;
    private final long maxAgeMillis;
    private final Consumer<List<T>> sender;
    private List<T> items = new ArrayList<>();
    private long lastSent;
    private boolean sentOnce;
    private boolean timerSet;
    private boolean ageTimerSet;

    Outbox(Wire wire, int maxItems, long maxAgeMillis, Consumer<List<T>> sender) {
        this.wire = wire;
        this.maxItems = maxItems;
        this.maxAgeMillis = maxAgeMillis;
        this.sender = sender;
    }

    /** The gap between two messages to one destination in a cluster of {@code members}. */
    static long gapNanos(int members) {
        return Math.max(MIN_GAP_NANOS, members * GAP_PER_MEMBER_NANOS);
    }

    synchronized void add(T item) {
        items.add(item);
        if (items.size() >= maxItems) {
            flush();
        } else if (!ageTimerSet) {
            ageTimerSet = true;
            wire.schedule(maxAgeMillis, this::aged);
        }
    }

    /** Sends what waits, now or at the end of the current gap. */
    synchronized void flush() {
        if (items.isEmpty()) {
            return;
        }
        long now = wire.nanoTime();
        long gap = gapNanos(wire.members().size());
        if (!sentOnce || now - lastSent >= gap) {
            send();
        } else if (!timerSet) {
            timerSet = true;
            long waitMillis = Math.max(1, (lastSent + gap - now + 999_999) / 1_000_000);
            wire.schedule(waitMillis, this::gapEnded);
        }
    }

    private synchronized void gapEnded() {
        timerSet = false;
        if (!items.isEmpty()) {
            send();
        }
    }

    private synchronized void aged() {
        ageTimerSet = false;
        flush();
    }

    private void send() {
        List<T> out = items;
        items = new ArrayList<>();
        lastSent = wire.nanoTime();
        sentOnce = true;
        sender.accept(out);
    }

    /** Drops what has not been sent (the run is over). */
    synchronized void clear() {
        items = new ArrayList<>();
    }
}
