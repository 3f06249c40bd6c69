package dev.weft;

import java.util.IntSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * A parallel iterator over {@code int}s: the parallel {@link IntStream} of Weft. Nothing is boxed on
 * the way from source to result. See {@link ParStream} for how iterators run, fail and stop.
 *
 * <pre>{@code
 * long squares = Par.range(0, n).mapToLong(i -> (long) i * i).sum();
 * }</pre>
 */
public final class IntParStream {
    final Pipe pipe;

    IntParStream(Pipe pipe) {
        this.pipe = pipe;
    }

    private static Fold.Shared shared() {
        return new Fold.Shared();
    }

    /** The same iterator, whose terminal operations run on {@code pool}. */
    public IntParStream on(WeftPool pool) {
        return new IntParStream(pipe.on(pool));
    }

    // ---------------------------------------------------------------------------------------------
    // Intermediate operations

    /** The elements that match {@code predicate}. */
    public IntParStream filter(IntPredicate predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return new IntParStream(pipe.then((down, cut) -> {
            IntConsumer d = (IntConsumer) down;
            return (IntConsumer) v -> {
                if (predicate.test(v)) {
                    d.accept(v);
                }
            };
        }, false));
    }

    /** {@code mapper} applied to each element. */
    public IntParStream map(IntUnaryOperator mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new IntParStream(pipe.then((down, cut) -> {
            IntConsumer d = (IntConsumer) down;
            return (IntConsumer) v -> d.accept(mapper.applyAsInt(v));
        }, true));
    }

    /** {@code mapper} applied to each element, as objects. */
    public <R> ParStream<R> mapToObj(IntFunction<? extends R> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new ParStream<>(pipe.then((down, cut) -> {
            @SuppressWarnings("unchecked")
            Consumer<? super R> d = (Consumer<? super R>) down;
            return (IntConsumer) v -> d.accept(mapper.apply(v));
        }, true));
    }

    /** {@code mapper} applied to each element, as longs. */
    public LongParStream mapToLong(IntToLongFunction mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new LongParStream(pipe.then((down, cut) -> {
            LongConsumer d = (LongConsumer) down;
            return (IntConsumer) v -> d.accept(mapper.applyAsLong(v));
        }, true));
    }

    /** {@code mapper} applied to each element, as doubles. */
    public DoubleParStream mapToDouble(IntToDoubleFunction mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new DoubleParStream(pipe.then((down, cut) -> {
            DoubleConsumer d = (DoubleConsumer) down;
            return (IntConsumer) v -> d.accept(mapper.applyAsDouble(v));
        }, true));
    }

    /** The elements widened to longs. */
    public LongParStream asLongStream() {
        return mapToLong(v -> v);
    }

    /** The elements converted to doubles. */
    public DoubleParStream asDoubleStream() {
        return mapToDouble(v -> v);
    }

    /** The elements boxed. */
    public ParStream<Integer> boxed() {
        return mapToObj(Integer::valueOf);
    }

    /** The elements of the streams {@code mapper} returns, in order; see {@link ParStream#flatMap}. */
    public IntParStream flatMap(IntFunction<? extends IntStream> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new IntParStream(pipe.then((down, cut) -> {
            IntConsumer d = (IntConsumer) down;
            boolean cuts = cut.cuts();
            return (IntConsumer) v -> {
                try (IntStream s = mapper.apply(v)) {
                    if (s == null) {
                        return;
                    }
                    if (!cuts) {
                        s.sequential().forEach(d);
                        return;
                    }
                    Spliterator.OfInt sp = s.sequential().spliterator();
                    while (!cut.done && sp.tryAdvance(d)) {
                        // fed
                    }
                }
            };
        }, false));
    }

    /** The same elements; {@code action} sees each as it passes. */
    public IntParStream peek(IntConsumer action) {
        Objects.requireNonNull(action, "action");
        return new IntParStream(pipe.then((down, cut) -> {
            IntConsumer d = (IntConsumer) down;
            return (IntConsumer) v -> {
                action.accept(v);
                d.accept(v);
            };
        }, true));
    }

