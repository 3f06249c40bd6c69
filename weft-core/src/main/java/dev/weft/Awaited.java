package dev.weft;

/**
 * What a worker can wait for while it helps: a {@link Job}'s completion or a {@link Finish} scope's
 * quiescence. {@link Worker#helpUntilDone} is the one wait loop of the scheduler (PROTOCOL.md,
 * "helping"): while the awaited thing is not over, it serves its own signal, runs work that
 * {@link #helpFor} offers, asks for work with {@link #askForWork}, spins, and finally parks a while
 * with {@link #parkBriefly}. Each kind says only what differs: when it is done, which work is safe to
 * run meanwhile, whom to ask, and how to park.
 */
abstract class Awaited {
    /** Whether the wait is over: the job is final, the scope quiescent. */
    abstract boolean isOver();

    /**
     * Work {@code w} may run while it waits, without risking to wait for itself; null if none now.
     * Only work the waiter waits for anyway qualifies (see {@link Job#mayHelp}).
     */
    abstract Job helpFor(Worker w);

    /** Asks whoever holds the awaited work to publish some, so that {@code w} can help (a hint). */
    void askForWork(Worker w) {
    }

    /**
     * Parks {@code w} for at most {@code nanos} or until done. Returns work {@code w} must run now (the
     * awaited job itself, found still waiting in the pool's inbox), or null.
     */
    abstract Job parkBriefly(Worker w, long nanos);
}
