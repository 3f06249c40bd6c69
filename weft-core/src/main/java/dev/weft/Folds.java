package dev.weft;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleConsumer;
import java.util.function.DoublePredicate;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongPredicate;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collector;

/**
 * The terminal operations of the parallel iterators, as {@link Fold}s. Folds that serve every element
 * type implement the four consumer interfaces at once (as the JDK's stream sinks do), so a primitive
 * pipeline feeds them without boxing.
 */
final class Folds {
    private Folds() {
    }

    /**
     * A consumer of every element type; each fold overrides the one its pipeline feeds. (The four
     * {@code andThen} overloads are never called: a stage wraps the consumer it is given.)
     */
    @SuppressWarnings("overloads")
    abstract static class AnySink extends Fold implements Consumer<Object>, IntConsumer, LongConsumer, DoubleConsumer {
        AnySink(Shared shared) {
            super(shared);
        }

        @Override
        final Object sink() {
            return this;
        }

        @Override
        public void accept(Object t) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void accept(int v) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void accept(long v) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void accept(double v) {
            throw new UnsupportedOperationException();
        }
    }

    /** {@code forEach}: the action itself is the sink; nothing to merge. */
    static final class Each extends Fold {
        final Object action;

        Each(Shared shared, Object action) {
            super(shared);
            this.action = action;
        }

        @Override
        Object sink() {
            return action;
        }

        @Override
        Fold fresh() {
            return new Each(shared, action);
        }

        @Override
        void merge(Fold upper) {
        }
    }

    static final class Count extends AnySink {
        long n;

        Count(Shared shared) {
            super(shared);
        }

        @Override
        public void accept(Object t) {
            n++;
        }

        @Override
        public void accept(int v) {
            n++;
        }

        @Override
        public void accept(long v) {
            n++;
        }

        @Override
        public void accept(double v) {
            n++;
        }

        @Override
        Fold fresh() {
            return new Count(shared);
        }

        @Override
        void merge(Fold upper) {
            n += ((Count) upper).n;
        }
    }

    /** {@code reduce(identity, accumulator, combiner)}. */
    static final class Reduce<T, U> extends Fold implements Consumer<T> {
        final U identity;
        final BiFunction<U, ? super T, U> accumulator;
        final BinaryOperator<U> combiner;
        U acc;

        Reduce(Shared shared, U identity, BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner) {
            super(shared);
            this.identity = identity;
            this.accumulator = accumulator;
            this.combiner = combiner;
            this.acc = identity;
        }

        @Override
        Object sink() {
            return this;
        }

        @Override
        public void accept(T t) {
            acc = accumulator.apply(acc, t);
        }

        @Override
        Fold fresh() {
            return new Reduce<>(shared, identity, accumulator, combiner);
        }

        @Override
        @SuppressWarnings("unchecked")
        void merge(Fold upper) {
            acc = combiner.apply(acc, ((Reduce<T, U>) upper).acc);
        }
    }

    /** {@code reduce(op)}, {@code min}, {@code max}: no identity, so a part may have seen nothing. */
    static final class ReduceOpt<T> extends Fold implements Consumer<T> {
        final BinaryOperator<T> op;
        boolean seen;
        T acc;

        ReduceOpt(Shared shared, BinaryOperator<T> op) {
            super(shared);
            this.op = op;
        }

        @Override
        Object sink() {
            return this;
        }

        @Override
        public void accept(T t) {
            if (seen) {
                acc = op.apply(acc, t);
            } else {
                seen = true;
                acc = t;
            }
        }

        @Override
        Fold fresh() {
            return new ReduceOpt<>(shared, op);
        }

        @Override
        @SuppressWarnings("unchecked")
        void merge(Fold upper) {
            ReduceOpt<T> u = (ReduceOpt<T>) upper;
            if (u.seen) {
                accept(u.acc);
            }
        }
    }

    static final class IntReduce extends Fold implements IntConsumer {
        final int identity;
        final IntBinaryOperator op;
        /** Whether an identity was given; without one, a part that saw nothing has no value. */
        final boolean hasIdentity;
        boolean seen;
        int acc;

