package dev.weft;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.LongConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collector;
import java.util.stream.Stream;

/**
 * A parallel iterator over objects: the parallel {@link Stream} of Weft, made by {@link Par}. Its
 * operations mean what the same {@code Stream} operations mean, and an order-preserving result
 * ({@code reduce}, {@code collect}, {@code toList}, {@code findFirst}, ...) equals the sequential
 * stream's on the same input.
 *
 * <pre>{@code
 * List<String> names = Par.of(people).filter(p -> p.age() >= 18).map(Person::name).toList();
 * Map<String, Long> freq = Par.of(words).collect(groupingBy(w -> w, counting()));
 * }</pre>
 *
 * <p>Intermediate operations are lazy and return a new iterator; nothing runs until a terminal
 * operation. A terminal operation runs on the calling worker's pool, on the pool given to
 * {@link #on(WeftPool)}, or, called from another thread, on {@link WeftPool#common()}, and returns when
 * every part has finished. The source is split only when another worker is hungry: no grain size to
 * tune. If a function throws, the iterator stops handing out elements and throws a
 * {@link TaskFailedException} with the original as its cause once every part has stopped.
 * Short-circuit operations ({@code anyMatch}, {@code findFirst}, ...) stop the other parts once the
 * result is decided.
 *
 * <p>Unlike a {@code Stream}, an iterator may be used more than once (each terminal operation runs the
 * pipeline again), and the functions may run on several workers at once, so they must be safe to
 * call concurrently, as for a parallel stream.
 *
 * @param <T> the element type
 */
public final class ParStream<T> {
    final Pipe pipe;

    ParStream(Pipe pipe) {
        this.pipe = pipe;
    }

    private static Fold.Shared shared() {
        return new Fold.Shared();
    }

    /** The same iterator, whose terminal operations run on {@code pool}. */
    public ParStream<T> on(WeftPool pool) {
        return new ParStream<>(pipe.on(pool));
    }

    // ---------------------------------------------------------------------------------------------
    // Intermediate operations

    /** The elements that match {@code predicate}. */
    public ParStream<T> filter(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return new ParStream<>(pipe.then((down, cut) -> {
            @SuppressWarnings("unchecked")
            Consumer<? super T> d = (Consumer<? super T>) down;
            return (Consumer<T>) t -> {
                if (predicate.test(t)) {
                    d.accept(t);
                }
            };
        }, false));
    }

    /** {@code mapper} applied to each element. */
    public <R> ParStream<R> map(Function<? super T, ? extends R> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new ParStream<>(pipe.then((down, cut) -> {
            @SuppressWarnings("unchecked")
            Consumer<? super R> d = (Consumer<? super R>) down;
            return (Consumer<T>) t -> d.accept(mapper.apply(t));
        }, true));
    }

    /** {@code mapper} applied to each element, as ints. */
    public IntParStream mapToInt(ToIntFunction<? super T> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new IntParStream(pipe.then((down, cut) -> {
            IntConsumer d = (IntConsumer) down;
            return (Consumer<T>) t -> d.accept(mapper.applyAsInt(t));
        }, true));
    }

    /** {@code mapper} applied to each element, as longs. */
    public LongParStream mapToLong(ToLongFunction<? super T> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new LongParStream(pipe.then((down, cut) -> {
            LongConsumer d = (LongConsumer) down;
            return (Consumer<T>) t -> d.accept(mapper.applyAsLong(t));
        }, true));
    }

    /** {@code mapper} applied to each element, as doubles. */
    public DoubleParStream mapToDouble(ToDoubleFunction<? super T> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new DoubleParStream(pipe.then((down, cut) -> {
            DoubleConsumer d = (DoubleConsumer) down;
            return (Consumer<T>) t -> d.accept(mapper.applyAsDouble(t));
        }, true));
    }

    /**
     * The elements of the streams {@code mapper} returns, in order (a null stream counts as empty, and
     * each stream is closed after use, as for {@link Stream#flatMap}). The inner streams run
     * sequentially; the outer elements are what is split.
     */
    public <R> ParStream<R> flatMap(Function<? super T, ? extends Stream<? extends R>> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return new ParStream<>(pipe.then((down, cut) -> {
            @SuppressWarnings("unchecked")
            Consumer<? super R> d = (Consumer<? super R>) down;
            boolean cuts = cut.cuts();
            return (Consumer<T>) t -> {
                try (Stream<? extends R> s = mapper.apply(t)) {
                    if (s == null) {
                        return;
                    }
                    if (!cuts) {
                        s.sequential().forEach(d);
                        return;
                    }
                    // A short-circuit terminal: stop inside the inner stream too (it may be infinite).
                    Spliterator<? extends R> sp = s.sequential().spliterator();
                    while (!cut.done && sp.tryAdvance(d)) {
                        // fed
                    }
                }
            };
        }, false));
    }

    /** The same elements; {@code action} sees each as it passes (for debugging). */
    public ParStream<T> peek(Consumer<? super T> action) {
        Objects.requireNonNull(action, "action");
        return new ParStream<>(pipe.then((down, cut) -> {
            @SuppressWarnings("unchecked")
            Consumer<? super T> d = (Consumer<? super T>) down;
            return (Consumer<T>) t -> {
                action.accept(t);
                d.accept(t);
            };
        }, true));
    }

    // ---------------------------------------------------------------------------------------------
    // Terminal operations

