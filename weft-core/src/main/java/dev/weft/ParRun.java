package dev.weft;

import java.util.Spliterator;
import java.util.concurrent.CancellationException;

/**
 * Runs a pipeline ({@link Pipe}) into its terminal {@link Fold}, on the pipeline's pool.
 *
 * <p>An indexed source runs as one of Weft's lazily split loops ({@link Loops}): the loop's range is
 * the source's, each part of it (the caller's and every split a hungry worker took) gets its own fold,
 * and the loop merges the parts' folds in index order as it joins them. There is no grain size.
 *
 * <p>A spliterator source is consumed in batches of growing size; after each batch, when
 * {@link Weft#hungry()} says a worker waits for work, the spliterator is split with {@code trySplit}:
 * the prefix is offered to the hungry worker and the rest goes on here, each into a fresh fold; the
 * three (what was consumed before the split, the prefix, the rest) are merged in that order.
 *
 * <p>Short-circuit terminals stop their part at once and set {@link Fold.Shared#stop} (or, for
 * {@code findFirst}, lower {@link Fold.Shared#first}), which every other part checks before each chunk
 * or batch. A stopped part gives up its unclaimed range, so a decided loop is no longer split. A
 * failure stops every part the same way, and is thrown once every part has returned. So does a
 * cancellation ({@link Cancellation}, captured on the caller's worker): the run then throws
 * {@link CancellationException}.
 */
final class ParRun {
    private ParRun() {
    }

    /** Largest batch of a spliterator part between two polls. */
    private static final int MAX_BATCH = 1024;

    static void run(Pipe pipe, Fold fold) {
        Source src = pipe.source;
        Worker w = Worker.current();
        // Captured here, on the caller's worker, even when the pipeline runs on another pool.
        Cancellation cancel = Cancellation.of(w);
        Runnable body;
        if (src.indexed()) {
            if (src.from >= src.to) {
                return;
            }
            body = () -> {
                PartLoop root = new PartLoop(pipe, fold);
                root.cancel = cancel;
                Loops.runOn(Worker.current(), root, src.from, src.to);
            };
        } else {
            Spliterator<?> sp = ((Source.Split) src).open.get();
            fold.shared.cancel = cancel;
            body = () -> runSplit(pipe, sp, fold, 0, src.to);
        }
        WeftPool target = pipe.pool;
        try {
            if (w != null && (target == null || w.pool == target)) {
                body.run();
            } else {
                (target == null ? WeftPool.common() : target).run(body);
            }
        } catch (RuntimeException | Error e) {
            if (fold.shared.cancelled && Cancellation.isCancellation(e)) {
                throw cancelled(e);
            }
            throw e;
        }
        if (fold.shared.cancelled) {
            throw cancelled(null);
        }
    }

    private static CancellationException cancelled(Throwable cause) {
        CancellationException ce = new CancellationException("parallel pipeline cancelled");
        if (cause != null) {
            ce.initCause(cause);
        }
        return ce;
    }

    /** One part of an indexed pipeline's loop, with its own fold and consumer chain. */
    static final class PartLoop extends Loops.Loop {
        final Pipe pipe;
        final Fold fold;
        final Object head;
        final boolean cuts;

        PartLoop(Pipe pipe, Fold fold) {
            this.pipe = pipe;
            this.fold = fold;
            this.head = pipe.head(fold);
            this.cuts = fold.cuts();
        }

        @Override
        void runChunk(long lo, long hi) {
            if (!cuts) {
                pipe.source.feed(lo, hi, head);
                return;
            }
            // Runs on this part's worker, like Loops' own updates of next/hi: giving up the unclaimed
            // range here means the loop ends after this chunk and is never split again.
            if (fold.skip(lo)) {
                next = this.hi;
                return;
            }
            pipe.source.feedCut(lo, hi, head, fold);
            if (fold.done) {
                next = this.hi;
            }
        }

        @Override
        Loops.Loop fresh() {
            return new PartLoop(pipe, fold.fresh());
        }

        @Override
        void absorb(Loops.Loop upper) {
            fold.merge(((PartLoop) upper).fold);
        }
    }

    /**
     * Consumes {@code sp} into {@code fold}; the part's positions are {@code [lo, hi)} (see
     * {@link Source.Split}). Returns {@code fold}, with the parts split off merged into it.
     */
    static Fold runSplit(Pipe pipe, Spliterator<?> sp, Fold fold, long lo, long hi) {
        Source.Split src = (Source.Split) pipe.source;
        Object head = pipe.head(fold);
        boolean cuts = fold.cuts();
        Fold.Shared shared = fold.shared;
        int batch = 1;
        try {
            for (;;) {
                if (cuts ? fold.done || fold.skip(lo) : shared.stop) {
                    return fold;
                }
                if (shared.cancelRequested()) {
                    return fold;
                }
                for (int k = 0; k < batch; k++) {
                    fold.at = lo;
                    if (!src.advance(sp, head) || (cuts && fold.done)) {
                        return fold;
                    }
                }
                if (Weft.hungry()) {
                    Spliterator<?> prefix = sp.trySplit();
                    if (prefix != null) {
                        long mid = lo + ((hi - lo) >>> 1);
                        Fold before = fresh(fold);
                        Fold after = fresh(fold);
                        // The prefix is offered to the hungry worker; the rest runs here first.
                        return Weft.join(() -> runSplit(pipe, prefix, before, lo, mid),
                                () -> runSplit(pipe, sp, after, mid, hi), (a, b) -> {
                                    fold.merge(a);
                                    fold.merge(b);
                                    return fold;
                                });
                    }
                }
                if (batch < MAX_BATCH) {
                    batch <<= 1;
                }
            }
        } catch (Throwable t) {
            shared.stop = true; // the other parts stop at their next batch
            throw t;
        }
    }

    private static Fold fresh(Fold f) {
        return f.fresh();
    }
}