    // ---------------------------------------------------------------------------------------------
    // Terminal operations

    /** Runs {@code action} for each element, in no particular order, possibly on several workers. */
    public void forEach(IntConsumer action) {
        Objects.requireNonNull(action, "action");
        pipe.run(new Folds.Each(shared(), action));
    }

    /** {@code identity ⊕ e0 ⊕ e1 ⊕ ...}; {@code op} must be associative. */
    public int reduce(int identity, IntBinaryOperator op) {
        Objects.requireNonNull(op, "op");
        return pipe.run(new Folds.IntReduce(shared(), true, identity, op)).acc;
    }

    /** {@code e0 ⊕ e1 ⊕ ...}, or empty for no elements. */
    public OptionalInt reduce(IntBinaryOperator op) {
        Objects.requireNonNull(op, "op");
        Folds.IntReduce f = pipe.run(new Folds.IntReduce(shared(), false, 0, op));
        return f.seen ? OptionalInt.of(f.acc) : OptionalInt.empty();
    }

    /** As {@link IntStream#collect(Supplier, ObjIntConsumer, BiConsumer)}. */
    public <R> R collect(Supplier<R> supplier, ObjIntConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(supplier, "supplier");
        Objects.requireNonNull(accumulator, "accumulator");
        Objects.requireNonNull(combiner, "combiner");
        return pipe.run(new Folds.Collect<>(shared(), supplier, accumulator, combiner)).container;
    }

    /** The sum, wrapping on overflow as {@link IntStream#sum()}. */
    public int sum() {
        return (int) pipe.run(new Folds.Sum(shared())).sum;
    }

    /** The least element, or empty. */
    public OptionalInt min() {
        return reduce(Math::min);
    }

    /** The greatest element, or empty. */
    public OptionalInt max() {
        return reduce(Math::max);
    }

    /** The number of elements (without running a pipeline that only maps). */
    public long count() {
        if (pipe.sized) {
            return pipe.source.to - pipe.source.from;
        }
        return pipe.run(new Folds.Count(shared())).n;
    }

    /** The mean (of a {@code long} sum, so exact before the division), or empty. */
    public OptionalDouble average() {
        long[] a = collect(() -> new long[2], (s, v) -> {
            s[0]++;
            s[1] += v;
        }, (s, t) -> {
            s[0] += t[0];
            s[1] += t[1];
        });
        return a[0] > 0 ? OptionalDouble.of((double) a[1] / a[0]) : OptionalDouble.empty();
    }

    /** Count, sum, min, average and max in one pass. */
    public IntSummaryStatistics summaryStatistics() {
        return collect(IntSummaryStatistics::new, IntSummaryStatistics::accept, IntSummaryStatistics::combine);
    }

    /** The elements in order. */
    public int[] toArray() {
        Folds.Buffer b = pipe.run(new Folds.Buffer(shared(), Folds.Buffer.INT));
        int[] a = new int[b.total()];
        b.copyTo(a);
        return a;
    }

    /** Whether some element matches; stops every part at the first match. */
    public boolean anyMatch(IntPredicate predicate) {
        return match(Folds.Match.ANY, predicate);
    }

    /** Whether every element matches; stops every part at the first that does not. */
    public boolean allMatch(IntPredicate predicate) {
        return match(Folds.Match.ALL, predicate);
    }

    /** Whether no element matches; stops every part at the first match. */
    public boolean noneMatch(IntPredicate predicate) {
        return match(Folds.Match.NONE, predicate);
    }

    private boolean match(int kind, IntPredicate predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return pipe.run(new Folds.Match(shared(), kind, predicate)).result();
    }

    /** The first element in order, or empty; parts after a found element stop. */
    public OptionalInt findFirst() {
        return find(true);
    }

    /** Some element, or empty; every part stops once one is found. */
    public OptionalInt findAny() {
        return find(false);
    }

    private OptionalInt find(boolean first) {
        Folds.Find f = pipe.run(new Folds.Find(shared(), first));
        return f.found ? OptionalInt.of((Integer) f.value) : OptionalInt.empty();
    }
}
