package dev.weft;

import java.util.List;
import java.util.Spliterator;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.IntConsumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Where a parallel iterator's elements come from. An <em>indexed</em> source (ranges, arrays,
 * random-access lists) feeds positions {@code [lo, hi)} of {@code [from, to)} and is split by Weft's
 * lazy loop splitting; any other source is a {@link Spliterator}, split with {@code trySplit} when a
 * worker is hungry ({@link ParRun}).
 *
 * <p>{@link #feed} is the tight loop; {@link #feedCut} is the loop for short-circuit terminals, which
 * records each element's position and stops once the fold is decided.
 */
abstract class Source {
    final long from;
    final long to;

    Source(long from, long to) {
        this.from = from;
        this.to = to;
    }

    /** Whether positions are indices that {@link #feed} can read (else the source is a {@link Split}). */
    boolean indexed() {
        return true;
    }

    abstract void feed(long lo, long hi, Object sink);

    abstract void feedCut(long lo, long hi, Object sink, Fold cut);

    static final class IntRange extends Source {
        IntRange(int from, long to) {
            super(from, to);
        }

        @Override
        void feed(long lo, long hi, Object sink) {
            IntConsumer s = (IntConsumer) sink;
            for (int i = (int) lo, n = (int) (hi - lo); n > 0; i++, n--) {
                s.accept(i);
            }
        }

        @Override
        void feedCut(long lo, long hi, Object sink, Fold cut) {
            IntConsumer s = (IntConsumer) sink;
            for (long i = lo; i < hi && !cut.done; i++) {
                cut.at = i;
                s.accept((int) i);
            }
        }
    }

    static final class LongRange extends Source {
        LongRange(long from, long to) {
            super(from, to);
        }

        @Override
        void feed(long lo, long hi, Object sink) {
            LongConsumer s = (LongConsumer) sink;
            for (long i = lo; i < hi; i++) {
                s.accept(i);
            }
        }

        @Override
        void feedCut(long lo, long hi, Object sink, Fold cut) {
            LongConsumer s = (LongConsumer) sink;
            for (long i = lo; i < hi && !cut.done; i++) {
                cut.at = i;
                s.accept(i);
            }
        }
    }

    static final class Objects<T> extends Source {
        final T[] a;

        Objects(T[] a, int from, int to) {
            super(from, to);
            this.a = a;
        }

        @Override
        @SuppressWarnings("unchecked")
        void feed(long lo, long hi, Object sink) {
            Consumer<? super T> s = (Consumer<? super T>) sink;
            T[] arr = a;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                s.accept(arr[i]);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        void feedCut(long lo, long hi, Object sink, Fold cut) {
            Consumer<? super T> s = (Consumer<? super T>) sink;
            for (int i = (int) lo, n = (int) hi; i < n && !cut.done; i++) {
                cut.at = i;
                s.accept(a[i]);
            }
        }
    }

    static final class Ints extends Source {
        final int[] a;

        Ints(int[] a, int from, int to) {
            super(from, to);
            this.a = a;
        }

        @Override
        void feed(long lo, long hi, Object sink) {
            IntConsumer s = (IntConsumer) sink;
            int[] arr = a;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                s.accept(arr[i]);
            }
        }

        @Override
        void feedCut(long lo, long hi, Object sink, Fold cut) {
            IntConsumer s = (IntConsumer) sink;
            for (int i = (int) lo, n = (int) hi; i < n && !cut.done; i++) {
                cut.at = i;
                s.accept(a[i]);
            }
        }
    }

    static final class Longs extends Source {
        final long[] a;

        Longs(long[] a, int from, int to) {
            super(from, to);
            this.a = a;
        }

        @Override
        void feed(long lo, long hi, Object sink) {
            LongConsumer s = (LongConsumer) sink;
            long[] arr = a;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                s.accept(arr[i]);
            }
        }

        @Override
        void feedCut(long lo, long hi, Object sink, Fold cut) {
            LongConsumer s = (LongConsumer) sink;
            for (int i = (int) lo, n = (int) hi; i < n && !cut.done; i++) {
                cut.at = i;
                s.accept(a[i]);
            }
        }
    }

    static final class Doubles extends Source {
        final double[] a;

        Doubles(double[] a, int from, int to) {
            super(from, to);
            this.a = a;
        }

        @Override
        void feed(long lo, long hi, Object sink) {
            DoubleConsumer s = (DoubleConsumer) sink;
            double[] arr = a;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                s.accept(arr[i]);
            }
        }

        @Override
        void feedCut(long lo, long hi, Object sink, Fold cut) {
            DoubleConsumer s = (DoubleConsumer) sink;
            for (int i = (int) lo, n = (int) hi; i < n && !cut.done; i++) {
                cut.at = i;
                s.accept(a[i]);
            }
        }
    }

    /** A random-access list, read with {@code get(i)}; it must not change while the iterator runs. */
    static final class Indexed<T> extends Source {
        final List<T> list;

        Indexed(List<T> list) {
            super(0, list.size());
            this.list = list;
        }

        @Override
        @SuppressWarnings("unchecked")
        void feed(long lo, long hi, Object sink) {
            Consumer<? super T> s = (Consumer<? super T>) sink;
            List<T> l = list;
            for (int i = (int) lo, n = (int) hi; i < n; i++) {
                s.accept(l.get(i));
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        void feedCut(long lo, long hi, Object sink, Fold cut) {
            Consumer<? super T> s = (Consumer<? super T>) sink;
            for (int i = (int) lo, n = (int) hi; i < n && !cut.done; i++) {
                cut.at = i;
                s.accept(list.get(i));
            }
        }
    }

    /**
     * Any other source. Its positions are not indices: {@link ParRun} gives each part an interval of
     * {@code [0, 2^62)}, halved at every split, so that {@code findFirst} can still tell which parts lie
     * after a match.
     */
    static final class Split extends Source {
        static final int OBJ = 0;
        static final int INT = 1;
        static final int LONG = 2;
        static final int DOUBLE = 3;

        /** Opens the elements for one run: a collection's fresh spliterator, or the one given, once. */
        final Supplier<? extends Spliterator<?>> open;
        /** The element type the iterator was made for (a {@code Spliterator<Integer>} may be an OfInt). */
        final int kind;

        Split(Supplier<? extends Spliterator<?>> open, int kind) {
            super(0, 1L << 62);
            this.open = open;
            this.kind = kind;
        }

        /** A source over a spliterator that can be traversed once, as a stream's. */
        static Split once(Spliterator<?> spliterator, int kind) {
            AtomicBoolean used = new AtomicBoolean();
            return new Split(() -> {
                if (used.getAndSet(true)) {
                    throw new IllegalStateException("a parallel iterator over a spliterator or a stream runs once");
                }
                return spliterator;
            }, kind);
        }

        @Override
        boolean indexed() {
            return false;
        }

        @Override
        void feed(long lo, long hi, Object sink) {
            throw new UnsupportedOperationException("not indexed");
        }

        @Override
        void feedCut(long lo, long hi, Object sink, Fold cut) {
            throw new UnsupportedOperationException("not indexed");
        }

        /** Feeds one element to {@code sink}; false once the spliterator is exhausted. */
        @SuppressWarnings("unchecked")
        boolean advance(Spliterator<?> sp, Object sink) {
            return switch (kind) {
                case INT -> ((Spliterator.OfInt) sp).tryAdvance((IntConsumer) sink);
                case LONG -> ((Spliterator.OfLong) sp).tryAdvance((LongConsumer) sink);
                case DOUBLE -> ((Spliterator.OfDouble) sp).tryAdvance((DoubleConsumer) sink);
                default -> ((Spliterator<Object>) sp).tryAdvance((Consumer<Object>) sink);
            };
        }
    }
}
