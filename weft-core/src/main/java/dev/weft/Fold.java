package dev.weft;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The terminal operation of a parallel iterator, one instance per part of the source (PROTOCOL.md,
 * "Parallel iterators (`Par`)"): each part accumulates into its own fold, and parts are merged in source order, so an
 * order-preserving result equals the serial one.
 *
 * <p>A fold is only touched by the worker that runs its part; the split that created it hands it to a
 * thief through the published deque, and the merge reads it after the join (both edges are the
 * job's release/acquire handover), so its fields are plain.
 */
abstract class Fold {
    /** State all parts of one run share: the short-circuit decision. */
    static final class Shared {
        /** Set once the result is decided (a match, a failure): parts stop at their next chunk. */
        volatile boolean stop;
        /** For {@code findFirst}: the lowest position at which some part found a match. */
        final AtomicLong first = new AtomicLong(Long.MAX_VALUE);
        /** What cancels the run, captured where it started; null if nothing can. */
        Cancellation cancel;
        /** Set, before {@link #stop}, when a part saw the cancellation requested. */
        volatile boolean cancelled;

        /** Whether the run is cancelled; if so, stops every part at its next batch. */
        boolean cancelRequested() {
            Cancellation c = cancel;
            if (c != null && c.requested()) {
                cancelled = true;
                stop = true;
                return true;
            }
            return false;
        }
    }

    final Shared shared;
    /** Set by a short-circuit fold when its part is decided: the source stops feeding it. */
    boolean done;
    /** The position of the element being fed (short-circuit mode only): its index, or its part's start. */
    long at;

    Fold(Shared shared) {
        this.shared = shared;
    }

    /** The consumer (of the pipeline's last element type) that feeds this fold. */
    abstract Object sink();

    /** An empty fold for another part of the same run. */
    abstract Fold fresh();

    /** Folds {@code upper}, which covers the elements after this one's, into this one. */
    abstract void merge(Fold upper);

    /** Whether the fold may decide before the end (then the source checks {@link #done} per element). */
    boolean cuts() {
        return false;
    }

    /** Whether the part starting at position {@code lo} has nothing left to do. */
    boolean skip(long lo) {
        return shared.stop;
    }
}
