package dev.weft;

import java.util.LongSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.LongBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import java.util.function.LongToDoubleFunction;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;
import java.util.function.LongConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;
import java.util.stream.LongStream;

/**
 * A parallel iterator over {@code long}s: the parallel {@link LongStream} of Weft. Nothing is boxed on
 * the way from source to result. See {@link ParStream} for how iterators run, fail and stop.
 *
 * <pre>{@code
 * long squares = Par.of(values).map(v -> v * v).sum();
 * }</pre>
 */
public final class LongParStream {
    final Pipe pipe;

    LongParStream(Pipe pipe) {
        this.pipe = pipe;
    }

    private static Fold.Shared shared() {
        return new Fold.Shared();
    }

    /** The same iterator, whose terminal operations run on {@code pool}. */
    public LongParStream on(WeftPool pool) {
        return new LongParStream(pipe.on(pool));
    }

    // ---------------------------------------------------------------------------------------------
    // Intermediate operations

    /** The elements that match {@code predicate}. */
    public LongParStream filter(LongPredicate predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return new LongParStream(pipe.then((down, cut) -> {
            LongConsumer d = (LongConsumer) down;
            return (LongConsumer) v -> {
                if (predicate.test(v)) {
                    d.accept(v);
                }
            };
        }, false));
    }

    /** {@code mapper} applied to each element. */
    public LongParStream map(LongUnaryOperator mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new LongParStream(pipe.then((down, cut) -> {
            LongConsumer d = (LongConsumer) down;
            return (LongConsumer) v -> d.accept(mapper.applyAsLong(v));
        }, true));
    }

    /** {@code mapper} applied to each element, as objects. */
    public <R> ParStream<R> mapToObj(LongFunction<? extends R> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new ParStream<>(pipe.then((down, cut) -> {
            @SuppressWarnings("unchecked")
            Consumer<? super R> d = (Consumer<? super R>) down;
            return (LongConsumer) v -> d.accept(mapper.apply(v));
        }, true));
    }

    /** {@code mapper} applied to each element, as ints. */
    public IntParStream mapToInt(LongToIntFunction mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new IntParStream(pipe.then((down, cut) -> {
            IntConsumer d = (IntConsumer) down;
            return (LongConsumer) v -> d.accept(mapper.applyAsInt(v));
        }, true));
    }

    /** {@code mapper} applied to each element, as doubles. */
    public DoubleParStream mapToDouble(LongToDoubleFunction mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new DoubleParStream(pipe.then((down, cut) -> {
            DoubleConsumer d = (DoubleConsumer) down;
            return (LongConsumer) v -> d.accept(mapper.applyAsDouble(v));
        }, true));
    }

    /** The elements converted to doubles. */
    public DoubleParStream asDoubleStream() {
        return mapToDouble(v -> v);
    }

    /** The elements boxed. */
    public ParStream<Long> boxed() {
        return mapToObj(Long::valueOf);
    }

    /** The elements of the streams {@code mapper} returns, in order; see {@link ParStream#flatMap}. */
    public LongParStream flatMap(LongFunction<? extends LongStream> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new LongParStream(pipe.then((down, cut) -> {
            LongConsumer d = (LongConsumer) down;
            boolean cuts = cut.cuts();
            return (LongConsumer) v -> {
                try (LongStream s = mapper.apply(v)) {
                    if (s == null) {
                        return;
                    }
                    if (!cuts) {
                        s.sequential().forEach(d);
                        return;
                    }
                    Spliterator.OfLong sp = s.sequential().spliterator();
                    while (!cut.done && sp.tryAdvance(d)) {
                        // fed
                    }
                }
            };
        }, false));
    }

    /** The same elements; {@code action} sees each as it passes. */
    public LongParStream peek(LongConsumer action) {
        Objects.requireNonNull(action, "action");
        return new LongParStream(pipe.then((down, cut) -> {
            LongConsumer d = (LongConsumer) down;
            return (LongConsumer) v -> {
                action.accept(v);
                d.accept(v);
            };
        }, true));
    }

    // ---------------------------------------------------------------------------------------------
    // Terminal operations

    /** Runs {@code action} for each element, in no particular order, possibly on several workers. */
    public void forEach(LongConsumer action) {
        Objects.requireNonNull(action, "action");
        pipe.run(new Folds.Each(shared(), action));
    }

    /** {@code identity ⊕ e0 ⊕ e1 ⊕ ...}; {@code op} must be associative. */
    public long reduce(long identity, LongBinaryOperator op) {
        Objects.requireNonNull(op, "op");
        return pipe.run(new Folds.LongReduce(shared(), true, identity, op)).acc;
    }

    /** {@code e0 ⊕ e1 ⊕ ...}, or empty for no elements. */
    public OptionalLong reduce(LongBinaryOperator op) {
        Objects.requireNonNull(op, "op");
        Folds.LongReduce f = pipe.run(new Folds.LongReduce(shared(), false, 0, op));
        return f.seen ? OptionalLong.of(f.acc) : OptionalLong.empty();
    }

    /** As {@link LongStream#collect(Supplier, ObjLongConsumer, BiConsumer)}. */
    public <R> R collect(Supplier<R> supplier, ObjLongConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(supplier, "supplier");
        Objects.requireNonNull(accumulator, "accumulator");
        Objects.requireNonNull(combiner, "combiner");
        return pipe.run(new Folds.Collect<>(shared(), supplier, accumulator, combiner)).container;
    }

    /** The sum, wrapping on overflow as {@link LongStream#sum()}. */
    public long sum() {
        return pipe.run(new Folds.Sum(shared())).sum;
    }

    /** The least element, or empty. */
    public OptionalLong min() {
        return reduce(Math::min);
    }

    /** The greatest element, or empty. */
    public OptionalLong max() {
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
    public LongSummaryStatistics summaryStatistics() {
        return collect(LongSummaryStatistics::new, LongSummaryStatistics::accept, LongSummaryStatistics::combine);
    }

    /** The elements in order. */
    public long[] toArray() {
        Folds.Buffer b = pipe.run(new Folds.Buffer(shared(), Folds.Buffer.LONG));
        long[] a = new long[b.total()];
        b.copyTo(a);
        return a;
    }

    /** Whether some element matches; stops every part at the first match. */
    public boolean anyMatch(LongPredicate predicate) {
        return match(Folds.Match.ANY, predicate);
    }

    /** Whether every element matches; stops every part at the first that does not. */
    public boolean allMatch(LongPredicate predicate) {
        return match(Folds.Match.ALL, predicate);
    }

    /** Whether no element matches; stops every part at the first match. */
    public boolean noneMatch(LongPredicate predicate) {
        return match(Folds.Match.NONE, predicate);
    }

    private boolean match(int kind, LongPredicate predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return pipe.run(new Folds.Match(shared(), kind, predicate)).result();
    }

    /** The first element in order, or empty; parts after a found element stop. */
    public OptionalLong findFirst() {
        return find(true);
    }

    /** Some element, or empty; every part stops once one is found. */
    public OptionalLong findAny() {
        return find(false);
    }

    private OptionalLong find(boolean first) {
        Folds.Find f = pipe.run(new Folds.Find(shared(), first));
        return f.found ? OptionalLong.of((Long) f.value) : OptionalLong.empty();
    }
}