        IntReduce(Shared shared, boolean hasIdentity, int identity, IntBinaryOperator op) {
            super(shared);
            this.hasIdentity = hasIdentity;
            this.identity = identity;
            this.op = op;
            this.acc = identity;
            this.seen = hasIdentity;
        }

        @Override
        Object sink() {
            return this;
        }

        @Override
        public void accept(int v) {
            if (seen) {
                acc = op.applyAsInt(acc, v);
            } else {
                seen = true;
                acc = v;
            }
        }

        @Override
        Fold fresh() {
            return new IntReduce(shared, hasIdentity, identity, op);
        }

        @Override
        void merge(Fold upper) {
            IntReduce u = (IntReduce) upper;
            if (u.seen) {
                accept(u.acc);
            }
        }
    }

    static final class LongReduce extends Fold implements LongConsumer {
        final long identity;
        final LongBinaryOperator op;
        final boolean hasIdentity;
        boolean seen;
        long acc;

        LongReduce(Shared shared, boolean hasIdentity, long identity, LongBinaryOperator op) {
            super(shared);
            this.hasIdentity = hasIdentity;
            this.identity = identity;
            this.op = op;
            this.acc = identity;
            this.seen = hasIdentity;
        }

        @Override
        Object sink() {
            return this;
        }

        @Override
        public void accept(long v) {
            if (seen) {
                acc = op.applyAsLong(acc, v);
            } else {
                seen = true;
                acc = v;
            }
        }

        @Override
        Fold fresh() {
            return new LongReduce(shared, hasIdentity, identity, op);
        }

        @Override
        void merge(Fold upper) {
            LongReduce u = (LongReduce) upper;
            if (u.seen) {
                accept(u.acc);
            }
        }
    }

    static final class DoubleReduce extends Fold implements DoubleConsumer {
        final double identity;
        final DoubleBinaryOperator op;
        final boolean hasIdentity;
        boolean seen;
        double acc;

        DoubleReduce(Shared shared, boolean hasIdentity, double identity, DoubleBinaryOperator op) {
            super(shared);
            this.hasIdentity = hasIdentity;
            this.identity = identity;
            this.op = op;
            this.acc = identity;
            this.seen = hasIdentity;
        }

        @Override
        Object sink() {
            return this;
        }

        @Override
        public void accept(double v) {
            if (seen) {
                acc = op.applyAsDouble(acc, v);
            } else {
                seen = true;
                acc = v;
            }
        }

        @Override
        Fold fresh() {
            return new DoubleReduce(shared, hasIdentity, identity, op);
        }

        @Override
        void merge(Fold upper) {
            DoubleReduce u = (DoubleReduce) upper;
            if (u.seen) {
                accept(u.acc);
            }
        }
    }

    /** {@code sum()} of ints and longs: a dedicated sink, so the per-element call is one add. */
    static final class Sum extends AnySink {
        long sum;

        Sum(Shared shared) {
            super(shared);
        }

        @Override
        public void accept(int v) {
            sum += v;
        }

        @Override
        public void accept(long v) {
            sum += v;
        }

        @Override
        Fold fresh() {
            return new Sum(shared);
        }

        @Override
        void merge(Fold upper) {
            sum += ((Sum) upper).sum;
        }
    }

    /**
     * {@code sum()} and {@code average()} of doubles, with the same Kahan compensation as the JDK's
     * {@code DoubleStream.sum} (and its plain sum kept aside for infinities).
     */
    static final class DoubleSum extends AnySink {
        double sum;
        double compensation;
        double simple;
        long n;

        DoubleSum(Shared shared) {
            super(shared);
        }

        @Override
        public void accept(double v) {
            add(v);
            simple += v;
            n++;
        }

        private void add(double v) {
            double y = v - compensation;
            double t = sum + y;
            compensation = (t - sum) - y;
            sum = t;
        }

        @Override
        Fold fresh() {
            return new DoubleSum(shared);
        }

        @Override
        void merge(Fold upper) {
            DoubleSum u = (DoubleSum) upper;
            add(u.sum);
            add(-u.compensation);
            simple += u.simple;
            n += u.n;
        }

        double result() {
            double s = sum - compensation;
            // As the JDK: a NaN from adding opposite infinities is not the sum; the plain sum is.
            return Double.isNaN(s) && Double.isInfinite(simple) ? simple : s;
        }
    }

