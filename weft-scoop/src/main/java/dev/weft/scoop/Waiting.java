package dev.weft.scoop;

import dev.weft.Weft;

/** How clients wait: a short spin, then a park that never holds a Weft worker hostage. */
final class Waiting {
    /** Spins before parking: a sync with a busy handler often completes within a few microseconds. */
    static final int SPINS = 256;

    private Waiting() {
    }

    /**
     * Runs a parking wait. On a Weft worker it goes through {@link Weft#blocking}: the worker hands its
     * private forks (handler activations among them) to other workers, and the pool adds a temporary worker
     * meanwhile, so a pool of parallelism 1 still runs the work the waiter waits for.
     */
    static void block(Runnable parkLoop) {
        if (Weft.inPool()) {
            Weft.blocking(() -> {
                parkLoop.run();
                return null;
            });
        } else {
            parkLoop.run();
        }
    }
}
