package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Programs that complete on {@link java.util.concurrent.ForkJoinPool} and must complete on Weft. Each
 * waits with a bound, so a hang fails the test instead of stalling the build.
 *
 * <p>Checked with a scratch program on JDK 25: ForkJoinPool completes every scenario here — a worker
 * joining (join and get) a task still in the pool's submission queue at parallelism 1; a timed get of a
 * task the caller forked; invokeAny and timed invokeAll called from inside a pool of parallelism 1
 * (invokeAll's futures all complete, none cancelled); CompletableFuture.supplyAsync(.., pool).join()
 * inside the pool; fork then CountDownLatch.await without managed blocking at 2 workers (200 rounds);
 * after shutdown(), a running task that forks and then blocks in managedBlock on the child;
 * a.invoke(b.invoke(a.invoke(..))) with two pools of parallelism 1 (100,000 rounds in 2.5 s); and the
 * blocking/release loop of {@link #blockingAlwaysGetsCompensated} at parallelism 1 with
 * CompletableFuture.join (managed blocking in ForkJoinPool) in place of Weft.blocking (5 s of rounds).
 */
@Timeout(value = 15, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LivenessTest {
    private static final long WAIT_SECONDS = 5;

    /** Waits for a task submitted from outside the pool, failing (not hanging) if it does not complete. */
    private static <T> T await(Future<T> f, String what) throws Exception {
        try {
            return f.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError(what + ": did not complete within " + WAIT_SECONDS + " s (hang)");
        }
    }

    private static void spinUntil(AtomicBoolean flag) {
        while (!flag.get()) {
            Thread.onSpinWait();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // 2. Lost compensation in Weft.blocking

    /**
     * A task blocks (managed) until a second submission releases it. At parallelism 1 only a spare can run
     * the release; a spare that has decided to retire must still not count as the compensation for the
     * next blocking worker. The release is submitted once the task blocks, and the spin between rounds
     * sweeps the next blocking across the previous spare's retirement (about 50-100 µs after it went
     * idle). A spare counted as compensation while it retired hung this within a few hundred to a few
     * thousand rounds, well under the budget; it runs first in the class, where the JVM is otherwise idle
     * and the race most likely.
     */
    @Test
    @Order(1)
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void blockingAlwaysGetsCompensatedAtParallelismOne() throws Exception {
        blockAndReleaseRounds(1, 8);
    }

    /** The same at parallelism 2, where the parked core worker is woken instead. A guard. */
    @Test
    @Order(2)
    void blockingAlwaysGetsCompensatedAtParallelismTwo() throws Exception {
        blockAndReleaseRounds(2, 3);
    }

    private static void blockAndReleaseRounds(int parallelism, int budgetSeconds) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            long start = System.nanoTime();
            long budget = TimeUnit.SECONDS.toNanos(budgetSeconds);
            int rounds = 0;
            for (int r = 0; r < 200_000 && System.nanoTime() - start < budget; r++, rounds++) {
                CompletableFuture<Void> release = new CompletableFuture<>();
                AtomicBoolean blocking = new AtomicBoolean();
                Future<?> f = pool.submit(() -> Weft.blocking(() -> {
                    blocking.set(true);
                    return release.join();
                }));
                long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                while (!blocking.get() && System.nanoTime() < limit) {
                    Thread.onSpinWait();
                }
                pool.execute(() -> release.complete(null));
                await(f, "round " + r + " (blocking task, released by a later submission)");
                long end = System.nanoTime() + (r % 64) * (1_000L + 2_000L * ((r / 64) % 3));
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            }
            assertTrue(rounds > 100, "too few rounds to mean anything: " + rounds);
        });
    }

    // ---------------------------------------------------------------------------------------------
    // 5. Waiting inside the pool for work only the waiter could run

    @Test
    void joiningATaskStillInTheInboxCompletes() throws Exception {
        TestPools.withPool(1, pool -> {
            AtomicBoolean submitted = new AtomicBoolean();
            CountDownLatch running = new CountDownLatch(1);
            Task<Integer> t = Task.of(() -> 7);
            Task<Integer> joiner = pool.submit(Task.of(() -> {
                running.countDown();
                spinUntil(submitted); // the only worker is busy here while t enters the inbox
                return t.join() + 1;
            }));
            assertTrue(running.await(WAIT_SECONDS, TimeUnit.SECONDS));
            pool.submit(t);
            submitted.set(true);
            assertEquals(8, await(joiner, "join of a task in the inbox"));
        });
    }

    @Test
    void getOfATaskStillInTheInboxCompletes() throws Exception {
        TestPools.withPool(1, pool -> {
            AtomicBoolean submitted = new AtomicBoolean();
            CountDownLatch running = new CountDownLatch(1);
            Task<Integer> t = Task.of(() -> 7);
            Task<Integer> getter = pool.submit(Task.of(() -> {
                running.countDown();
                spinUntil(submitted);
                try {
                    return t.get() + 1;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
            assertTrue(running.await(WAIT_SECONDS, TimeUnit.SECONDS));
            pool.submit(t);
            submitted.set(true);
            assertEquals(8, await(getter, "get of a task in the inbox"));
        });
    }

    @Test
    void timedGetOfATaskForkedByTheCallerCompletes() throws Exception {
        TestPools.withPool(1, pool -> {
            Task<Integer> r = pool.submit(Task.of(() -> {
                Task<Integer> t = Task.of(() -> 7);
                t.fork();
                try {
                    return t.get(3, TimeUnit.SECONDS); // today: waits the whole timeout, then TimeoutException
                } catch (TimeoutException e) {
                    throw new AssertionError("timed get of the caller's own fork timed out: nobody ran it");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
            assertEquals(7, await(r, "timed get of an own fork"));
        });
    }

    @Test
    void invokeAnyFromInsideThePoolCompletes() throws Exception {
        TestPools.withPool(1, pool -> {
            Task<Integer> r = pool.submit(Task.of(() -> {
                try {
                    return pool.invokeAny(List.<Callable<Integer>>of(() -> 1, () -> 2));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
            int v = await(r, "invokeAny from inside the pool");
            assertTrue(v == 1 || v == 2, "invokeAny result " + v);
        });
    }

    @Test
    void timedInvokeAllFromInsideThePoolRunsEveryTask() throws Exception {
        TestPools.withPool(1, pool -> {
            Task<String> r = pool.submit(Task.of(() -> {
                try {
                    List<Future<Integer>> fs = pool.invokeAll(List.<Callable<Integer>>of(() -> 1, () -> 2, () -> 3),
                            3, TimeUnit.SECONDS);
                    StringBuilder sb = new StringBuilder();
                    for (Future<Integer> f : fs) {
                        sb.append(f.isCancelled() ? "cancelled" : String.valueOf(f.get())).append(' ');
                    }
                    return sb.toString().trim();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
            assertEquals("1 2 3", await(r, "timed invokeAll from inside the pool"));
        });
    }

    @Test
    void completableFutureOnThePoolJoinedInsideThePoolCompletes() throws Exception {
        TestPools.withPool(1, pool -> {
            Task<Integer> r = pool.submit(Task.of(() -> CompletableFuture.supplyAsync(() -> 5, pool).join()));
            assertEquals(5, await(r, "CompletableFuture.supplyAsync(.., pool).join() inside the pool"));
        });
    }

    /**
     * A task forks a child and waits for it on a latch without {@link Weft#blocking}, while the other of
     * two workers is busy (so nobody is hungry when the child is forked); the other worker then becomes
     * idle. ForkJoinPool completes this (the idle worker steals the child). In Weft the child is private
     * to the waiting worker — only its owner may touch a private fork, which is what makes forks and
     * joins free of atomics — until the monitor, after about a second, moves it to the inbox (it is a
     * task; PROTOCOL.md, "Moving a stalled worker's tasks"), where the idle worker runs it. Checked
     * here: the child ran elsewhere (moved, or stolen if it was published at the fork); StalledForkTest
     * checks the shapes one by one, JfrEventsTest the report.
     */
    @Test
    void forkThenUnmanagedLatchWaitAtTwoWorkersCompletes() throws Exception {
        TestPools.withPool(2, pool -> {
            AtomicBoolean busyStarted = new AtomicBoolean();
            AtomicBoolean forkerStarted = new AtomicBoolean();
            Task<Void> busy = pool.submit(Task.of(() -> {
                busyStarted.set(true);
                spinUntil(forkerStarted, TimeUnit.SECONDS.toNanos(1));
                long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                return null;
            }));
            Task<Integer> r = pool.submit(Task.of(() -> {
                forkerStarted.set(true);
                spinUntil(busyStarted, TimeUnit.SECONDS.toNanos(1)); // the other worker is busy now
                CountDownLatch done = new CountDownLatch(1);
                Task<Integer> child = Task.of(() -> {
                    done.countDown();
                    return 41;
                });
                child.fork();
                try {
                    // Unmanaged on purpose: until the child ran (moved by the monitor, or
                    // published to a hungry worker at the fork).
                    if (!done.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                        throw new AssertionError("the child did not run while its forker waited on a latch");
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return child.join() + 1;
            }));
            assertEquals(42, await(r, "fork, then unmanaged latch wait"));
            await(busy, "the busy task");
            assertTrue(pool.stats().tasksMoved() >= 1 || pool.stats().total().steals() > 0,
                    "neither moved nor stolen: " + pool.stats());
        });
    }

    private static void spinUntil(AtomicBoolean flag, long timeoutNanos) {
        long end = System.nanoTime() + timeoutNanos;
        while (!flag.get() && System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    @Test
    void afterShutdownARunningTaskThatBlocksOnItsForkedChildCompletes() throws Exception {
        TestPools.withPool(1, pool -> {
            CountDownLatch running = new CountDownLatch(1);
            AtomicBoolean shutDown = new AtomicBoolean();
            Task<Integer> r = pool.submit(Task.of(() -> {
                running.countDown();
                spinUntil(shutDown);
                CountDownLatch childRan = new CountDownLatch(1);
                Task<Void> child = Task.of(() -> {
                    childRan.countDown();
                    return null;
                });
                child.fork();
                Latches.awaitBlocking(childRan);
                child.join();
                return 3;
            }));
            assertTrue(running.await(WAIT_SECONDS, TimeUnit.SECONDS));
            pool.shutdown(); // "work already submitted runs to completion"
            shutDown.set(true);
            assertEquals(3, await(r, "task that blocks on its child after shutdown()"));
            assertTrue(pool.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS), "pool did not terminate");
        });
    }

    @Test
    @Order(3) // early, on an otherwise idle JVM, where the race is most likely
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void invokeAcrossTwoPoolsAndBackCompletes() throws Exception {
        WeftPool a = WeftPool.builder().parallelism(1).name("liveness-a").build();
        try {
            TestPools.withPool(1, b -> {
                // Today this hangs within about a thousand rounds (a fraction of a second); ForkJoinPool
                // runs 100,000 rounds of the same in about 2.5 s.
                long start = System.nanoTime();
                for (int round = 0; round < 100_000 && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(8); round++) {
                    Task<Integer> r = a.submit(Task.of(() -> b.invoke(() -> a.invoke(() -> 1) + 1)));
                    assertEquals(2, await(r, "round " + round + ": a.invoke(b.invoke(a.invoke(..)))"));
                }
            });
        } finally {
            TestPools.shutdownQuietly(a);
        }
    }
}
