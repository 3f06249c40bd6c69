package dev.weft;

import java.util.DoubleSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.DoubleFunction;
import java.util.function.DoublePredicate;
import java.util.function.DoubleToIntFunction;
import java.util.function.DoubleToLongFunction;
import java.util.function.DoubleUnaryOperator;
import java.util.function.LongConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.function.Supplier;
import java.util.stream.DoubleStream;

/**
 * A parallel iterator over {@code double}s: the parallel {@link DoubleStream} of Weft. Nothing is boxed on
 * the way from source to result. See {@link ParStream} for how iterators run, fail and stop.
 *
 * <pre>{@code
 * double norm = Math.sqrt(Par.of(xs).map(x -> x * x).sum());
 * }</pre>
 */
public final class DoubleParStream {
    final Pipe pipe;

    DoubleParStream(Pipe pipe) {
        this.pipe = pipe;
    }

    private static Fold.Shared shared() {
        return new Fold.Shared();
    }

    /** The same iterator, whose terminal operations run on {@code pool}. */
    public DoubleParStream on(WeftPool pool) {
        return new DoubleParStream(pipe.on(pool));
    }

    // ---------------------------------------------------------------------------------------------
    // Intermediate operations

    /** The elements that match {@code predicate}. */
    public DoubleParStream filter(DoublePredicate predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return new DoubleParStream(pipe.then((down, cut) -> {
            DoubleConsumer d = (DoubleConsumer) down;
            return (DoubleConsumer) v -> {
                if (predicate.test(v)) {
                    d.accept(v);
                }
            };
        }, false));
    }

    /** {@code mapper} applied to each element. */
    public DoubleParStream map(DoubleUnaryOperator mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new DoubleParStream(pipe.then((down, cut) -> {
            DoubleConsumer d = (DoubleConsumer) down;
            return (DoubleConsumer) v -> d.accept(mapper.applyAsDouble(v));
        }, true));
    }

    /** {@code mapper} applied to each element, as objects. */
    public <R> ParStream<R> mapToObj(DoubleFunction<? extends R> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new ParStream<>(pipe.then((down, cut) -> {
            @SuppressWarnings("unchecked")
            Consumer<? super R> d = (Consumer<? super R>) down;
            return (DoubleConsumer) v -> d.accept(mapper.apply(v));
        }, true));
    }

    /** {@code mapper} applied to each element, as ints. */
    public IntParStream mapToInt(DoubleToIntFunction mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new IntParStream(pipe.then((down, cut) -> {
            IntConsumer d = (IntConsumer) down;
            return (DoubleConsumer) v -> d.accept(mapper.applyAsInt(v));
        }, true));
    }

    /** {@code mapper} applied to each element, as longs. */
    public LongParStream mapToLong(DoubleToLongFunction mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new LongParStream(pipe.then((down, cut) -> {
            LongConsumer d = (LongConsumer) down;
            return (DoubleConsumer) v -> d.accept(mapper.applyAsLong(v));
        }, true));
    }

    /** The elements boxed. */
    public ParStream<Double> boxed() {
        return mapToObj(Double::valueOf);
    }

    /** The elements of the streams {@code mapper} returns, in order; see {@link ParStream#flatMap}. */
    public DoubleParStream flatMap(DoubleFunction<? extends DoubleStream> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new DoubleParStream(pipe.then((down, cut) -> {
            DoubleConsumer d = (DoubleConsumer) down;
            boolean cuts = cut.cuts();
            return (DoubleConsumer) v -> {
                try (DoubleStream s = mapper.apply(v)) {
                    if (s == null) {
                        return;
                    }
                    if (!cuts) {
                        s.sequential().forEach(d);
                        return;
                    }
                    Spliterator.OfDouble sp = s.sequential().spliterator();
                    while (!cut.done && sp.tryAdvance(d)) {
                        // fed
                    }
                }
            };
        }, false));
    }

    /** The same elements; {@code action} sees each as it passes. */
    public DoubleParStream peek(DoubleConsumer action) {
        Objects.requireNonNull(action, "action");
        return new DoubleParStream(pipe.then((down, cut) -> {
            DoubleConsumer d = (DoubleConsumer) down;
            return (DoubleConsumer) v -> {
                action.accept(v);
                d.accept(v);
            };
        }, true));
    }

