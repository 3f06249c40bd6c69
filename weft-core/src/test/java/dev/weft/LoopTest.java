package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LoopTest extends SharedPools {
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void everyIndexRunsExactlyOnce(int p) {
        for (int n : new int[] {0, 1, 2, 3, 17, 1000, 100_003}) {
            AtomicIntegerArray hits = new AtomicIntegerArray(n);
            pool(p).run(() -> Weft.parallelFor(0, n, hits::incrementAndGet));
            for (int i = 0; i < n; i++) {
                assertEquals(1, hits.get(i), "index " + i + " of " + n);
            }
        }
    }

    @Test
    void rangesNeedNotStartAtZeroAndMayBeEmptyOrNegative() {
        AtomicIntegerArray hits = new AtomicIntegerArray(20);
        p4.run(() -> Weft.parallelFor(-10, 10, i -> hits.incrementAndGet(i + 10)));
        for (int i = 0; i < 20; i++) {
            assertEquals(1, hits.get(i));
        }
        LongAdder none = new LongAdder();
        p4.run(() -> Weft.parallelFor(5, 5, i -> none.increment()));
        p4.run(() -> Weft.parallelFor(5, -5, i -> none.increment()));
        assertEquals(0, none.sum());
    }

    @Test
    void longRangesBeyondIntegerRange() {
        long from = Integer.MAX_VALUE - 500L;
        long to = Integer.MAX_VALUE + 500L;
        LongAdder sum = new LongAdder();
        LongAdder count = new LongAdder();
        p4.run(() -> Weft.parallelForLong(from, to, i -> {
            sum.add(i - from);
            count.increment();
        }));
        assertEquals(1000, count.sum());
        assertEquals(999L * 1000 / 2, sum.sum());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void reductionsMatchTheSerialResult(int p) {
        int n = 1_000_000;
        assertEquals((long) n * (n - 1) / 2, pool(p).invoke(() -> Weft.parallelReduceLong(0, n, 0L, i -> i, Long::sum)));
        assertEquals(n, pool(p).invoke(() -> Weft.parallelReduceInt(0, n, 0, i -> 1, Integer::sum)));
        assertEquals(n, pool(p).invoke(() -> Weft.parallelReduceDouble(0, n, 0.0, i -> 1.0, Double::sum)), 0.0);
        assertEquals(Integer.valueOf(n - 1), pool(p).invoke(() -> Weft.parallelReduce(0, n, Integer.MIN_VALUE, i -> i, Math::max)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void reductionKeepsOperandOrder(int p) {
        // String concatenation is associative but not commutative.
        int n = 3000;
        StringBuilder expect = new StringBuilder();
        for (int i = 0; i < n; i++) {
            expect.append(i % 10);
        }
        for (int round = 0; round < 10; round++) {
            String got = pool(p).invoke(() -> Weft.parallelReduce(0, n, "", i -> Integer.toString(i % 10), String::concat));
            assertEquals(expect.toString(), got);
        }
    }

    @Test
    void nestedLoopsAndReductionsInsideLoops() {
        int n = 300;
        long total = p4.invoke(() -> Weft.parallelReduceLong(0, n, 0L,
                i -> Weft.parallelReduceLong(0, n, 0L, j -> (long) i * j, Long::sum), Long::sum));
        long s = (long) n * (n - 1) / 2;
        assertEquals(s * s, total);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void bodyFailureIsReportedAndOtherChunksStop(int p) {
        LongAdder ran = new LongAdder();
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> pool(p).run(() ->
                Weft.parallelFor(0, 1_000_000, i -> {
                    ran.increment();
                    if (i == 777) {
                        throw new IllegalStateException("index 777");
                    }
                })));
        assertEquals("index 777", e.getCause().getMessage());
        assertTrue(ran.sum() <= 1_000_000);
    }

    @Test
    void loopsSplitWhenWorkersAreHungry() {
        WeftPool pool = new WeftPool(4);
        try {
            LongAdder sum = new LongAdder();
            for (int round = 0; round < 20; round++) {
                pool.run(() -> Weft.parallelFor(0, 20_000, i -> {
                    double x = 0;
                    for (int k = 0; k < 200; k++) {
                        x += Math.sqrt(i + k);
                    }
                    sum.add((long) x);
                }));
            }
            assertTrue(pool.stats().total().steals() > 0, pool.stats().toString());
        } finally {
            pool.close();
        }
    }

    @Test
    void nullBodiesAreRejected() {
        assertThrows(NullPointerException.class, () -> Weft.parallelFor(0, 10, null));
        assertThrows(NullPointerException.class, () -> Weft.parallelReduceInt(0, 10, 0, null, Integer::sum));
        assertThrows(NullPointerException.class, () -> Weft.parallelReduceInt(0, 10, 0, i -> i, null));
    }

    /**
     * A loop of a few long iterations runs them at once when other workers are idle: the loop's first
     * poll comes before its first chunk, as every fork's does, so an idle worker's standing request gets
     * the upper half at the start. (With the first poll after the first chunk, a 2-iteration loop ran its
     * halves one after the other: iteration 0 here would wait for iteration 1 forever.) Also through a
     * parallel iterator, which runs on the same loops. Each loop starts once the other worker has asked
     * this one for work (its signal is set): a worker that asks only after the start is answered at the
     * next chunk's end, which is a limit of lazy splitting this test does not cover.
     */
    @Test
    void aLoopOfTwoLongIterationsRunsThemAtOnceOnTwoWorkers() throws Exception {
        try (WeftPool pool = new WeftPool(2)) {
            for (int round = 0; round < 20; round++) {
                CountDownLatch both = new CountDownLatch(2);
                pool.run(() -> {
                    awaitAsked();
                    Weft.parallelFor(0, 2, i -> awaitTogether(both, "parallelFor"));
                });
                CountDownLatch both2 = new CountDownLatch(2);
                pool.run(() -> {
                    awaitAsked();
                    Par.range(0, 2).forEach(i -> awaitTogether(both2, "Par.range"));
                });
            }
        }
    }

    /** Waits until another worker has asked the calling one for work (a thief, or a parker's standing request). */
    private static void awaitAsked() {
        Worker w = Worker.current();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (w.signal() == 0) {
            assertTrue(System.nanoTime() - deadline < 0, "the idle worker never asked for work");
            Thread.onSpinWait();
        }
    }

    private static void awaitTogether(CountDownLatch both, String what) {
        both.countDown();
        try {
            assertTrue(both.await(10, TimeUnit.SECONDS),
                    what + ": the other iteration did not start while this one ran");
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
