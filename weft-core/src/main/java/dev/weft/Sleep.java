package dev.weft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The pool-wide half of the idle protocol (PROTOCOL.md, "sleep"): how many workers are searching for
 * work, how many are parked, and how many wait in a join with nothing to help with. The last count only
 * feeds publication demand; wake-up decisions use the first two. Busy workers read these only on slow paths (a publication, a
 * submission), never per fork; they change only when a worker starts or stops searching.
 *
 * <p>Every update is a sequentially consistent atomic, which is what the no-lost-wake-up argument
 * needs: a worker about to park increments {@code parked} and then rescans for work, while a thread
 * that makes work visible (publication, submission) does so and then reads the counters. Whichever goes
 * second sees the other.
 */
final class Sleep {
    private static final VarHandle SEARCHING;
    private static final VarHandle PARKED;
    private static final VarHandle JOIN_WAITING;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            SEARCHING = l.findVarHandle(Sleep.class, "searching", int.class);
            PARKED = l.findVarHandle(Sleep.class, "parked", int.class);
            JOIN_WAITING = l.findVarHandle(Sleep.class, "joinWaiting", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06;
    private volatile int searching;
    @SuppressWarnings("unused")
    private long p10, p11, p12, p13, p14, p15, p16;
    private volatile int parked;
    @SuppressWarnings("unused")
    private long p20, p21, p22, p23, p24, p25, p26;
    /** Workers waiting in a join or finish with nothing to help with: hungry, but not searching. */
    private volatile int joinWaiting;
    @SuppressWarnings("unused")
    private long p30, p31, p32, p33, p34, p35, p36;

    int searching() {
        return searching;
    }

    int parked() {
        return parked;
    }

    /** Idle workers that want work now: searching, parked, or waiting in a join with nothing to do. */
    int hungry() {
        return searching + parked + joinWaiting;
    }

    void joinWaitingIncrement() {
        JOIN_WAITING.getAndAdd(this, 1);
    }

    void joinWaitingDecrement() {
        JOIN_WAITING.getAndAdd(this, -1);
    }

    int searchingIncrement() {
        return (int) SEARCHING.getAndAdd(this, 1) + 1;
    }

    int searchingDecrement() {
        return (int) SEARCHING.getAndAdd(this, -1) - 1;
    }

    void parkedIncrement() {
        PARKED.getAndAdd(this, 1);
    }

    void parkedDecrement() {
        PARKED.getAndAdd(this, -1);
    }
}
