package dev.weft.scoop;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A client waiting for a wait condition that it re-evaluates itself: a block over several handlers, or any
 * block in the lock-based mode. It registered with each of its handlers when it ended its block
 * (END_WAKE); the first of them to finish a block of another client fires it, and the client reserves
 * again and re-evaluates (PROTOCOL.md "Wait conditions").
 */
final class Wake {
    private static final VarHandle FIRED;

    static {
        try {
            FIRED = MethodHandles.lookup().findVarHandle(Wake.class, "fired", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Thread client;
    private volatile int fired;

    Wake(Thread client) {
        this.client = client;
    }

    boolean isFired() {
        return fired != 0;
    }

    /** Fires once; later calls (from the client's other handlers) do nothing. */
    void fire() {
        if (fired == 0 && FIRED.compareAndSet(this, 0, 1)) {
            LockSupport.unpark(client);
        }
    }

    /** Parks the client until fired, without holding a Weft worker hostage. */
    void await() {
        for (int i = 0; i < Waiting.SPINS / 4 && fired == 0; i++) {
            Thread.onSpinWait();
        }
        if (fired != 0) {
            return;
        }
        Waiting.block(() -> {
            boolean interrupted = false;
            while (fired == 0) {
                LockSupport.park(this);
                interrupted |= Thread.interrupted();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
