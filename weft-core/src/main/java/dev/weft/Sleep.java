package dev.weft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The pool-wide half of the idle protocol (PROTOCOL.md, "sleep"): how many workers are searching for
 * work, how many are parked, and how many wait in a join with nothing to help with. The last count only
 * feeds publication demand; wake-up decisions use the first two.
 *
 * <p>The three counts share one 64-bit word (21 bits each), so a busy worker's slow poll reads a single
 * cache line, and updates are single atomic additions. Every update is sequentially consistent, which is
 * what the no-lost-wake-up argument needs: a worker about to park counts itself parked and then rescans
 * for work, while a thread that makes work visible does so and then reads the counts; whichever goes
 * second sees the other.
 */
final class Sleep {
    private static final VarHandle COUNTS;
    static {
        try {
            COUNTS = MethodHandles.lookup().findVarHandle(Sleep.class, "counts", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int BITS = 21;
    private static final long MASK = (1L << BITS) - 1;
    private static final long SEARCHING = 1L;
    private static final long PARKED = 1L << BITS;
    private static final long JOIN_WAITING = 1L << (2 * BITS);

    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06;
    private volatile long counts;
    @SuppressWarnings("unused")
    private long p10, p11, p12, p13, p14, p15, p16;

    int searching() {
        return (int) (counts & MASK);
    }

    int parked() {
        return (int) ((counts >>> BITS) & MASK);
    }

    /** Idle workers that want work now: searching, parked, or waiting in a join with nothing to do. */
    int hungry() {
        long c = counts;
        return (int) ((c & MASK) + ((c >>> BITS) & MASK) + ((c >>> (2 * BITS)) & MASK));
    }

    int searchingIncrement() {
        return (int) (((long) COUNTS.getAndAdd(this, SEARCHING) + SEARCHING) & MASK);
    }

    int searchingDecrement() {
        return (int) (((long) COUNTS.getAndAdd(this, -SEARCHING) - SEARCHING) & MASK);
    }

    void parkedIncrement() {
        COUNTS.getAndAdd(this, PARKED);
    }

    void parkedDecrement() {
        COUNTS.getAndAdd(this, -PARKED);
    }

    /** A parked worker becomes searching (a waker counts it on its behalf): one atomic step. */
    void parkedToSearching() {
        COUNTS.getAndAdd(this, SEARCHING - PARKED);
    }

    void joinWaitingIncrement() {
        COUNTS.getAndAdd(this, JOIN_WAITING);
    }

    void joinWaitingDecrement() {
        COUNTS.getAndAdd(this, -JOIN_WAITING);
    }
}
