package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JoinTest {
    static WeftPool p1;
    static WeftPool p2;
    static WeftPool p8;

    @BeforeAll
    static void pools() {
        p1 = new WeftPool(1);
        p2 = new WeftPool(2);
        p8 = new WeftPool(8);
    }

    @AfterAll
    static void close() {
        p1.close();
        p2.close();
        p8.close();
    }

    static WeftPool pool(int p) {
        return p == 1 ? p1 : p == 2 ? p2 : p8;
    }

    static int fib(int n) {
        return n < 2 ? n : Weft.joinInt(JoinTest::fib, n - 1, n - 2, Integer::sum);
    }

    static long fibL(long n) {
        return n < 2 ? n : Weft.joinLong(JoinTest::fibL, n - 1, n - 2, Long::sum);
    }

    /** Splits n into halves down to ones and adds them back up: returns n; exercises the double form. */
    static double halves(double n) {
        if (n <= 1) {
            return n;
        }
        double half = Math.floor(n / 2);
        return Weft.joinDouble(JoinTest::halves, half, n - half, Double::sum);
    }

    static int serialFib(int n) {
        return n < 2 ? n : serialFib(n - 1) + serialFib(n - 2);
    }

    static int fibLambda(int n) {
        if (n < 2) {
            return n;
        }
        return Weft.joinInt(() -> fibLambda(n - 1), () -> fibLambda(n - 2), Integer::sum);
    }

    static long fibSupplier(int n) {
        if (n < 2) {
            return n;
        }
        return Weft.join(() -> fibSupplier(n - 1), () -> fibSupplier(n - 2), Long::sum);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void functionFormsComputeTheSerialResult(int p) {
        assertEquals(serialFib(24), pool(p).invoke(() -> fib(24)));
        assertEquals(serialFib(24), pool(p).invoke(() -> fibL(24)));
        // sum of halves of n is n; checks the double form splits and combines correctly
        assertEquals(100_000.0, pool(p).invoke(() -> halves(100_000)), 0.0);
    }

    static final double EPS = 1e-6;

    static double f(double x) {
        return (x * x + 1.0) * x;
    }

    /** Adaptive quadrature, serial: the kernel of the multi-argument forms' tests. */
    static double areaSerial(double l, double r, double fl, double fr, double a) {
        double m = (l + r) * 0.5;
        double fm = f(m);
        double al = (fl + fm) * (m - l) * 0.5;
        double ar = (fm + fr) * (r - m) * 0.5;
        if (Math.abs(al + ar - a) <= EPS) {
            return al + ar;
        }
        return areaSerial(l, m, fl, fm, al) + areaSerial(m, r, fm, fr, ar);
    }

    static double area5(double l, double r, double fl, double fr, double a) {
        double m = (l + r) * 0.5;
        double fm = f(m);
        double al = (fl + fm) * (m - l) * 0.5;
        double ar = (fm + fr) * (r - m) * 0.5;
        if (Math.abs(al + ar - a) <= EPS) {
            return al + ar;
        }
        return Weft.joinDouble(JoinTest::area5, l, m, fl, fm, al, m, r, fm, fr, ar, Double::sum);
    }

    /** Sum of g over the integers in [lo, hi), split in halves: the 2-, 3- and 4-argument forms. */
    static double sum2(double lo, double hi) {
        if (hi - lo <= 1) {
            return lo * lo;
        }
        double mid = Math.floor((lo + hi) / 2);
        return Weft.joinDouble(JoinTest::sum2, lo, mid, mid, hi, Double::sum);
    }

    static double sum3(double lo, double hi, double scale) {
        if (hi - lo <= 1) {
            return scale * lo;
        }
        double mid = Math.floor((lo + hi) / 2);
        return Weft.joinDouble(JoinTest::sum3, lo, mid, scale, mid, hi, scale, Double::sum);
    }

    static double sum4(double lo, double hi, double scale, double offset) {
        if (hi - lo <= 1) {
            return scale * lo + offset;
        }
        double mid = Math.floor((lo + hi) / 2);
        return Weft.joinDouble(JoinTest::sum4, lo, mid, scale, offset, mid, hi, scale, offset, Double::sum);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void multiArgumentDoubleFormsComputeTheSerialResult(int p) {
        double expect = areaSerial(0, 100, f(0), f(100), 0);
        assertEquals(expect, pool(p).invoke(() -> area5(0, 100, f(0), f(100), 0)), 0.0); // same additions, same order
        int n = 50_000;
        double squares = 0;
        for (int i = 0; i < n; i++) {
            squares += (double) i * i;
        }
        assertEquals(squares, pool(p).invoke(() -> sum2(0, n)), 1e-3);
        assertEquals(2.0 * n * (n - 1) / 2, pool(p).invoke(() -> sum3(0, n, 2.0)), 1e-6);
        assertEquals(2.0 * n * (n - 1) / 2 + n, pool(p).invoke(() -> sum4(0, n, 2.0, 1.0)), 1e-6);
    }

    @Test
    void multiArgumentFormsReportFailures() {
        Weft.DoubleOperator5[] k = new Weft.DoubleOperator5[1];
        k[0] = (a, b, c, d, e) -> {
            if (a >= 7) {
                throw new IllegalStateException("deep " + a);
            }
            return Weft.joinDouble(k[0], a + 1, b, c, d, e, a + 2, b, c, d, e, Double::sum);
        };
        TaskFailedException ex = assertThrows(TaskFailedException.class, () -> p8.invoke(() -> k[0].applyAsDouble(0, 0, 0, 0, 0)));
        assertInstanceOf(IllegalStateException.class, ex.getCause());
        assertThrows(NullPointerException.class, () -> Weft.joinDouble((Weft.DoubleOperator3) null, 1, 2, 3, 4, 5, 6, Double::sum));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void lambdaFormsComputeTheSerialResult(int p) {
        assertEquals(serialFib(22), pool(p).invoke(() -> fibLambda(22)));
        assertEquals((long) serialFib(22), pool(p).invoke(() -> fibSupplier(22)));
        assertEquals(7L, pool(p).invoke(() -> Weft.joinLong(() -> 3L, () -> 4L, Long::sum)));
        assertEquals(0.5, pool(p).invoke(() -> Weft.joinDouble(() -> 1.0, () -> 2.0, (a, b) -> a / b)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void runnableJoinRunsBothHalvesExactlyOnce(int p) {
        int[] hits = new int[1 << 14];
        pool(p).run(() -> touch(hits, 0, hits.length));
        for (int h : hits) {
            assertEquals(1, h);
        }
    }

    private static void touch(int[] a, int lo, int hi) {
        if (hi - lo == 1) {
            a[lo]++;
            return;
        }
        int mid = (lo + hi) >>> 1;
        Weft.join(() -> touch(a, lo, mid), () -> touch(a, mid, hi));
    }

    @Test
    void combineSeesLeftThenRight() {
        // combine(fn(x), fn(y)) keeps operand order even though fn(y) runs first
        String r = p2.invoke(() -> Weft.join(() -> "left", () -> "right", (a, b) -> a + "," + b));
        assertEquals("left,right", r);
        assertEquals(-1, p2.invoke(() -> Weft.joinInt(x -> x, 1, 2, (a, b) -> a - b)));
    }

    @Test
    void callsFromOutsideAnyPoolRunInTheCommonPool() {
        assertEquals(serialFib(20), fib(20));
        assertEquals(serialFib(20), fibLambda(20));
        int[] a = new int[64];
        touch(a, 0, a.length);
        assertTrue(Arrays.stream(a).allMatch(x -> x == 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void failureOfEitherHalfReachesTheJoiner(int p) {
        IllegalStateException boom = new IllegalStateException("boom");
        TaskFailedException right = assertThrows(TaskFailedException.class,
                () -> pool(p).invoke(() -> Weft.joinInt(() -> 1, () -> { throw boom; }, Integer::sum)));
        assertSame(boom, right.getCause());
        TaskFailedException left = assertThrows(TaskFailedException.class,
                () -> pool(p).invoke(() -> Weft.joinInt(() -> { throw boom; }, () -> 1, Integer::sum)));
        assertSame(boom, left.getCause());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void failureDeepInRecursionIsWrappedOnce(int p) {
        IntUnaryOperator[] f = new IntUnaryOperator[1];
        f[0] = n -> {
            if (n == 3) {
                throw new ArithmeticException("at 3");
            }
            return n < 2 ? n : Weft.joinInt(f[0], n - 1, n - 2, Integer::sum);
        };
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> pool(p).invoke(() -> f[0].applyAsInt(25)));
        assertInstanceOf(ArithmeticException.class, e.getCause());
        assertEquals("at 3", e.getCause().getMessage());
    }

    @Test
    void bothHalvesFailingKeepsTheSecondAsSuppressed() throws Exception {
        // The left half is published and stolen while the right half waits for it, then both throw.
        java.util.concurrent.CountDownLatch leftStarted = new java.util.concurrent.CountDownLatch(1);
        RuntimeException leftEx = new RuntimeException("left");
        RuntimeException rightEx = new RuntimeException("right");
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> p2.invoke(() -> Weft.joinInt(
                () -> {
                    leftStarted.countDown();
                    throw leftEx;
                },
                () -> {
                    // Wait until the left half ran on the other worker (stealing needs a poll:
                    // keep forking tiny joins until it happened).
                    while (leftStarted.getCount() > 0) {
                        Weft.joinInt(x -> x, 1, 1, Integer::sum);
                    }
                    throw rightEx;
                }, Integer::sum)));
        assertSame(rightEx, e.getCause());
        assertEquals(1, e.getSuppressed().length);
        assertSame(leftEx, e.getSuppressed()[0]);
    }

    @Test
    void nullArgumentsAreRejectedWithClearMessages() {
        IntUnaryOperator id = x -> x;
        IntBinaryOperator sum = Integer::sum;
        TaskFailedException wrapped = assertThrows(TaskFailedException.class, () -> p1.invoke(() -> Weft.joinInt(null, 1, 2, sum)));
        NullPointerException e = assertInstanceOf(NullPointerException.class, wrapped.getCause());
        assertEquals("fn", e.getMessage());
        assertThrows(NullPointerException.class, () -> Weft.joinInt(null, 1, 2, sum));
        assertThrows(NullPointerException.class, () -> Weft.joinInt(id, 1, 2, null));
        assertThrows(NullPointerException.class, () -> Weft.join(null, () -> { }));
        assertThrows(NullPointerException.class, () -> Weft.join(() -> 1, null, (a, b) -> a));
    }

    @Test
    void stealsHappenWithTwoWorkersAndResultsStayCorrect() {
        WeftPool pool = new WeftPool(2);
        try {
            for (int i = 0; i < 20; i++) {
                assertEquals(serialFib(27), pool.invoke(() -> fib(27)));
            }
            PoolStats st = pool.stats();
            assertTrue(st.total().steals() > 0, st.toString());
            assertEquals(st.total().tasksForked() + st.total().submissionsRun(), st.tasks());
        } finally {
            pool.close();
        }
    }

    @Test
    void pendingArraysAreRenewedAfterGarbageCollections() {
        // Forks that store objects keep working across collections, and workers renew their arrays.
        WeftPool pool = new WeftPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                assertEquals((long) serialFib(21), pool.invoke(() -> {
                    System.gc();
                    return fibSupplier(21);
                }));
            }
            long renewals = 0;
            for (Worker w : pool.workforce.workers) {
                renewals += w.pending.renewals;
            }
            assertTrue(renewals > 0, "no worker renewed its pending array after GC");
        } finally {
            pool.close();
        }
    }

    @Test
    void failedHalfDoesNotLeavePendingWork() {
        AtomicInteger ran = new AtomicInteger();
        for (int i = 0; i < 100; i++) {
            assertThrows(TaskFailedException.class, () -> p8.invoke(() -> Weft.joinInt(
                    () -> { ran.incrementAndGet(); return 1; },
                    () -> { throw new IllegalArgumentException(); }, Integer::sum)));
        }
        // The left halves either never ran (dropped) or ran once; the pool is still healthy.
        assertTrue(ran.get() <= 100);
        assertEquals(serialFib(20), p8.invoke(() -> fib(20)));
    }
}
