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
            assertEquals(3, pool.workforce.workers.length, "at most parallelism + maxBlockingWorkers threads");
            release.countDown();
            pool.shutdown();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
            assertEquals(8, done.get());
        }
    }

    /**
     * More tasks block than the spare bound allows — 1,000 asyncs that each wait,
     * inside Weft.blocking, for all the others — and the pool runs out of workers while most asyncs wait
     * to run. Before a61698e that hung without a word (ForkJoinPool throws RejectedExecutionException at its
     * bound). At the bound a blocking call still proceeds without compensation (the documented policy),
     * but the monitor now reports the saturated pool within about a second; the test then releases the
     * latch itself.
     */
    @Test
    void moreBlockedTasksThanTheSpareBoundAreReportedNotSilent() throws Exception {
        WeftPool pool = WeftPool.builder().parallelism(2).maxBlockingWorkers(6).name("saturated").build();
        TestPools.withPool(pool, p -> {
            int n = 1_000;
            CountDownLatch all = new CountDownLatch(n);
            Task<Void> r = p.submit(Task.of(() -> {
                Weft.finish(() -> {
                    for (int i = 0; i < n; i++) {
                        Weft.async(() -> {
                            all.countDown();
                            Latches.awaitBlocking(all);
                        });
                    }
                });
                return null;
            }));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (p.stats().saturations() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            long saturations = p.stats().saturations();
            int blocked = p.stats().blockedWorkers();
            while (all.getCount() > 0) {
                all.countDown(); // release everybody, so that the finish ends
            }
            r.get(30, TimeUnit.SECONDS);
            assertEquals(1, saturations, "the saturated pool was reported once: " + p.stats());
            assertEquals(2 + 6, blocked, "every core and temporary worker blocked");
        });
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
