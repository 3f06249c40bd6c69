package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PoolTest {
    @Test
    void poolSizeAndActiveWorkersCountWhatRunsNow() throws Exception {
        try (WeftPool pool = new WeftPool(3)) {
            assertEquals(3, pool.poolSize());
            CountDownLatch running = new CountDownLatch(2);
            CountDownLatch release = new CountDownLatch(1);
            for (int i = 0; i < 2; i++) {
                pool.execute(() -> {
                    running.countDown();
                    try {
                        Weft.blocking(() -> release.await(10, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            assertTrue(running.await(10, TimeUnit.SECONDS));
            // Two workers are blocked in tasks; blocking may have added temporary workers.
            assertTrue(pool.activeWorkers() >= 2, "active " + pool.activeWorkers());
            assertTrue(pool.poolSize() >= 3);
            release.countDown();
            assertTrue(pool.awaitQuiescence(10, TimeUnit.SECONDS));
            assertEquals(0, pool.activeWorkers(), "a quiescent pool runs nothing");
        }
    }

    @Test
    void parallelismMustBePositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WeftPool(0));
        assertTrue(e.getMessage().contains("parallelism"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new WeftPool(-3));
        assertThrows(IllegalArgumentException.class, () -> WeftPool.builder().maxBlockingWorkers(-1));
        assertThrows(IllegalArgumentException.class, () -> WeftPool.builder().stackSize(-1));
    }

    @Test
    void builderSettingsApply() throws Exception {
        try (WeftPool pool = WeftPool.builder().parallelism(3).name("custom").build()) {
            assertEquals(3, pool.parallelism());
            String name = pool.invoke(() -> Thread.currentThread().getName());
            assertTrue(name.startsWith("custom-worker-"), name);
            assertTrue(pool.invoke(() -> Thread.currentThread().isDaemon()));
        }
    }

    @Test
    void submissionsAfterShutdownAreRejected() throws Exception {
        WeftPool pool = new WeftPool(2);
        assertEquals(1, pool.invoke(() -> 1));
        pool.shutdown();
        assertTrue(pool.isShutdown());
        RejectedExecutionException e = assertThrows(RejectedExecutionException.class, () -> pool.invoke(() -> 1));
        assertTrue(e.getMessage().contains("shut down"), e.getMessage());
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
        assertThrows(RejectedExecutionException.class, () -> pool.submit(() -> 1));
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertTrue(pool.isTerminated());
    }

    @Test
    void shutdownLetsSubmittedWorkFinish() throws Exception {
        WeftPool pool = new WeftPool(2);
        AtomicInteger done = new AtomicInteger();
        List<Future<?>> fs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            fs.add(pool.submit(() -> {
                done.incrementAndGet();
                return null;
            }));
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(100, done.get());
        for (Future<?> f : fs) {
            assertTrue(f.isDone());
        }
    }

    @Test
    void shutdownNowReturnsWorkNobodyStarted() throws Exception {
        WeftPool pool = new WeftPool(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        pool.execute(() -> {
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(started.await(10, TimeUnit.SECONDS));
        List<Future<Integer>> queued = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            queued.add(pool.submit(() -> 1));
        }
        List<Runnable> never = pool.shutdownNow();
        assertEquals(10, never.size());
        release.countDown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        for (Future<Integer> f : queued) {
            assertTrue(f.isCancelled());
        }
    }

    @Test
    void closeWaitsForTermination() {
        WeftPool pool = new WeftPool(2);
        AtomicInteger n = new AtomicInteger();
        for (int i = 0; i < 1000; i++) {
            pool.execute(n::incrementAndGet);
        }
        pool.close();
        assertTrue(pool.isTerminated());
        assertEquals(1000, n.get());
    }

    @Test
    void executorServiceContract() throws Exception {
        try (ExecutorService ex = new WeftPool(4)) {
            List<Callable<Integer>> cs = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int k = i;
                cs.add(() -> k * k);
            }
            List<Future<Integer>> fs = ex.invokeAll(cs);
            for (int i = 0; i < 50; i++) {
                assertEquals(i * i, fs.get(i).get());
            }
            int any = ex.invokeAny(List.of(() -> { throw new IllegalStateException(); }, () -> 42));
            assertEquals(42, any);
            ExecutionException none = assertThrows(ExecutionException.class,
                    () -> ex.invokeAny(List.<Callable<Integer>>of(() -> { throw new IllegalStateException("x"); })));
            assertEquals("x", none.getCause().getMessage());
            Future<String> f = ex.submit(() -> { }, "value");
            assertEquals("value", f.get());
            Exception checked = new Exception("checked");
            ExecutionException ee = assertThrows(ExecutionException.class, () -> ex.submit(() -> { throw checked; }).get());
            assertSame(checked, ee.getCause());
            assertThrows(NullPointerException.class, () -> ex.submit((Callable<Integer>) null));
            assertThrows(NullPointerException.class, () -> ex.execute(null));
        }
    }

    @Test
    void executeFailuresGoToTheUncaughtExceptionHandler() throws Exception {
        List<Throwable> seen = new CopyOnWriteArrayList<>();
        CountDownLatch latch = new CountDownLatch(1);
        try (WeftPool pool = WeftPool.builder().parallelism(2).uncaughtExceptionHandler((t, e) -> {
            seen.add(e);
            latch.countDown();
        }).build()) {
            RuntimeException boom = new RuntimeException("boom");
            pool.execute(() -> { throw boom; });
            assertTrue(latch.await(10, TimeUnit.SECONDS));
            assertSame(boom, seen.get(0));
            assertEquals(3, pool.invoke(() -> 3)); // the worker survived
        }
    }

    @Test
    void workSubmittedFromAWorkerStaysLocalAndRuns() {
        try (WeftPool pool = new WeftPool(2)) {
            int r = pool.invoke(() -> {
                Task<Integer> inner = pool.submit(Task.of(() -> 5));
                Future<Integer> f = pool.submit(() -> 6);
                try {
                    return inner.join() + f.get();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertEquals(11, r);
            assertEquals(7, pool.invoke(() -> pool.invoke(() -> 7))); // nested invoke runs inline
        }
    }

    @Test
    void idlePoolParksAllWorkers() throws Exception {
        try (WeftPool pool = new WeftPool(4)) {
            for (int i = 0; i < 5; i++) {
                pool.invoke(() -> JoinTest.fib(22));
            }
            IdleWorkers.assertParkedAndQuiet(pool);
            // and they wake up for new work
            assertEquals(6765, pool.invoke(() -> JoinTest.fib(20)));
        }
    }

    @Test
    void statsCountWorkAndReset() {
        try (WeftPool pool = new WeftPool(2)) {
            pool.invoke(() -> JoinTest.fib(20));
            PoolStats s = pool.stats();
            assertTrue(s.total().tasksForked() >= 6764, s.toString());
            assertEquals(2, s.workers().size());
            assertTrue(s.toString().contains("steal ratio"));
            assertTrue(s.tasks() > 0);
            pool.resetStats();
            PoolStats r = pool.stats();
            assertEquals(0, r.total().tasksForked());
            assertEquals(0, r.total().steals());
        }
    }

    @Test
    void commonPoolIgnoresShutdown() {
        WeftPool c = WeftPool.common();
        c.shutdown();
        c.close();
        assertFalse(c.isShutdown());
        assertEquals(Set.of(1), Set.of(c.invoke(() -> 1)));
    }

    @Test
    void parallelismOneNeverDeadlocksOnNestedConstructs() {
        try (WeftPool pool = new WeftPool(1)) {
            long r = pool.invoke(() -> Weft.parallelReduceLong(0, 20, 0L, i -> {
                long[] box = new long[1];
                Weft.finish(() -> {
                    Weft.async(() -> box[0] = JoinTest.fib(10));
                    Weft.async(() -> Weft.parallelFor(0, 10, j -> Task.of(() -> j).fork().join()));
                });
                return box[0] + new TaskTest.Fib(8).invoke();
            }, Long::sum));
            assertEquals(20L * (55 + 21), r);
        }
    }
}
