package dev.weft.scoop;

import dev.weft.Weft;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * How clients wait (PROTOCOL.md "Waits that end"): a short spin, then a park that never holds a Weft worker
 * hostage and that ends when the awaited event happens, when the thread is interrupted, when the runtime is
 * closed (or its pool shut down), or at a deadline. The caller turns an early end into its exception with
 * {@link #cut} after it has released what the wait held.
 */
final class Waiting {
    /** Spins before parking: a sync with a busy handler often completes within a few microseconds. */
    static final int SPINS = 256;

    /**
     * The longest a parked client sleeps before it looks again whether its pool was shut down: nothing in
     * weft-core tells it (a pool has no shutdown listener), so it polls. {@link Scoop#close} wakes parked
     * clients at once.
     */
    static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /** No deadline. */
    static final long FOREVER = Long.MAX_VALUE;

    /** What ended a wait: the awaited event, or one of the three early ends. */
    static final int DONE = 0;
    static final int INTERRUPTED = 1;
    static final int CLOSED = 2;
    static final int TIMED_OUT = 3;

    private Waiting() {
    }

    /** The deadline {@code nanos} from now, or {@link #FOREVER}. */
    static long deadline(long nanos) {
        long now = System.nanoTime();
        return nanos >= FOREVER - now ? FOREVER : now + Math.max(0L, nanos);
    }

    /** A parked client, registered with its runtime so that {@link Scoop#close} can wake it. */
    static final class Parked implements Waiter {
        private final Thread thread = Thread.currentThread();

        @Override
        public void runtimeClosed() {
            LockSupport.unpark(thread);
        }
    }

    /**
     * Parks until {@code done} holds, the thread is interrupted (its interrupt status is then cleared),
     * {@code scoop} is closed or the deadline passes; returns which. {@code done} is checked first each time,
     * so an event that has happened wins over an interrupt, a close or a timeout that came with it. The
     * party that makes {@code done} true unparks the thread; a close unparks every registered client.
     *
     * <p>On a Weft worker the park goes through {@link Weft#blocking}: the worker hands its private forks
     * (handler activations among them) to other workers and the pool adds a temporary worker meanwhile, so a
     * pool of parallelism 1 still runs the work the client waits for.
     */
    static int await(Scoop scoop, Object blocker, long deadline, BooleanSupplier done) {
        if (done.getAsBoolean()) {
            return DONE;
        }
        Inline.parking(); // a wait inside a call run on its client's worker: see Inline
        Parked me = new Parked();
        scoop.parked.add(me); // before the checks below: Dekker with close(), which sets closed, then wakes
        try {
            if (Weft.inPool()) {
                return Weft.blocking(() -> parkLoop(scoop, blocker, deadline, done));
            }
            return parkLoop(scoop, blocker, deadline, done);
        } finally {
            scoop.parked.remove(me);
        }
    }

    private static int parkLoop(Scoop scoop, Object blocker, long deadline, BooleanSupplier done) {
        for (;;) {
            if (done.getAsBoolean()) {
                return DONE;
            }
            if (Thread.interrupted()) {
                return INTERRUPTED;
            }
            if (scoop.isClosed()) {
                return CLOSED;
            }
            long wait = POLL_NANOS;
            if (deadline != FOREVER) {
                long left = deadline - System.nanoTime();
                if (left <= 0L) {
                    return TIMED_OUT;
                }
                wait = Math.min(wait, left);
            }
            LockSupport.parkNanos(blocker, wait);
        }
    }

    /**
     * The exception for a wait that ended early, {@code what} naming it ("a query on Handler-3"). An
     * interrupt sets the thread's interrupt status again and becomes the unchecked
     * {@link WaitInterruptedException}; a close, {@link RejectedExecutionException}; a timeout, the internal
     * {@link TimedOut} that the timed forms turn into their result.
     */
    static RuntimeException cut(int outcome, String what) {
        return switch (outcome) {
            case INTERRUPTED -> {
                Thread.currentThread().interrupt();
                yield new WaitInterruptedException("interrupted while waiting in " + what);
            }
            case CLOSED -> new RejectedExecutionException("the Scoop runtime was closed (or its pool shut down) while"
                    + " this client waited in " + what);
            case TIMED_OUT -> TimedOut.INSTANCE;
            default -> throw new AssertionError(outcome);
        };
    }

    /** A timed wait's deadline passed; the timed forms of {@link Scoop} catch it. No stack trace: it is a result. */
    static final class TimedOut extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final TimedOut INSTANCE = new TimedOut();

        private TimedOut() {
            super("the deadline passed", null, false, false);
        }
    }
}
