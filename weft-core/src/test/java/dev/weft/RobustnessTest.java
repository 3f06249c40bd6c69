package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Long waits, stray interrupts and temporary workers: the pool must stay healthy and bounded. */
class RobustnessTest {
    @Test
    void aLongJoinDoesNotAccumulateWaiterNodes() throws Exception {
        try (WeftPool pool = new WeftPool(2)) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger maxWaiters = new AtomicInteger();
            AtomicInteger minWaiters = new AtomicInteger(Integer.MAX_VALUE);
            AtomicInteger samples = new AtomicInteger();
            Task<Integer> slow = Task.of(() -> {
                started.countDown();
                Latches.awaitBlocking(release);
                return 1;
            });
            // The root forks the slow task, makes sure the other worker took it, then joins it and waits
            // (with nothing else to help with) while a watcher samples the waiter count: once the root has
            // registered as a waiter (waited for, bounded), every sample must show it, and no more than
            // one stale node beside it, however many times the root re-parks.
            Thread watcher = new Thread(() -> {
                try {
                    started.await();
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                    while (slow.waiterCount() == 0 && System.nanoTime() < deadline) {
                        Thread.sleep(1);
                    }
                    for (int i = 0; i < 40; i++) {
                        Thread.sleep(5);
                        int n = slow.waiterCount();
                        maxWaiters.accumulateAndGet(n, Math::max);
                        minWaiters.accumulateAndGet(n, Math::min);
                        samples.incrementAndGet();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    release.countDown();
                }
            });
            watcher.start();
            int r = pool.invoke(() -> {
                slow.fork();
                while (started.getCount() > 0) {
                    Weft.joinInt(x -> x, 1, 1, Integer::sum); // polls, so the hungry worker gets it
                }
                return slow.join();
            });
            watcher.join();
            assertEquals(1, r);
            assertEquals(40, samples.get(), "the watcher was interrupted");
            assertTrue(minWaiters.get() >= 1, "the joiner was not registered as a waiter while it waited: "
                    + minWaiters.get() + " waiter nodes in a sample (the case was not reached)");
            assertTrue(maxWaiters.get() <= 2, "waiter nodes accumulated: " + maxWaiters.get());
        }
    }

    @Test
    void aStrayInterruptDoesNotMakeIdleWorkersSpin() throws Exception {
        try (WeftPool pool = new WeftPool(2)) {
            for (int i = 0; i < 10; i++) {
                pool.run(() -> Thread.currentThread().interrupt());
            }
            IdleWorkers.assertParkedAndQuiet(pool);
            assertEquals(6765, pool.invoke(() -> JoinTest.fib(20)));
        }
    }

    @Test
    void temporaryWorkersLeaveOnceNothingBlocks() throws Exception {
        try (WeftPool pool = WeftPool.builder().parallelism(1).maxBlockingWorkers(8).build()) {
            CountDownLatch blocked = new CountDownLatch(4);
            CountDownLatch release = new CountDownLatch(1);
            for (int i = 0; i < 4; i++) {
                pool.execute(() -> {
                    blocked.countDown();
                    Latches.awaitBlocking(release);
                });
            }
            assertTrue(blocked.await(30, TimeUnit.SECONDS));
            assertTrue(pool.workforce.workers.length >= 4, "spares were not added: " + pool.workforce.workers.length);
            release.countDown();
            // Wait for the spares' threads to end (a spare leaves the workers array before its thread ends);
            // re-read the array in case a spare was added after the first look.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            Worker[] ws;
            while ((ws = pool.workforce.workers).length > 1 && System.nanoTime() < deadline) {
                for (Worker w : ws) {
                    if (w.spare) {
                        w.join(Math.max(1L, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                    }
                }
            }
            assertEquals(1, pool.workforce.workers.length, "spares did not leave");
            assertEquals(55, pool.invoke(() -> JoinTest.fib(10)));
        }
    }

    /**
     * A worker survives an uncaught exception handler that throws (here for the failures of
     * {@code execute}d runnables), and a worker lost any other way is replaced (fixed in f7165bd; before,
     * at parallelism 1 the next submission waited forever). Every submission made before and after the
     * failures must still run, and the pool must keep its size.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aThrowingUncaughtExceptionHandlerDoesNotLoseWorkers(int parallelism) throws Exception {
        AtomicInteger handled = new AtomicInteger();
        WeftPool pool = WeftPool.builder().parallelism(parallelism).name("throwing-handler")
                .uncaughtExceptionHandler((thread, e) -> {
                    handled.incrementAndGet();
                    throw new IllegalStateException("the handler fails too (expected by the test)");
                }).build();
        TestPools.withPool(pool, p -> {
            List<Task<Integer>> queued = new ArrayList<>();
            int failures = 2 * parallelism;
            for (int i = 0; i < failures; i++) {
                p.execute(() -> {
                    throw new IllegalArgumentException("the task fails (expected by the test)");
                });
                int v = i;
                queued.add(p.submit(Task.of(() -> v)));
            }
            for (int i = 0; i < queued.size(); i++) {
                try {
                    assertEquals(i, queued.get(i).get(5, TimeUnit.SECONDS));
                } catch (TimeoutException e) {
                    throw new AssertionError("submission " + i + " did not run within 5 s: a worker was lost ("
                            + p.poolSize() + " of " + parallelism + " left)");
                }
            }
            assertEquals(42, p.submit(Task.of(() -> 42)).get(5, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (handled.get() < failures && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // a failure may still be on its way to the handler on another worker
            }
            assertEquals(failures, handled.get(), "every failure reached the handler");
            assertEquals(parallelism, p.poolSize(), "the pool kept its workers");
        });
    }
}
