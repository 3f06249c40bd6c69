package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link Weft#pauseStealing()}: forks made inside a paused region never leave the worker, older forks
 * still do, requests that arrive meanwhile are served when the region ends, and blocking respects the
 * region. Pools of 4 workers on two cores: idle workers are always hungry.
 */
class PauseStealingTest {
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(20);

    /** A join tree whose leaves note the thread they ran on and spin a little, so thieves ask. */
    private static void tree(int lo, int hi, Set<Thread> seen) {
        if (hi - lo == 1) {
            seen.add(Thread.currentThread());
            spin(20_000);
            return;
        }
        int mid = (lo + hi) >>> 1;
        Weft.join(() -> tree(lo, mid, seen), () -> tree(mid, hi, seen));
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    private static void paused(Runnable body) {
        Weft.pauseStealing();
        try {
            body.run();
        } finally {
            Weft.resumeStealing();
        }
    }

    @Test
    void outsideAPausedRegionTheSameTreeIsSpreadOverWorkers() throws Exception {
        // The control for the next test: with the same pool and tree, thieves do take work.
        TestPools.withPool(4, pool -> {
            Set<Thread> seen = ConcurrentHashMap.newKeySet();
            for (int attempt = 0; attempt < 100 && seen.size() < 2; attempt++) {
                pool.run(() -> tree(0, 256, seen));
            }
            assertTrue(seen.size() >= 2, "no leaf was ever stolen: " + seen);
        });
    }

    @Test
    void forksJoinsLoopsAndFinishesInsideARegionStayOnTheWorker() throws Exception {
        TestPools.withPool(4, pool -> {
            for (int round = 0; round < 20; round++) {
                Set<Thread> seen = ConcurrentHashMap.newKeySet();
                Thread runner = pool.invoke(() -> {
                    paused(() -> {
                        tree(0, 256, seen);
                        Weft.parallelFor(0, 2_000, i -> {
                            seen.add(Thread.currentThread());
                            spin(2_000);
                        });
                        Weft.finish(() -> {
                            for (int i = 0; i < 200; i++) {
                                Weft.async(() -> {
                                    seen.add(Thread.currentThread());
                                    spin(5_000);
                                });
                            }
                        });
                        Task<Thread> t = Task.of(Thread::currentThread);
                        t.fork();
                        tree(0, 16, seen);
                        seen.add(t.join());
                        assertTrue(Weft.stealingPaused());
                    });
                    return Thread.currentThread();
                });
                assertEquals(Set.of(runner), seen, "round " + round);
            }
        });
    }

    @Test
    void forksMadeBeforeTheRegionAreStillHandedToThieves() throws Exception {
        TestPools.withPool(4, pool -> {
            Set<Thread> inner = ConcurrentHashMap.newKeySet();
            AtomicReference<Thread> older = new AtomicReference<>();
            CountDownLatch olderRan = new CountDownLatch(1);
            Thread runner = pool.invoke(() -> {
                Weft.join(() -> {                          // offered to thieves; pushed before the pause
                    older.set(Thread.currentThread());
                    olderRan.countDown();
                }, () -> paused(() -> {                    // runs first, here
                    long start = System.nanoTime();
                    // Each fork polls: hungry thieves get the older half, never these.
                    // At least a few forks even if a thief took the older half before the region began.
                    for (int k = 0; k < 100 || olderRan.getCount() > 0 && System.nanoTime() - start < TIMEOUT_NANOS; k++) {
                        Weft.joinInt(n -> {
                            inner.add(Thread.currentThread());
                            return n;
                        }, 1, 2, Integer::sum);
                    }
                }));
                return Thread.currentThread();
            });
            assertEquals(0, olderRan.getCount(), "the fork made before the region was never handed over");
            assertNotSame(runner, older.get());
            assertEquals(Set.of(runner), inner);
        });
    }

    @Test
    void aRequestThatArrivedWhilePausedIsServedWhenTheRegionEnds() throws Exception {
        TestPools.withPool(4, pool -> {
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            CountDownLatch ran = new CountDownLatch(1);
            Thread runner = pool.invoke(() -> {
                Weft.finish(() -> {
                    Worker me = Worker.current();
                    Weft.pauseStealing();
                    Weft.async(() -> {
                        ranOn.set(Thread.currentThread());
                        ran.countDown();
                    });
                    long start = System.nanoTime();
                    while ((me.signal() & Worker.HUNGRY) == 0 && System.nanoTime() - start < TIMEOUT_NANOS) {
                        Thread.onSpinWait();                // an idle worker asks us for work
                    }
                    assertTrue((me.signal() & Worker.HUNGRY) != 0, "no worker asked for work");
                    Weft.resumeStealing();
                    // No fork and no poll from here on: only the resume can have handed the async over.
                    start = System.nanoTime();
                    while (ran.getCount() > 0 && System.nanoTime() - start < TIMEOUT_NANOS) {
                        Thread.onSpinWait();
                    }
                });
                return Thread.currentThread();
            });
            assertEquals(0, ran.getCount(), "the pending request was not served when the region ended");
            assertNotSame(runner, ranOn.get());
        });
    }

    @Test
    void blockingInsideARegionHandsOverOnlyOlderForks() throws Exception {
        TestPools.withPool(4, pool -> {
            Set<Thread> inner = ConcurrentHashMap.newKeySet();
            CountDownLatch olderRan = new CountDownLatch(1);
            boolean[] handedOver = new boolean[1];
            Thread runner = pool.invoke(() -> {
                Weft.join(olderRan::countDown, () -> paused(() -> Weft.finish(() -> {
                    for (int i = 0; i < 8; i++) {
                        Weft.async(() -> inner.add(Thread.currentThread()));
                    }
                    try {
                        // Only another worker can count this down: the older fork must be handed over.
                        handedOver[0] = Weft.blocking(() -> olderRan.await(20, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                })));
                return Thread.currentThread();
            });
            assertTrue(handedOver[0], "blocking did not hand over the fork made before the region");
            assertEquals(Set.of(runner), inner, "a fork made inside the region left the worker");
        });
    }

    @Test
    void aRegionThatJoinsATaskForkedBeforeItKeepsItsLaterForksPrivate() throws Exception {
        TestPools.withPool(4, pool -> {
            for (int round = 0; round < 10; round++) {
                Set<Thread> seen = ConcurrentHashMap.newKeySet();
                Thread runner = pool.invoke(() -> {
                    Task<Integer> before = Task.of(() -> 1);
                    before.fork();                          // the private top when the region begins
                    paused(() -> {
                        before.join();                      // pops below the region's base
                        tree(0, 256, seen);                 // whose forks reuse that slot
                    });
                    return Thread.currentThread();
                });
                assertEquals(Set.of(runner), seen, "round " + round);
            }
        });
    }

    @Test
    void regionsNestAndAnUnmatchedResumeIsAnError() throws Exception {
        TestPools.withPool(1, pool -> pool.run(() -> {
            assertFalse(Weft.stealingPaused());
            Weft.pauseStealing();
            Weft.pauseStealing();
            Weft.resumeStealing();
            assertTrue(Weft.stealingPaused());
            Weft.resumeStealing();
            assertFalse(Weft.stealingPaused());
            IllegalStateException e = assertThrows(IllegalStateException.class, Weft::resumeStealing);
            assertTrue(e.getMessage().contains("pauseStealing"), e.getMessage());
        }));
    }

    @Test
    void outsideAPoolBothCallsDoNothing() {
        Weft.pauseStealing();
        assertFalse(Weft.stealingPaused());
        Weft.resumeStealing();
        Weft.resumeStealing();
        assertFalse(Weft.stealingPaused());
    }

    @Test
    void aTaskThatLeavesStealingPausedIsResumedAndReported() throws Exception {
        AtomicReference<Throwable> reported = new AtomicReference<>();
        WeftPool pool = WeftPool.builder().parallelism(1)
                .uncaughtExceptionHandler((t, e) -> reported.compareAndSet(null, e)).build();
        TestPools.withPool(pool, p -> {
            p.run(Weft::pauseStealing);
            boolean pausedInNextTask = p.invoke(Weft::stealingPaused);
            assertFalse(pausedInNextTask);
            assertTrue(reported.get() instanceof IllegalStateException, String.valueOf(reported.get()));
            assertTrue(reported.get().getMessage().contains("stealing paused"), reported.get().getMessage());
        });
    }
}
