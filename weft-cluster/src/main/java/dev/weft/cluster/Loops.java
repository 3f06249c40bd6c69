package dev.weft.cluster;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Loops and reductions over index ranges as task queues (PROTOCOL.md, "Loops and finish"). A queue holds
 * one range: it runs from the bottom in steps, and {@link TaskQueue#split} gives away the upper half of
 * what it has not started — the untouched half of the range, as Weft's own loops do within one JVM. So
 * the part a queue has run is always one contiguous segment, and its result is that segment's; the
 * segments of all queues are sorted and combined in index order at the end, so a reduction keeps its
 * operands' order with a combine that is merely associative.
 */
final class Loops {
    private Loops() {
    }

    /** A range of indices that has not been started: what moves between queues and members. */
    record Range(long from, long to) implements Serializable {
    }

    /** The result of one queue: the first index of its segment and the segment's value. */
    record Segment<V>(long from, V value) implements Serializable {
    }

    /** Collects segments from every queue; the order is restored at the end, so any order of merging does. */
    static <V> Reduction<ArrayList<Segment<V>>> segments() {
        return new Reduction<>() {
            @Override
            public ArrayList<Segment<V>> identity() {
                return new ArrayList<>();
            }

            @Override
            public ArrayList<Segment<V>> combine(ArrayList<Segment<V>> a, ArrayList<Segment<V>> b) {
                ArrayList<Segment<V>> out = new ArrayList<>(a.size() + b.size());
                out.addAll(a);
                out.addAll(b);
                return out;
            }
        };
    }

    /** The segments' values in index order. */
    static <V> List<V> inOrder(List<Segment<V>> segments) {
        List<Segment<V>> sorted = new ArrayList<>(segments);
        sorted.sort(Comparator.comparingLong(Segment::from));
        List<V> out = new ArrayList<>(sorted.size());
        for (Segment<V> s : sorted) {
            out.add(s.value());
        }
        return out;
    }

    /** A queue over one range; subclasses run the body over a chunk and keep the segment's value. */
    abstract static class RangeQueue<V> implements TaskQueue<Range, ArrayList<Segment<V>>> {
        private long from;
        private long next;
        private long to;
        private boolean ran;

        /** Runs the body for the indices in {@code [lo, hi)}, folding into the segment's value. */
        abstract void run(long lo, long hi);

        /** The value of the segment run so far. */
        abstract V value();

        @Override
        public boolean process(int n) {
            long hi = to - next > n ? next + n : to;
            if (next < hi) {
                run(next, hi);
                ran = true;
                next = hi;
            }
            return next < to;
        }

        @Override
        public Range split() {
            long left = to - next;
            if (left < 2) {
                return null;
            }
            long mid = next + left / 2;
            Range half = new Range(mid, to);
            to = mid;
            return half;
        }

        @Override
        public void merge(Range bag) {
            from = bag.from();
            next = bag.from();
            to = bag.to();
        }

        @Override
        public ArrayList<Segment<V>> result() {
            ArrayList<Segment<V>> out = new ArrayList<>(1);
            if (ran) {
                out.add(new Segment<>(from, value()));
            }
            return out;
        }
    }

    /** {@code parallelFor}: runs the body, no value. */
    static final class For extends RangeQueue<Void> {
        private final Remote.LongConsumer body;

        For(Remote.LongConsumer body) {
            this.body = body;
        }

        @Override
        void run(long lo, long hi) {
            for (long i = lo; i < hi; i++) {
                body.accept(i);
            }
        }

        @Override
        Void value() {
            return null;
        }
    }

    /** {@code parallelReduce} over objects. */
    static final class Reduce<R> extends RangeQueue<R> {
        private final Remote.LongFunction<? extends R> map;
        private final Remote.BinaryOperator<R> combine;
        private R acc;
        private boolean any;

        Reduce(Remote.LongFunction<? extends R> map, Remote.BinaryOperator<R> combine) {
            this.map = map;
            this.combine = combine;
        }

        @Override
        void run(long lo, long hi) {
            for (long i = lo; i < hi; i++) {
                R v = map.apply(i);
                acc = any ? combine.apply(acc, v) : v;
                any = true;
            }
        }

        @Override
        R value() {
            return acc;
        }
    }

    /** {@code parallelReduceLong}: no boxing per index. */
    static final class ReduceLong extends RangeQueue<Long> {
        private final Remote.LongUnaryOperator map;
        private final Remote.LongBinaryOperator combine;
        private long acc;
        private boolean any;

        ReduceLong(Remote.LongUnaryOperator map, Remote.LongBinaryOperator combine) {
            this.map = map;
            this.combine = combine;
        }

        @Override
        void run(long lo, long hi) {
            long a = acc;
            long i = lo;
            if (!any) {
                a = map.applyAsLong(i++);
                any = true;
            }
            for (; i < hi; i++) {
                a = combine.applyAsLong(a, map.applyAsLong(i));
            }
            acc = a;
        }

        @Override
        Long value() {
            return acc;
        }
    }

    /** {@code parallelReduceDouble}: no boxing per index. */
    static final class ReduceDouble extends RangeQueue<Double> {
        private final Remote.LongToDoubleFunction map;
        private final Remote.DoubleBinaryOperator combine;
        private double acc;
        private boolean any;

        ReduceDouble(Remote.LongToDoubleFunction map, Remote.DoubleBinaryOperator combine) {
            this.map = map;
            this.combine = combine;
        }

        @Override
        void run(long lo, long hi) {
            double a = acc;
            long i = lo;
            if (!any) {
                a = map.applyAsDouble(i++);
                any = true;
            }
            for (; i < hi; i++) {
                a = combine.applyAsDouble(a, map.applyAsDouble(i));
            }
            acc = a;
        }

        @Override
        Double value() {
            return acc;
        }
    }
}
