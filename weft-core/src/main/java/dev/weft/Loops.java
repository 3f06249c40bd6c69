package dev.weft;

import java.util.concurrent.CancellationException;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;

/**
 * Parallel loops with lazy splitting (PROTOCOL.md, "Publication": a loop's range splits when it is
 * published): a loop needs no grain size because it splits only when another worker is hungry.
 *
 * <p>A running loop occupies one slot of its worker's {@link PendingStack} ({@code K_RANGE}); the slot's
 * item is the {@link Loop}, whose {@code next}/{@code hi} fields hold the part of the range not yet
 * claimed. The loop runs chunks of growing size from {@code next}, polling its worker's signal after
 * each chunk. When the slot is the oldest private one and a thief is hungry, publication splits it:
 * the upper half of the unclaimed range becomes a {@link Split} job for the thief, and the loop goes on
 * with the lower half. All of this happens on the owner's thread, so the range fields are plain. When
 * the loop runs out, it joins its splits newest first, which is also index order, so reductions keep
 * their operand order.
 *
 * <p>Each poll also checks the loop's {@link Cancellation} (PROTOCOL.md, "Cancellation at chunk polls"):
 * once it is requested, every part stops claiming chunks, and the loop throws
 * {@link CancellationException} after its splits have returned.
 */
final class Loops {
    private Loops() {
    }

    /**
     * Chunks grow from 1 iteration up to max(MIN_MAX_CHUNK, range / (8 × parallelism)): large loops poll at
     * least about 8 times per worker, and short loops (a dozen heavy iterations) still batch them.
     */
    private static final long MIN_MAX_CHUNK = 16;
    /**
     * No chunk is longer than this, whatever the range: a cancellation is seen after at most this many
     * iterations per part. A poll costs a few nanoseconds, so 2^16 cheap iterations keep it far below 1%.
     */
    private static final long MAX_CHUNK = 1L << 16;

    /** Runs {@code loop} over {@code [from, to)} on the calling worker, or in the common pool. */
    static void run(Loop loop, long from, long to) {
        Worker w = Worker.current();
        if (w == null) {
            WeftPool.common().run(() -> runOn(Worker.current(), loop, from, to));
            return;
        }
        loop.cancel = Cancellation.of(w);
        runOn(w, loop, from, to);
    }

    static void runOn(Worker w, Loop loop, long from, long to) {
        PendingStack p = w.pending;
        loop.next = from;
        loop.hi = to;
        int s = p.pushObject(loop, PendingStack.K_RANGE);
        // The poll every fork makes, before the first chunk: a worker already hungry gets the upper half
        // now. Polled only after a chunk, a loop of a few long iterations ran them one after another
        // (the first chunk is one iteration), whatever the number of idle workers.
        if (w.signal() != 0) {
            w.onSignal();
        }
        long maxChunk = Math.min(MAX_CHUNK, Math.max(MIN_MAX_CHUNK, (to - from) >>> w.pool.chunkShift));
        long chunk = 1;
        Throwable failure = null;
        Loop root = loop.root;
        Cancellation cancel = root.cancel;
        try {
            for (;;) {
                long lo = loop.next;
                long hi = loop.hi;
                if (lo >= hi || root.failed) {
                    break;
                }
                if (cancel != null && cancel.requested()) {
                    root.cancelled = true; // written before failed: a part that sees failed sees this
                    root.failed = true;
                    break;
                }
                long end = hi - lo > chunk ? lo + chunk : hi;
                loop.next = end;
                loop.runChunk(lo, end);
                if (p.top != s + 1) {
                    p.drainTo(s + 1);
                }
                if (w.signal() != 0) {
                    w.onSignal();
                }
                if (chunk < maxChunk) {
                    chunk <<= 1;
                }
            }
        } catch (Throwable t) {
            failure = t;
            root.failed = true; // the other splits stop at their next chunk
            loop.next = loop.hi;
            try {
                if (p.top > s + 1) {
                    p.drainTo(s + 1);
                }
            } catch (Throwable t2) {
                failure = TaskFailedException.combine(failure, t2);
            }
        }
        p.popLoop(s);
        // Every split is waited for, whatever fails: the loop never returns (or throws) while a part of
        // it still runs the body. A combine that throws while merging is the loop's failure too.
        for (Split sp = loop.splits; sp != null; sp = sp.next) {
            try {
                p.takeBackOrAwait(sp);
            } catch (Throwable t) {
                failure = TaskFailedException.combine(failure, t);
                root.failed = true;
                p.drainTo(s); // a part taken back that an error kept from running was pushed back: settle it
                w.awaitStolen(sp);
            }
            if (sp.status() == Job.NORMAL) {
                // Once any part failed, parts stop early with partial results: merging them would call
                // the user's combine on segments that are not adjacent. The loop throws anyway.
                if (failure == null && !root.failed) {
                    try {
                        loop.absorb(sp.loop);
                    } catch (Throwable t) {
                        failure = t;
                        root.failed = true;
                    }
                }
            } else {
                failure = TaskFailedException.combine(failure, sp.failure);
            }
        }
        loop.splits = null;
        // The loop the user started reports a cancellation as one, also when it reached this loop as a
        // nested loop's (or a split's) CancellationException rather than through its own polls.
        if (loop == root && (failure == null ? root.cancelled : Cancellation.isCancellation(failure))) {
            CancellationException ce = new CancellationException("parallel loop cancelled");
            if (failure != null) {
                ce.initCause(failure);
            }
            throw ce;
        }
        if (failure != null) {
            throw TaskFailedException.wrap(failure);
        }
    }

