package dev.weft.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

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

    @Test
    void parallelForBenchmarksRun() {
        // The *Consume forms differ only in their body; a Blackhole outside JMH would print warnings.
        ParallelForElement b = new ParallelForElement();
        b.start();
        try {
            b.weftEmpty();
            b.fjpStreamEmpty();
            b.fjpRangeEmpty();
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
