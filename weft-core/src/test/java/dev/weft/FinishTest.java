package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FinishTest extends SharedPools {
    /** X10's fib: finish { async a = fib(n-1); b = fib(n-2) }. */
    static long fib(int n) {
        if (n < 2) {
            return n;
        }
        long[] r = new long[2];
        Weft.finish(() -> {
            Weft.async(() -> r[0] = fib(n - 1));
            r[1] = fib(n - 2);
        });
        return r[0] + r[1];
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void finishWaitsForEveryAsync(int p) {
        assertEquals(6765L, pool(p).invoke(() -> fib(20)));
        LongAdder count = new LongAdder();
        pool(p).run(() -> Weft.finish(() -> {
            for (int i = 0; i < 50_000; i++) {
                Weft.async(count::increment);
            }
        }));
        assertEquals(50_000, count.sum());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void asyncsStartedInsideAsyncsBelongToTheSameScope(int p) {
        AtomicInteger leaves = new AtomicInteger();
        pool(p).run(() -> Weft.finish(() -> spawnTree(leaves, 12)));
        assertEquals(1 << 12, leaves.get());
    }

    private static void spawnTree(AtomicInteger leaves, int depth) {
        if (depth == 0) {
            leaves.incrementAndGet();
            return;
        }
        Weft.async(() -> spawnTree(leaves, depth - 1));
        Weft.async(() -> spawnTree(leaves, depth - 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void nestedScopesEachWaitForTheirOwn(int p) {
        AtomicLong sum = new AtomicLong();
        pool(p).run(() -> Weft.finish(() -> {
            for (int i = 0; i < 100; i++) {
                int k = i;
                Weft.async(() -> {
                    AtomicInteger inner = new AtomicInteger();
                    Weft.finish(() -> {
                        for (int j = 0; j < 100; j++) {
                            Weft.async(inner::incrementAndGet);
                        }
                    });
                    assertEquals(100, inner.get()); // the inner finish has waited
                    sum.addAndGet(k);
                });
            }
        }));
        assertEquals(4950, sum.get());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void everyAsyncFailureIsReportedAndTheRestStillRun(int p) {
        AtomicInteger ok = new AtomicInteger();
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> pool(p).run(() -> Weft.finish(() -> {
            for (int i = 0; i < 1000; i++) {
                int k = i;
                Weft.async(() -> {
                    if (k % 100 == 0) {
                        throw new IllegalStateException("async " + k);
                    }
                    ok.incrementAndGet();
                });
            }
        })));
        assertEquals(990, ok.get());
        Set<String> messages = new HashSet<>();
        messages.add(e.getCause().getMessage());
        for (Throwable s : e.getSuppressed()) {
            messages.add(s.getMessage());
        }
        assertEquals(10, messages.size(), messages.toString());
    }

    @Test
    void bodyFailureStillWaitsForAsyncs() {
        AtomicInteger ran = new AtomicInteger();
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> p4.run(() -> Weft.finish(() -> {
            for (int i = 0; i < 100; i++) {
                Weft.async(ran::incrementAndGet);
            }
            throw new UnsupportedOperationException("body");
        })));
        assertEquals("body", e.getCause().getMessage());
        assertEquals(100, ran.get());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void cancelSkipsAsyncsThatHaveNotStarted(int p) {
        AtomicInteger ran = new AtomicInteger();
        AtomicReference<Finish> scope = new AtomicReference<>();
        pool(p).run(() -> Weft.finish(f -> {
            scope.set(f);
            for (int i = 0; i < 10_000; i++) {
                Weft.async(() -> {
                    if (ran.incrementAndGet() == 10) {
                        f.cancel();
                    }
                });
            }
        }));
        assertTrue(scope.get().isCancelled());
        assertTrue(ran.get() < 10_000, "cancelled asyncs must not all run: " + ran.get());
    }

    @Test
    void asyncOutsideFinishIsAnError() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Weft.async(() -> { }));
        assertTrue(e.getMessage().contains("finish"), e.getMessage());
        assertInstanceOf(IllegalStateException.class,
                assertThrows(TaskFailedException.class, () -> p4.run(() -> Weft.async(() -> { }))).getCause());
        assertThrows(NullPointerException.class, () -> Weft.finish((Runnable) null));
    }

    @Test
    void finishFromOutsideAPoolRunsInTheCommonPool() {
        Set<String> threads = ConcurrentHashMap.newKeySet();
        Weft.finish(() -> {
            for (int i = 0; i < 100; i++) {
                Weft.async(() -> threads.add(Thread.currentThread().getName()));
            }
        });
        assertFalse(threads.isEmpty());
        assertTrue(threads.stream().allMatch(n -> n.startsWith("weft-common")), threads.toString());
    }

    @Test
    void asyncsInsideAStolenJoinHalfJoinTheEnclosingScope() {
        // Regression: a thief completed a stolen half before running the asyncs it had left private,
        // so the scope saw no outstanding work and returned early.
        AtomicInteger n = new AtomicInteger();
        for (int round = 0; round < 200; round++) {
            n.set(0);
            p4.run(() -> Weft.finish(() -> Weft.join(
                    () -> { for (int i = 0; i < 200; i++) { Weft.async(n::incrementAndGet); } },
                    () -> { for (int i = 0; i < 200; i++) { Weft.async(n::incrementAndGet); } })));
            assertEquals(400, n.get());
        }
    }
}
