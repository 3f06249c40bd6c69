package dev.weft.cluster;

/**
 * The {@code n} of {@link TaskQueue#process}, adapted to the time a step takes (PROTOCOL.md, "Inside a
 * member"): between two steps a queue answers hungry workers and members, so a step should be short
 * enough that they do not wait long, and long enough that the check costs nothing. The user gives no
 * grain: {@code n} halves when a step takes more than twice the target and doubles when it takes less
 * than half of it. One per running queue; not thread-safe.
 */
final class StepSize {
    static final int MAX = 1 << 20;

    private final long targetNanos;
    private int n;

    StepSize(int initial, long targetNanos) {
        this.n = Math.max(1, Math.min(MAX, initial));
        this.targetNanos = targetNanos;
    }

    int n() {
        return n;
    }

    /** Adapts {@code n} to a step of {@code n} items that took {@code nanos}. */
    void took(long nanos) {
        if (nanos > 2 * targetNanos) {
            n = Math.max(1, n >>> 1);
        } else if (nanos < targetNanos >>> 1 && n < MAX) {
            n <<= 1;
        }
    }
}
