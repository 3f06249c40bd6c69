package dev.weft;

/**
 * Cache-line padding around {@link WorkerSignal#signal}, the only field thieves write that the owner
 * reads on every fork. Field layout follows the class hierarchy, so the padding classes keep the
 * signal off the lines of {@link Thread}'s fields and of the worker's owner-written fields (JCTools'
 * technique; {@code @Contended} is not available to library code).
 */
@SuppressWarnings("unused")
abstract class WorkerPadding extends Thread {
    long p00, p01, p02, p03, p04, p05, p06, p07;

    WorkerPadding(ThreadGroup group, String name, long stackSize) {
        super(group, null, name, stackSize);
    }
}

/** Holds the signal cell; see {@link Worker#onSignal}. */
abstract class WorkerSignal extends WorkerPadding {
    /** Bits set by other threads (thieves, joiners, the pool) and served by the owner at its polls. */
    volatile int signal;

    WorkerSignal(ThreadGroup group, String name, long stackSize) {
        super(group, name, stackSize);
    }
}

@SuppressWarnings("unused")
abstract class WorkerPadding2 extends WorkerSignal {
    long p10, p11, p12, p13, p14, p15, p16, p17;

    WorkerPadding2(ThreadGroup group, String name, long stackSize) {
        super(group, name, stackSize);
    }
}