    static Split split(Loop loop) {
        long lo = loop.next;
        long hi = loop.hi;
        long mid = lo + ((hi - lo) >>> 1);
        Loop upper = loop.fresh();
        upper.root = loop.root;
        return new Split(upper, mid, hi);
    }

    /** Records a published split in its loop: the loop stops at the split's start and will join it. */
    static void commitSplit(Loop loop, Split sp) {
        loop.hi = sp.lo;
        sp.next = loop.splits;
        loop.splits = sp;
    }

    /** A loop in progress: its body, the unclaimed range and, for reductions, the accumulator. */
    abstract static class Loop {
        long next;
        long hi;
        /** Split-off halves, newest first; owner-private. */
        Split splits;
        /** The loop the user started; its splits share it, to stop together once one part failed. */
        Loop root = this;
        /** Set on the root when any part failed: the parts still running stop at their next chunk. */
        volatile boolean failed;
        /** Set on the root, before {@link #failed}, when a part saw the cancellation requested. */
        volatile boolean cancelled;
        /** On the root: what cancels the loop, captured where it started; null if nothing can. */
        Cancellation cancel;

        /** Runs the body for {@code [lo, hi)}. */
        abstract void runChunk(long lo, long hi);

        /** A new loop with the same body and an identity accumulator, for a split-off half. */
        abstract Loop fresh();

        /** Folds a split-off half's accumulator into this one's (this covers the lower indices). */
        void absorb(Loop upper) {
        }
    }

    /** The upper half of a loop, handed to a thief. */
    static final class Split extends Job {
        final Loop loop;
        final long lo;
        final long hi;
        Split next;

        Split(Loop loop, long lo, long hi) {
            this.loop = loop;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        void perform() {
            runOn(Worker.current(), loop, lo, hi);
        }
    }

    static final class IntFor extends Loop {
        final IntConsumer body;

        IntFor(IntConsumer body) {
            this.body = body;
        }

        @Override
        void runChunk(long lo, long hi) {
            IntConsumer b = body;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                b.accept(i);
            }
        }

        @Override
        Loop fresh() {
            return new IntFor(body);
        }
    }

    static final class LongFor extends Loop {
        final LongConsumer body;

        LongFor(LongConsumer body) {
            this.body = body;
        }

        @Override
        void runChunk(long lo, long hi) {
            LongConsumer b = body;
            for (long i = lo; i < hi; i++) {
                b.accept(i);
            }
        }

        @Override
        Loop fresh() {
            return new LongFor(body);
        }
    }

    static final class IntReduce extends Loop {
        final int identity;
        final IntUnaryOperator map;
        final IntBinaryOperator combine;
        int acc;

        IntReduce(int identity, IntUnaryOperator map, IntBinaryOperator combine) {
            this.identity = identity;
            this.map = map;
            this.combine = combine;
            this.acc = identity;
        }

        @Override
        void runChunk(long lo, long hi) {
            int a = acc;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                a = combine.applyAsInt(a, map.applyAsInt(i));
            }
            acc = a;
        }

        @Override
        Loop fresh() {
            return new IntReduce(identity, map, combine);
        }

        @Override
        void absorb(Loop upper) {
            acc = combine.applyAsInt(acc, ((IntReduce) upper).acc);
        }
    }

    static final class LongReduce extends Loop {
        final long identity;
        final IntToLongFunction map;
        final LongBinaryOperator combine;
        long acc;

        LongReduce(long identity, IntToLongFunction map, LongBinaryOperator combine) {
            this.identity = identity;
            this.map = map;
            this.combine = combine;
            this.acc = identity;
        }

        @Override
        void runChunk(long lo, long hi) {
            long a = acc;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                a = combine.applyAsLong(a, map.applyAsLong(i));
            }
            acc = a;
        }

        @Override
        Loop fresh() {
            return new LongReduce(identity, map, combine);
        }

        @Override
        void absorb(Loop upper) {
            acc = combine.applyAsLong(acc, ((LongReduce) upper).acc);
        }
    }

    static final class DoubleReduce extends Loop {
        final double identity;
        final IntToDoubleFunction map;
        final DoubleBinaryOperator combine;
        double acc;

        DoubleReduce(double identity, IntToDoubleFunction map, DoubleBinaryOperator combine) {
            this.identity = identity;
            this.map = map;
            this.combine = combine;
            this.acc = identity;
        }

        @Override
        void runChunk(long lo, long hi) {
            double a = acc;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                a = combine.applyAsDouble(a, map.applyAsDouble(i));
            }
            acc = a;
        }

        @Override
        Loop fresh() {
            return new DoubleReduce(identity, map, combine);
        }

        @Override
        void absorb(Loop upper) {
            acc = combine.applyAsDouble(acc, ((DoubleReduce) upper).acc);
        }
    }

    static final class ObjReduce<R> extends Loop {
        final R identity;
        final IntFunction<? extends R> map;
        final BinaryOperator<R> combine;
        R acc;

        ObjReduce(R identity, IntFunction<? extends R> map, BinaryOperator<R> combine) {
            this.identity = identity;
            this.map = map;
            this.combine = combine;
            this.acc = identity;
        }

        @Override
        void runChunk(long lo, long hi) {
            R a = acc;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                a = combine.apply(a, map.apply(i));
            }
            acc = a;
        }

        @Override
        Loop fresh() {
            return new ObjReduce<>(identity, map, combine);
        }

        @Override
        @SuppressWarnings("unchecked")
        void absorb(Loop upper) {
            acc = combine.apply(acc, ((ObjReduce<R>) upper).acc);
        }
    }
}