    // ---------------------------------------------------------------------------------------------
    // Terminal operations

    /** Runs {@code action} for each element, in no particular order, possibly on several workers. */
    public void forEach(DoubleConsumer action) {
        Objects.requireNonNull(action, "action");
        pipe.run(new Folds.Each(shared(), action));
    }

    /** {@code identity ⊕ e0 ⊕ e1 ⊕ ...}; {@code op} must be associative. */
    public double reduce(double identity, DoubleBinaryOperator op) {
        Objects.requireNonNull(op, "op");
        return pipe.run(new Folds.DoubleReduce(shared(), true, identity, op)).acc;
    }

    /** {@code e0 ⊕ e1 ⊕ ...}, or empty for no elements. */
    public OptionalDouble reduce(DoubleBinaryOperator op) {
        Objects.requireNonNull(op, "op");
        Folds.DoubleReduce f = pipe.run(new Folds.DoubleReduce(shared(), false, 0, op));
        return f.seen ? OptionalDouble.of(f.acc) : OptionalDouble.empty();
    }

    /** As {@link DoubleStream#collect(Supplier, ObjDoubleConsumer, BiConsumer)}. */
    public <R> R collect(Supplier<R> supplier, ObjDoubleConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(supplier, "supplier");
        Objects.requireNonNull(accumulator, "accumulator");
        Objects.requireNonNull(combiner, "combiner");
        return pipe.run(new Folds.Collect<>(shared(), supplier, accumulator, combiner)).container;
    }

    /** The sum, with the same compensated summation as {@link DoubleStream#sum()}. */
    public double sum() {
        return pipe.run(new Folds.DoubleSum(shared())).result();
    }

    /** The least element, or empty. */
    public OptionalDouble min() {
        return reduce(Math::min);
    }

    /** The greatest element, or empty. */
    public OptionalDouble max() {
        return reduce(Math::max);
    }

    /** The number of elements (without running a pipeline that only maps). */
    public long count() {
        if (pipe.sized) {
            return pipe.source.to - pipe.source.from;
        }
        return pipe.run(new Folds.Count(shared())).n;
    }

    /** The mean (of a compensated sum), or empty. */
    public OptionalDouble average() {
        Folds.DoubleSum f = pipe.run(new Folds.DoubleSum(shared()));
        return f.n > 0 ? OptionalDouble.of(f.result() / f.n) : OptionalDouble.empty();
    }

    /** Count, sum, min, average and max in one pass. */
    public DoubleSummaryStatistics summaryStatistics() {
        return collect(DoubleSummaryStatistics::new, DoubleSummaryStatistics::accept, DoubleSummaryStatistics::combine);
    }

    /** The elements in order. */
    public double[] toArray() {
        Folds.Buffer b = pipe.run(new Folds.Buffer(shared(), Folds.Buffer.DOUBLE));
        double[] a = new double[b.total()];
        b.copyTo(a);
        return a;
    }

    /** Whether some element matches; stops every part at the first match. */
    public boolean anyMatch(DoublePredicate predicate) {
        return match(Folds.Match.ANY, predicate);
    }

    /** Whether every element matches; stops every part at the first that does not. */
    public boolean allMatch(DoublePredicate predicate) {
        return match(Folds.Match.ALL, predicate);
    }

    /** Whether no element matches; stops every part at the first match. */
    public boolean noneMatch(DoublePredicate predicate) {
        return match(Folds.Match.NONE, predicate);
    }

    private boolean match(int kind, DoublePredicate predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return pipe.run(new Folds.Match(shared(), kind, predicate)).result();
    }

    /** The first element in order, or empty; parts after a found element stop. */
    public OptionalDouble findFirst() {
        return find(true);
    }

    /** Some element, or empty; every part stops once one is found. */
    public OptionalDouble findAny() {
        return find(false);
    }

    private OptionalDouble find(boolean first) {
        Folds.Find f = pipe.run(new Folds.Find(shared(), first));
        return f.found ? OptionalDouble.of((Double) f.value) : OptionalDouble.empty();
    }
}
