package dev.weft.scoop;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A client waiting for a wait condition that it re-evaluates itself: a block over several handlers, or any
 * block in the lock-based mode. It registered with each of its handlers when it ended its block
 * (END_WAKE); the first of them to finish a block of another client fires it, and the client reserves
 * again and re-evaluates (PROTOCOL.md "Wait conditions"). A client that gives up (interrupt, timeout,
 * close) fires it itself, so the handlers' later fires do nothing; they drop it at their next block end.
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

    /** The parked client, or null for an asynchronous block. */
    private final Thread client;
    /** What a fire starts for an asynchronous block (its next attempt); null for a parked client. */
    private final Runnable onFire;
    private volatile int fired;

    /** A wake for the calling thread, which parks in {@link #await}. */
    Wake() {
        this.client = Thread.currentThread();
        this.onFire = null;
    }

    /** A wake for an asynchronous block: the first fire runs {@code onFire} (on the firing handler's thread). */
    Wake(Runnable onFire) {
        this.client = null;
        this.onFire = onFire;
    }

    /** Fires once; later calls (from the client's other handlers) do nothing. */
    void fire() {
        if (fired == 0 && FIRED.compareAndSet(this, 0, 1)) {
            if (client != null) {
                LockSupport.unpark(client);
            } else {
                onFire.run();
            }
        }
    }

    /** Fires it without effect, so no handler's fire runs it; false if a handler fired it first. */
    boolean cancel() {
        return fired == 0 && FIRED.compareAndSet(this, 0, 1);
    }

    /**
     * Parks the client until fired, without holding a Weft worker hostage; returns {@link Waiting#DONE} or,
     * if the wait ended early and no handler fired meanwhile, why.
     */
    int await(Scoop scoop, long deadline) {
        for (int i = 0; i < Waiting.SPINS / 4 && fired == 0; i++) {
            Thread.onSpinWait();
        }
        int outcome = Waiting.await(scoop, this, deadline, () -> fired != 0);
        if (outcome != Waiting.DONE && !cancel()) {
            // A handler fired while we gave up: the condition may hold now; the caller re-evaluates, with the
            // interrupt restored for its next wait.
            if (outcome == Waiting.INTERRUPTED) {
                Thread.currentThread().interrupt();
            }
            return Waiting.DONE;
        }
        return outcome;
    }
}
