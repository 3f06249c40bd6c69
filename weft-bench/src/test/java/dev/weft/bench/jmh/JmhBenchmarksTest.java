package dev.weft.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * The JMH benchmarks' bodies compute what they claim (no JMH run here: ./weft jmh runs them). The
 * operation counts they report per invocation must match the work they do, or every score is off.
 */
class JmhBenchmarksTest {
    static int fibCalls(int n) {
        return n < 2 ? 0 : 1 + fibCalls(n - 1) + fibCalls(n - 2);
    }

    @Test
    void forkJoinPairCountsItsPairsAndComputesFib() {
        assertEquals(ForkJoinPair.PAIRS_PER_FIB, fibCalls(ForkJoinPair.N));
        ForkJoinPair b = new ForkJoinPair();
        b.start();
        try {
            int expected = ForkJoinPair.REPS * 6765; // fib(20)
            assertEquals(expected, b.serial());
            assertEquals(expected, b.weftJoinInt());
            assertEquals(expected, b.weftTask());
            assertEquals(expected, b.weftSupplier());
            assertEquals(expected, b.weftIntSupplier());
            assertEquals(expected, b.fjpTask());
            assertEquals(expected, b.fjpAction());
        } finally {
            b.stop();
        }
    }

    /**
     * Each loop of the parallel-for benchmarks visits every index of 0..N exactly once (what
     * {@code @OperationsPerInvocation(N)} divides by), every benchmark method declares N, and the Empty
     * forms run the loop they are named for with the empty body. (The Consume forms pass a Blackhole's
     * consume to the same loops; a Blackhole outside JMH would print warnings.)
     */
    @Test
    void parallelForLoopsVisitEveryIndexOnceAndCountN() throws Exception {
        List<String> calls = new ArrayList<>();
        ParallelForElement b = new ParallelForElement() {
            @Override
            void weftLoop(IntConsumer body) {
                calls.add("weft" + (body == EMPTY ? " empty" : ""));
                super.weftLoop(body);
            }

            @Override
            void fjpStreamLoop(IntConsumer body) {
                calls.add("fjpStream" + (body == EMPTY ? " empty" : ""));
                super.fjpStreamLoop(body);
            }

            @Override
            void fjpRangeLoop(IntConsumer body) {
                calls.add("fjpRange" + (body == EMPTY ? " empty" : ""));
                super.fjpRangeLoop(body);
            }
        };
        assertEquals(ParallelForElement.N, b.n);
        int benchmarks = 0;
        for (Method m : ParallelForElement.class.getDeclaredMethods()) {
            if (m.isAnnotationPresent(Benchmark.class)) {
                benchmarks++;
                OperationsPerInvocation ops = m.getAnnotation(OperationsPerInvocation.class);
                assertTrue(ops != null && ops.value() == ParallelForElement.N, m.getName() + " does not count N operations");
            }
        }
        assertEquals(7, benchmarks);
        b.start();
        try {
            b.weftEmpty();
            b.fjpStreamEmpty();
            b.fjpRangeEmpty();
            assertEquals(List.of("weft empty", "fjpStream empty", "fjpRange empty"), calls);
            Map<String, Runnable> loops = new LinkedHashMap<>();
            AtomicIntegerArray hits = new AtomicIntegerArray(b.n);
            loops.put("weft", () -> b.weftLoop(hits::incrementAndGet));
            loops.put("fjpStream", () -> b.fjpStreamLoop(hits::incrementAndGet));
            loops.put("fjpRange", () -> b.fjpRangeLoop(hits::incrementAndGet));
            for (Map.Entry<String, Runnable> loop : loops.entrySet()) {
                for (int i = 0; i < b.n; i++) {
                    hits.set(i, 0);
                }
                loop.getValue().run();
                for (int i = 0; i < b.n; i++) {
                    int h = hits.get(i);
                    if (h != 1) {
                        throw new AssertionError(loop.getKey() + " loop ran index " + i + " " + h + " times");
                    }
                }
            }
        } finally {
            b.stop();
        }
    }

    @Test
    void rangeTaskVisitsEveryIndexOnce() {
        int n = 10_000;
        AtomicIntegerArray hits = new AtomicIntegerArray(n);
        try (ForkJoinPool p = new ForkJoinPool(2)) {
            p.invoke(new ParallelForElement.Range(0, n, hits::incrementAndGet));
        }
        for (int i = 0; i < n; i++) {
            assertEquals(1, hits.get(i), "index " + i);
        }
    }

    @Test
    void everyHandoverIsAStealAndIsTimed() {
        LatencyHistogram oneWay = new LatencyHistogram();
        LatencyHistogram roundTrip = new LatencyHistogram();
        try (WeftPool weft = WeftPool.builder().parallelism(2).name("jmh-test").build()) {
            weft.resetStats();
            assertEquals(50, (int) weft.invoke(() -> StealHandover.weftHandovers(50, 0, oneWay, roundTrip)));
            assertEquals(3, (int) weft.invoke(() -> StealHandover.weftHandovers(3, 100_000, oneWay, roundTrip)));
            assertTrue(weft.stats().total().steals() >= 53, "each marker ran on the other worker: " + weft.stats());
        }
        try (ForkJoinPool fjp = new ForkJoinPool(2)) {
            long before = fjp.getStealCount();
            assertEquals(50, (int) fjp.invoke(new StealHandover.FjpHandovers(50, 0, oneWay, roundTrip)));
            assertEquals(3, (int) fjp.invoke(new StealHandover.FjpHandovers(3, 100_000, oneWay, roundTrip)));
            assertTrue(fjp.getStealCount() - before >= 53, "steals: " + (fjp.getStealCount() - before));
        }
        assertEquals(106, oneWay.count());
        assertEquals(106, roundTrip.count());
        assertTrue(oneWay.percentile(0.5) > 0 && roundTrip.mean() >= oneWay.mean());
    }

    @Test
    void histogramBucketsAreContiguousAndPercentilesClose() {
        long expectLower = 0;
        for (int i = 0; i < 300; i++) {
            assertEquals(expectLower, LatencyHistogram.lower(i), "bucket " + i);
            assertEquals(i, LatencyHistogram.index(LatencyHistogram.lower(i)));
            assertEquals(i, LatencyHistogram.index(LatencyHistogram.lower(i) + LatencyHistogram.width(i) - 1));
            expectLower += LatencyHistogram.width(i);
        }
        LatencyHistogram h = new LatencyHistogram();
        for (int v = 1; v <= 100_000; v++) {
            h.record(v);
        }
        assertEquals(50_000, h.percentile(0.5), 50_000 / 16.0);
        assertEquals(99_000, h.percentile(0.99), 99_000 / 16.0);
        assertEquals(50_000.5, h.mean(), 1e-9);
    }
}
