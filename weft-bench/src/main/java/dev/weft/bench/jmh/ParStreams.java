package dev.weft.bench.jmh;

import dev.weft.Par;
import dev.weft.WeftPool;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Weft's parallel iterators ({@link Par}) against JDK parallel streams in a {@link ForkJoinPool} of the
 * same size (a stream started on a pool's worker runs in that pool) and the sequential stream: sum of
 * squares over a {@code long[]}, filter + map + collect to a list of objects, and sorting a
 * {@code long[]} (against {@link Arrays#parallelSort}). Every answer is checked once at setup.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class ParStreams {
    static final int LONGS = 10_000_000;
    static final int OBJECTS = 1_000_000;
    static final int SORT = 2_000_000;

    @Param({"1", "2"})
    int workers;

    long[] values;
    List<String> words;
    long[] unsorted;
    WeftPool weft;
    ForkJoinPool fjp;

    @Setup(Level.Trial)
    public void start() {
        Random r = new Random(1);
        values = r.longs(LONGS, -1000, 1000).toArray();
        words = r.ints(OBJECTS, 0, 1_000_000).mapToObj(Integer::toString).toList();
        unsorted = r.longs(SORT).toArray();
        weft = WeftPool.builder().parallelism(workers).name("jmh-par").build();
        fjp = new ForkJoinPool(workers);
        check(serialSum() == weftSum() && serialSum() == fjpSum(), "sum");
        check(serialCollect().equals(weftCollect()) && serialCollect().equals(fjpCollect()), "collect");
        long[] a = unsorted.clone();
        Arrays.sort(a);
        check(Arrays.equals(a, weftSort()) && Arrays.equals(a, fjpSort()), "sort");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what + ": answers differ");
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        weft.close();
        fjp.close();
    }

    @Benchmark
    public long serialSum() {
        return Arrays.stream(values).map(x -> x * x).sum();
    }

    @Benchmark
    public long weftSum() {
        return weft.invoke(() -> Par.of(values).map(x -> x * x).sum());
    }

    @Benchmark
    public long fjpSum() {
        return fjp.submit(() -> Arrays.stream(values).parallel().map(x -> x * x).sum()).join();
    }

    @Benchmark
    public List<Integer> serialCollect() {
        return words.stream().filter(w -> w.length() > 5).map(String::hashCode).collect(Collectors.toList());
    }

    @Benchmark
    public List<Integer> weftCollect() {
        return weft.invoke(() -> Par.of(words).filter(w -> w.length() > 5).map(String::hashCode).collect(Collectors.toList()));
    }

    @Benchmark
    public List<Integer> fjpCollect() {
        return fjp.submit(() -> words.parallelStream().filter(w -> w.length() > 5).map(String::hashCode).collect(Collectors.toList())).join();
    }

    @Benchmark
    public long[] serialSort() {
        long[] a = unsorted.clone();
        Arrays.sort(a);
        return a;
    }

    @Benchmark
    public long[] weftSort() {
        long[] a = unsorted.clone();
        weft.run(() -> Par.sort(a));
        return a;
    }

    @Benchmark
    public long[] fjpSort() {
        long[] a = unsorted.clone();
        fjp.submit(() -> Arrays.parallelSort(a)).join();
        return a;
    }
}
