package dev.weft.bench.jmh;

import dev.weft.Weft;
import dev.weft.WeftPool;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Nanoseconds per element of a parallel loop over {@value #N} indices in a pool of one worker: what the
 * loop construct itself costs when there is nobody to share with.
 *
 * <ul>
 *   <li>{@code *Empty}: the body is an empty {@link IntConsumer}. The JIT may delete the per-element work
 *       entirely, so these measure the loop's own bookkeeping (chunking, polls, task splitting) spread
 *       over the elements.</li>
 *   <li>{@code *Consume}: the body hands the index to a {@link Blackhole}, which the JIT cannot delete;
 *       {@link #serialConsume} is the plain {@code for} loop with that body, the baseline to subtract.</li>
 * </ul>
 *
 * <p>Weft: {@code Weft.parallelFor(0, N, body)} (no grain size: on one worker it runs chunks that double
 * up to {@code N / 8} and polls between them). ForkJoinPool, two idioms: {@code fjpStream*} is
 * {@code IntStream.range(0, N).parallel().forEach(body)} run inside the pool (a stream started from a
 * worker splits into that worker's pool), and {@code fjpRange*} a {@code RecursiveAction} that halves its
 * range down to a fixed cutoff of {@value #GRAIN} indices, fork/compute/join at each split.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ParallelForElement {
    static final int N = 1 << 20;
    /** The ForkJoinPool range task's cutoff: a typical fixed grain for a cheap body. */
    static final int GRAIN = 1024;
    static final IntConsumer EMPTY = i -> { };

    /** Not final, so the JIT cannot specialise the loops for a constant bound. */
    int n = N;
    WeftPool weft;
    ForkJoinPool fjp;

    @Setup(Level.Trial)
    public void start() {
        weft = WeftPool.builder().parallelism(1).name("jmh-for").build();
        fjp = new ForkJoinPool(1);
    }

    @TearDown(Level.Trial)
    public void stop() {
        weft.close();
        fjp.close();
    }

    // The three loops, shared by the Empty and Consume forms; the test runs them with a counting body.

    void weftLoop(IntConsumer body) {
        int k = n;
        weft.run(() -> Weft.parallelFor(0, k, body));
    }

    void fjpStreamLoop(IntConsumer body) {
        int k = n;
        fjp.submit(() -> IntStream.range(0, k).parallel().forEach(body)).join();
    }

    void fjpRangeLoop(IntConsumer body) {
        fjp.invoke(new Range(0, n, body));
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void weftEmpty() {
        weftLoop(EMPTY);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void fjpStreamEmpty() {
        fjpStreamLoop(EMPTY);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void fjpRangeEmpty() {
        fjpRangeLoop(EMPTY);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void serialConsume(Blackhole bh) {
        IntConsumer body = bh::consume;
        for (int i = 0, k = n; i < k; i++) {
            body.accept(i);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void weftConsume(Blackhole bh) {
        weftLoop(bh::consume);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void fjpStreamConsume(Blackhole bh) {
        fjpStreamLoop(bh::consume);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void fjpRangeConsume(Blackhole bh) {
        fjpRangeLoop(bh::consume);
    }

    /** The ForkJoinPool loop as Lea's framework teaches it: halve, fork one half, compute the other. */
    static final class Range extends RecursiveAction {
        private final int lo;
        private final int hi;
        private final IntConsumer body;

        Range(int lo, int hi, IntConsumer body) {
            this.lo = lo;
            this.hi = hi;
            this.body = body;
        }

        @Override
        protected void compute() {
            if (hi - lo <= GRAIN) {
                for (int i = lo; i < hi; i++) {
                    body.accept(i);
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            Range left = new Range(lo, mid, body);
            left.fork();
            new Range(mid, hi, body).compute();
            left.join();
        }
    }
}