    /** {@code collect(supplier, accumulator, combiner)} for every element type. */
    static final class Collect<R> extends AnySink {
        final Supplier<R> supplier;
        final Object accumulator;
        final BiConsumer<R, R> combiner;
        final R container;

        Collect(Shared shared, Supplier<R> supplier, Object accumulator, BiConsumer<R, R> combiner) {
            super(shared);
            this.supplier = supplier;
            this.accumulator = accumulator;
            this.combiner = combiner;
            this.container = supplier.get();
        }

        @Override
        @SuppressWarnings("unchecked")
        public void accept(Object t) {
            ((BiConsumer<R, Object>) accumulator).accept(container, t);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void accept(int v) {
            ((ObjIntConsumer<R>) accumulator).accept(container, v);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void accept(long v) {
            ((ObjLongConsumer<R>) accumulator).accept(container, v);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void accept(double v) {
            ((ObjDoubleConsumer<R>) accumulator).accept(container, v);
        }

        @Override
        Fold fresh() {
            return new Collect<>(shared, supplier, accumulator, combiner);
        }

        @Override
        @SuppressWarnings("unchecked")
        void merge(Fold upper) {
            combiner.accept(container, ((Collect<R>) upper).container);
        }
    }

    /** {@code collect(Collector)}: one container per part, combined in order (the finisher runs once). */
    static final class Collecting<T, A> extends Fold implements Consumer<T> {
        final Collector<? super T, A, ?> collector;
        final BiConsumer<A, ? super T> accumulator;
        A container;

        Collecting(Shared shared, Collector<? super T, A, ?> collector) {
            super(shared);
            this.collector = collector;
            this.accumulator = collector.accumulator();
            this.container = collector.supplier().get();
        }

        @Override
        Object sink() {
            return this;
        }

        @Override
        public void accept(T t) {
            accumulator.accept(container, t);
        }

        @Override
        Fold fresh() {
            return new Collecting<>(shared, collector);
        }

        @Override
        @SuppressWarnings("unchecked")
        void merge(Fold upper) {
            container = collector.combiner().apply(container, ((Collecting<T, A>) upper).container);
        }
    }

    /**
     * {@code toList}/{@code toArray}: each part fills its own growable array; a merge only links the
     * upper part's segments after this one's, so the elements are copied once, into the result.
     */
    static final class Buffer extends AnySink {
        static final int OBJ = 0;
        static final int INT = 1;
        static final int LONG = 2;
        static final int DOUBLE = 3;

        final int kind;
        Object[] objs;
        int[] ints;
        long[] longs;
        double[] doubles;
        int n;
        /** The next part's buffer, in order, and the last of the chain (this part's own tail). */
        Buffer nextPart;
        Buffer last = this;

        Buffer(Shared shared, int kind) {
            super(shared);
            this.kind = kind;
            switch (kind) {
                case INT -> ints = new int[16];
                case LONG -> longs = new long[16];
                case DOUBLE -> doubles = new double[16];
                default -> objs = new Object[16];
            }
        }

        @Override
        public void accept(Object t) {
            if (n == objs.length) {
                objs = java.util.Arrays.copyOf(objs, grow(n));
            }
            objs[n++] = t;
        }

        @Override
        public void accept(int v) {
            if (n == ints.length) {
                ints = java.util.Arrays.copyOf(ints, grow(n));
            }
            ints[n++] = v;
        }

        @Override
        public void accept(long v) {
            if (n == longs.length) {
                longs = java.util.Arrays.copyOf(longs, grow(n));
            }
            longs[n++] = v;
        }

        @Override
        public void accept(double v) {
            if (n == doubles.length) {
                doubles = java.util.Arrays.copyOf(doubles, grow(n));
            }
            doubles[n++] = v;
        }

        private static int grow(int n) {
            if (n >= Integer.MAX_VALUE - 16) {
                throw new OutOfMemoryError("parallel iterator: more than 2^31 elements to collect");
            }
            return (int) Math.min(Integer.MAX_VALUE - 8L, n * 2L);
        }

        @Override
        Fold fresh() {
            return new Buffer(shared, kind);
        }

        @Override
        void merge(Fold upper) {
            Buffer u = (Buffer) upper;
            last.nextPart = u;
            last = u.last;
        }

        int total() {
            long t = 0;
            for (Buffer b = this; b != null; b = b.nextPart) {
                t += b.n;
            }
            if (t > Integer.MAX_VALUE - 8) {
                throw new OutOfMemoryError("parallel iterator: more than 2^31 elements to collect");
            }
            return (int) t;
        }

        /** Copies the chain into {@code dest} (an array of this buffer's kind, at least total() long). */
        void copyTo(Object dest) {
            int at = 0;
            for (Buffer b = this; b != null; b = b.nextPart) {
                Object src = switch (kind) {
                    case INT -> b.ints;
                    case LONG -> b.longs;
                    case DOUBLE -> b.doubles;
                    default -> b.objs;
                };
                System.arraycopy(src, 0, dest, at, b.n);
                at += b.n;
            }
        }

        /**
         * The elements as a fixed-size list over a fresh array: nobody else holds the array, and the caller
         * wraps the list unmodifiable, so no second pass copies the elements into an {@code ArrayList}.
         */
        @SuppressWarnings("unchecked")
        <T> List<T> toList() {
            Object[] all = new Object[total()];
            copyTo(all);
            return (List<T>) java.util.Arrays.asList(all);
        }
    }

    /** {@code anyMatch}, {@code allMatch}, {@code noneMatch}: decided by the first element that hits. */
    static final class Match extends AnySink {
        static final int ANY = 0;
        static final int ALL = 1;
        static final int NONE = 2;

        final int kind;
        final Object predicate;
        /** A hit is a match for ANY and NONE, a counterexample for ALL. */
        final boolean hitWhen;
        boolean hit;

        Match(Shared shared, int kind, Object predicate) {
            super(shared);
            this.kind = kind;
            this.predicate = predicate;
            this.hitWhen = kind != ALL;
        }

        private void test(boolean matched) {
            if (matched == hitWhen) {
                hit = true;
                done = true;
                shared.stop = true;
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public void accept(Object t) {
            test(((Predicate<Object>) predicate).test(t));
        }

        @Override
        public void accept(int v) {
            test(((IntPredicate) predicate).test(v));
        }

        @Override
        public void accept(long v) {
            test(((LongPredicate) predicate).test(v));
        }

        @Override
        public void accept(double v) {
            test(((DoublePredicate) predicate).test(v));
        }

        @Override
        boolean cuts() {
            return true;
        }

        @Override
        Fold fresh() {
            return new Match(shared, kind, predicate);
        }

        @Override
        void merge(Fold upper) {
            hit |= ((Match) upper).hit;
        }

        boolean result() {
            return kind == ANY ? hit : !hit;
        }
    }

    /**
     * {@code findFirst} and {@code findAny}. findAny stops every part at the first element found;
     * findFirst lowers the shared {@code first} position, and a part skips what lies after it (parts are
     * ordered by position, and each part finds its own first element before any later one).
     */
    static final class Find extends AnySink {
        final boolean first;
        boolean found;
        /** The element found, boxed once. */
        Object value;

        Find(Shared shared, boolean first) {
            super(shared);
            this.first = first;
        }

        private void found(Object v) {
            found = true;
            value = v;
            done = true;
            if (first) {
                long at = this.at;
                for (long cur = shared.first.get(); at < cur && !shared.first.compareAndSet(cur, at);) {
                    cur = shared.first.get();
                }
            } else {
                shared.stop = true;
            }
        }

        @Override
        public void accept(Object t) {
            found(t);
        }

        @Override
        public void accept(int v) {
            found(v);
        }

        @Override
        public void accept(long v) {
            found(v);
        }

        @Override
        public void accept(double v) {
            found(v);
        }

        @Override
        boolean cuts() {
            return true;
        }

        @Override
        boolean skip(long lo) {
            return shared.stop || (first && shared.first.get() < lo);
        }

        @Override
        Fold fresh() {
            return new Find(shared, first);
        }

        @Override
        void merge(Fold upper) {
            Find u = (Find) upper;
            if (!found && u.found) {
                found = true;
                value = u.value;
            }
        }
    }
}