    /** Runs {@code action} for each element, in no particular order, possibly on several workers. */
    public void forEach(Consumer<? super T> action) {
        Objects.requireNonNull(action, "action");
        pipe.run(new Folds.Each(shared(), action));
    }

    /** {@code identity ⊕ e0 ⊕ e1 ⊕ ...}, as {@link Stream#reduce(Object, BinaryOperator)}. */
    public T reduce(T identity, BinaryOperator<T> op) {
        Objects.requireNonNull(op, "op");
        return pipe.run(new Folds.Reduce<T, T>(shared(), identity, op, op)).acc;
    }

    /** As {@link Stream#reduce(BinaryOperator)}; empty for no elements. */
    public Optional<T> reduce(BinaryOperator<T> op) {
        Objects.requireNonNull(op, "op");
        Folds.ReduceOpt<T> f = pipe.run(new Folds.ReduceOpt<>(shared(), op));
        return f.seen ? Optional.of(f.acc) : Optional.empty();
    }

    /** As {@link Stream#reduce(Object, BiFunction, BinaryOperator)}. */
    public <U> U reduce(U identity, BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner) {
        Objects.requireNonNull(accumulator, "accumulator");
        Objects.requireNonNull(combiner, "combiner");
        return pipe.run(new Folds.Reduce<T, U>(shared(), identity, accumulator, combiner)).acc;
    }

    /**
     * Collects with a JDK {@link Collector} ({@code Collectors.toList()}, {@code groupingBy},
     * {@code toMap}, {@code joining}, ...): one container per part, combined in order, so the result
     * equals the sequential stream's, duplicate-key failures of {@code toMap} included.
     */
    public <R, A> R collect(Collector<? super T, A, R> collector) {
        Objects.requireNonNull(collector, "collector");
        Folds.Collecting<T, A> f = pipe.run(new Folds.Collecting<>(shared(), collector));
        if (collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            @SuppressWarnings("unchecked")
            R r = (R) f.container;
            return r;
        }
        return collector.finisher().apply(f.container);
    }

    /** As {@link Stream#collect(Supplier, BiConsumer, BiConsumer)}. */
    public <R> R collect(Supplier<R> supplier, BiConsumer<R, ? super T> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(supplier, "supplier");
        Objects.requireNonNull(accumulator, "accumulator");
        Objects.requireNonNull(combiner, "combiner");
        return pipe.run(new Folds.Collect<>(shared(), supplier, accumulator, combiner)).container;
    }

    /** The elements in order, as an unmodifiable list (nulls allowed, as {@link Stream#toList()}). */
    public List<T> toList() {
        return java.util.Collections.unmodifiableList(pipe.run(new Folds.Buffer(shared(), Folds.Buffer.OBJ)).toList());
    }

    /** The elements in order, in an {@code Object[]}. */
    public Object[] toArray() {
        Folds.Buffer b = pipe.run(new Folds.Buffer(shared(), Folds.Buffer.OBJ));
        Object[] a = new Object[b.total()];
        b.copyTo(a);
        return a;
    }

    /** The elements in order, in an array made by {@code generator} (given the exact length). */
    public <A> A[] toArray(IntFunction<A[]> generator) {
        Objects.requireNonNull(generator, "generator");
        Folds.Buffer b = pipe.run(new Folds.Buffer(shared(), Folds.Buffer.OBJ));
        int n = b.total();
        A[] a = generator.apply(n);
        if (a.length != n) {
            throw new IllegalStateException("generator returned an array of length " + a.length + ", not " + n);
        }
        b.copyTo(a); // an ArrayStoreException for a wrong element type, as for Stream.toArray
        return a;
    }

    /** The number of elements (without running a pipeline that only maps, as the JDK). */
    public long count() {
        if (pipe.sized) {
            return pipe.source.to - pipe.source.from;
        }
        return pipe.run(new Folds.Count(shared())).n;
    }

    /** The least element by {@code comparator}, the first of equals; empty for no elements. */
    public Optional<T> min(Comparator<? super T> comparator) {
        return reduce(BinaryOperator.minBy(comparator));
    }

    /** The greatest element by {@code comparator}, the first of equals; empty for no elements. */
    public Optional<T> max(Comparator<? super T> comparator) {
        return reduce(BinaryOperator.maxBy(comparator));
    }

    /** Whether some element matches; stops every part at the first match. */
    public boolean anyMatch(Predicate<? super T> predicate) {
        return match(Folds.Match.ANY, predicate);
    }

    /** Whether every element matches; stops every part at the first element that does not. */
    public boolean allMatch(Predicate<? super T> predicate) {
        return match(Folds.Match.ALL, predicate);
    }

    /** Whether no element matches; stops every part at the first match. */
    public boolean noneMatch(Predicate<? super T> predicate) {
        return match(Folds.Match.NONE, predicate);
    }

    private boolean match(int kind, Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return pipe.run(new Folds.Match(shared(), kind, predicate)).result();
    }

    /**
     * The first element in order; parts after a found element stop. Throws
     * {@link NullPointerException} if that element is null, as {@link Stream#findFirst()}.
     */
    public Optional<T> findFirst() {
        return find(true);
    }

    /** Some element; every part stops once one is found. */
    public Optional<T> findAny() {
        return find(false);
    }

    @SuppressWarnings("unchecked")
    private Optional<T> find(boolean first) {
        Folds.Find f = pipe.run(new Folds.Find(shared(), first));
        return f.found ? Optional.of((T) f.value) : Optional.empty();
    }
}
