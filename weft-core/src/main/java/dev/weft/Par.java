package dev.weft;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.Spliterator;
import java.util.stream.BaseStream;

/**
 * Parallel iterators: Weft's parallel streams (rayon's {@code par_iter}). Each factory returns an
 * iterator with the operations of the matching {@code java.util.stream} type, run on Weft's lazy
 * loop splitting: the source is split only when another worker is hungry, so there is no grain size,
 * and a part nobody takes costs no allocation beyond its own fold.
 *
 * <pre>{@code
 * // a parallel stream                                  // its Weft form
 * list.parallelStream()                                 Par.of(list)
 *     .filter(s -> !s.isEmpty())                            .filter(s -> !s.isEmpty())
 *     .map(String::toUpperCase)                             .map(String::toUpperCase)
 *     .collect(Collectors.toList());                        .collect(Collectors.toList());
 * LongStream.range(0, n).parallel().map(i -> i * i).sum();  Par.range(0L, n).map(i -> i * i).sum();
 * Arrays.parallelSort(values);                          Par.sort(values);
 * }</pre>
 *
 * <p>Arrays, ranges and random-access lists are split by index; any other collection, stream or
 * spliterator is split with its spliterator's {@code trySplit}. A source must not change while a
 * terminal operation runs.
 */
public final class Par {
    private Par() {
    }

    /** The ints {@code from, from + 1, ..., to - 1} (empty if {@code to <= from}). */
    public static IntParStream range(int from, int to) {
        return new IntParStream(Pipe.of(new Source.IntRange(from, Math.max(from, to))));
    }

    /** The ints {@code from, ..., to} (empty if {@code to < from}). */
    public static IntParStream rangeClosed(int from, int to) {
        return new IntParStream(Pipe.of(new Source.IntRange(from, Math.max(from, to + 1L))));
    }

    /**
     * The longs {@code from, from + 1, ..., to - 1} (empty if {@code to <= from}).
     *
     * @throws IllegalArgumentException if the range holds more than {@code Long.MAX_VALUE} values
     */
    public static LongParStream range(long from, long to) {
        if (to > from && to - from < 0) {
            throw new IllegalArgumentException("range too long: [" + from + ", " + to + ")");
        }
        return new LongParStream(Pipe.of(new Source.LongRange(from, Math.max(from, to))));
    }

    /** The elements of {@code array}, in order (nulls allowed). */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, never written or exposed
    public static <T> ParStream<T> of(T... array) {
        return new ParStream<>(Pipe.of(new Source.Objects<>(array, 0, array.length)));
    }

    /** The elements of {@code array[from, to)}. */
    public static <T> ParStream<T> of(T[] array, int from, int to) {
        Objects.checkFromToIndex(from, to, array.length);
        return new ParStream<>(Pipe.of(new Source.Objects<>(array, from, to)));
    }

    /** The elements of {@code array}, in order. */
    public static IntParStream of(int[] array) {
        return new IntParStream(Pipe.of(new Source.Ints(array, 0, array.length)));
    }

    /** The elements of {@code array[from, to)}. */
    public static IntParStream of(int[] array, int from, int to) {
        Objects.checkFromToIndex(from, to, array.length);
        return new IntParStream(Pipe.of(new Source.Ints(array, from, to)));
    }

    /** The elements of {@code array}, in order. */
    public static LongParStream of(long[] array) {
        return new LongParStream(Pipe.of(new Source.Longs(array, 0, array.length)));
    }

    /** The elements of {@code array[from, to)}. */
    public static LongParStream of(long[] array, int from, int to) {
        Objects.checkFromToIndex(from, to, array.length);
        return new LongParStream(Pipe.of(new Source.Longs(array, from, to)));
    }

    /** The elements of {@code array}, in order. */
    public static DoubleParStream of(double[] array) {
        return new DoubleParStream(Pipe.of(new Source.Doubles(array, 0, array.length)));
    }

    /** The elements of {@code array[from, to)}. */
    public static DoubleParStream of(double[] array, int from, int to) {
        Objects.checkFromToIndex(from, to, array.length);
        return new DoubleParStream(Pipe.of(new Source.Doubles(array, from, to)));
    }

    /**
     * The elements of {@code collection}, in its iteration order. A {@link List} with
     * {@link RandomAccess} is read by index; any other collection through its spliterator.
     */
    public static <T> ParStream<T> of(Collection<T> collection) {
        Objects.requireNonNull(collection, "collection");
        if (collection instanceof List<T> list && collection instanceof RandomAccess) {
            return new ParStream<>(Pipe.of(new Source.Indexed<>(list)));
        }
        return new ParStream<>(Pipe.of(new Source.Split(collection::spliterator, Source.Split.OBJ)));
    }

    /**
     * The elements {@code spliterator} yields (split with its {@code trySplit} for hungry workers). A
     * spliterator is traversed once: a second terminal operation throws {@link IllegalStateException}.
     */
    public static <T> ParStream<T> of(Spliterator<T> spliterator) {
        Objects.requireNonNull(spliterator, "spliterator");
        return new ParStream<>(Pipe.of(Source.Split.once(spliterator, Source.Split.OBJ)));
    }

    /** The ints {@code spliterator} yields. */
    public static IntParStream ofInts(Spliterator.OfInt spliterator) {
        Objects.requireNonNull(spliterator, "spliterator");
        return new IntParStream(Pipe.of(Source.Split.once(spliterator, Source.Split.INT)));
    }

    /** The longs {@code spliterator} yields. */
    public static LongParStream ofLongs(Spliterator.OfLong spliterator) {
        Objects.requireNonNull(spliterator, "spliterator");
        return new LongParStream(Pipe.of(Source.Split.once(spliterator, Source.Split.LONG)));
    }

    /** The doubles {@code spliterator} yields. */
    public static DoubleParStream ofDoubles(Spliterator.OfDouble spliterator) {
        Objects.requireNonNull(spliterator, "spliterator");
        return new DoubleParStream(Pipe.of(Source.Split.once(spliterator, Source.Split.DOUBLE)));
    }

    /** The elements of a stream (through its spliterator: the stream is consumed, the iterator runs once). */
    public static <T> ParStream<T> of(BaseStream<T, ?> stream) {
        Objects.requireNonNull(stream, "stream");
        return of(stream.spliterator());
    }

    // ---------------------------------------------------------------------------------------------
    // Sorting (Arrays.parallelSort's job)

    /** Sorts {@code a} into ascending order, as {@link java.util.Arrays#sort(int[])}, in parallel. */
    public static void sort(int[] a) {
        ParSort.sort(a);
    }

    /** Sorts {@code a} into ascending order, as {@link java.util.Arrays#sort(long[])}, in parallel. */
    public static void sort(long[] a) {
        ParSort.sort(a);
    }

    /**
     * Sorts {@code a} into the total order of {@link Double#compare} ({@code -0.0} before {@code 0.0},
     * NaN last), as {@link java.util.Arrays#sort(double[])}, in parallel.
     */
    public static void sort(double[] a) {
        ParSort.sort(a);
    }

    /** Sorts {@code a} by natural order; stable, as {@link java.util.Arrays#sort(Object[])}. */
    public static <T extends Comparable<? super T>> void sort(T[] a) {
        ParSort.sort(a, Comparator.naturalOrder());
    }

    /** Sorts {@code a} by {@code comparator}; stable, as {@link java.util.Arrays#sort(Object[], Comparator)}. */
    public static <T> void sort(T[] a, Comparator<? super T> comparator) {
        ParSort.sort(a, Objects.requireNonNull(comparator, "comparator"));
    }
}
