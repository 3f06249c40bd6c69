package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BlockingTest {
    @Test
    void blockedWorkersPendingWorkRunsElsewhere() {
        // Parallelism 1: the task forks work that releases a latch, then blocks on it. Without
        // managed blocking this would deadlock; with it, the pending work is published and a
        // temporary worker runs it.
        try (WeftPool pool = new WeftPool(1)) {
            for (int round = 0; round < 20; round++) {
                int r = pool.invoke(() -> {
                    CountDownLatch latch = new CountDownLatch(1);
                    Task<Integer> release = Task.of(() -> {
                        latch.countDown();
                        return 1;
                    });
                    release.fork();
                    Latches.awaitBlocking(latch);
                    return release.join();
                });
                assertEquals(1, r);
            }
            assertTrue(pool.stats().total().blockedNanos() > 0);
        }
    }

    @Test
    void reachingTheSpareBoundIsNotAnError() throws Exception {
        try (WeftPool pool = WeftPool.builder().parallelism(1).maxBlockingWorkers(2).build()) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch blocked = new CountDownLatch(3);
            AtomicInteger done = new AtomicInteger();
            for (int i = 0; i < 8; i++) {
                pool.execute(() -> {
                    blocked.countDown();
                    Latches.awaitBlocking(release);
                    done.incrementAndGet();
                });
            }
            // The core worker and both spares block; the other five wait in the inbox, no exception.
            assertTrue(blocked.await(30, TimeUnit.SECONDS));
            assertEquals(3, pool.workers.length, "at most parallelism + maxBlockingWorkers threads");
            release.countDown();
            pool.shutdown();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
            assertEquals(8, done.get());
        }
    }

    @Test
    void otherWorkProceedsWhileTasksBlockUnderTheBound() throws Exception {
        try (WeftPool pool = WeftPool.builder().parallelism(1).maxBlockingWorkers(8).build()) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch blocked = new CountDownLatch(4);
            for (int i = 0; i < 4; i++) {
                pool.execute(() -> {
                    blocked.countDown();
                    Latches.awaitBlocking(release);
                });
            }
            assertTrue(blocked.await(30, TimeUnit.SECONDS));
            assertEquals(55, pool.invoke(() -> JoinTest.fib(10)));
            assertEquals(4, pool.stats().blockedWorkers());
            release.countDown();
        }
    }

    @Test
    void blockingOutsideAPoolJustRuns() throws Exception {
        assertEquals("x", Weft.blocking(() -> "x"));
    }

    @Test
    void blockingPropagatesTheActionsException() {
        try (WeftPool pool = new WeftPool(2)) {
            TaskFailedException e = org.junit.jupiter.api.Assertions.assertThrows(TaskFailedException.class,
                    () -> pool.invoke(() -> {
                        try {
                            return Weft.blocking(() -> {
                                throw new java.io.IOException("io");
                            });
                        } catch (java.io.IOException io) {
                            throw new IllegalStateException(io);
                        }
                    }));
            assertEquals("io", e.getCause().getCause().getMessage());
        }
    }
}
