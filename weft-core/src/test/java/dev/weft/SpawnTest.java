package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link WeftPool#spawn}: the detached fork that message-passing models build on. */
class SpawnTest {
    @Test
    void aSpawnFromAWorkerRunsOnThatWorkerAfterTheSpawningTask() throws Exception {
        TestPools.withPool(1, pool -> {
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            AtomicReference<String> order = new AtomicReference<>("");
            CountDownLatch done = new CountDownLatch(1);
            Thread spawner = pool.submit(Task.of(() -> {
                pool.spawn(() -> {
                    ranOn.set(Thread.currentThread());
                    order.updateAndGet(s -> s + "spawned;");
                    done.countDown();
                });
                order.updateAndGet(s -> s + "spawner;");
                return Thread.currentThread();
            })).join();
            assertTrue(done.await(10, TimeUnit.SECONDS));
            assertSame(spawner, ranOn.get());
            assertEquals("spawner;spawned;", order.get());
        });
    }

    @Test
    void aSpawnFromOutsideThePoolRunsOnAWorker() throws Exception {
        TestPools.withPool(2, pool -> {
            AtomicReference<WeftPool> ranIn = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            pool.spawn(() -> {
                ranIn.set(WeftPool.current());
                done.countDown();
            });
            assertTrue(done.await(10, TimeUnit.SECONDS));
            assertSame(pool, ranIn.get());
            assertNull(WeftPool.current());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void chainsOfSpawnsRunEveryLinkExactlyOnce(int parallelism) throws Exception {
        int roots = 200;
        int depth = 500;
        TestPools.withPool(parallelism, pool -> {
            AtomicIntegerArray runs = new AtomicIntegerArray(roots * depth);
            CountDownLatch done = new CountDownLatch(roots);
            class Link implements Runnable {
                final int root;
                final int level;

                Link(int root, int level) {
                    this.root = root;
                    this.level = level;
                }

                @Override
                public void run() {
                    runs.incrementAndGet(root * depth + level);
                    if (level + 1 < depth) {
                        pool.spawn(new Link(root, level + 1));
                        if ((level & 63) == 0) {
                            // Some links fork and join meanwhile: spawns below a join are drained by it.
                            Weft.joinInt(x -> x + 1, 1, 2, Integer::sum);
                        }
                    } else {
                        done.countDown();
                    }
                }
            }
            for (int r = 0; r < roots; r++) {
                int root = r;
                pool.spawn(new Link(root, 0));
            }
            assertTrue(done.await(60, TimeUnit.SECONDS), "every chain reaches its end");
            for (int i = 0; i < runs.length(); i++) {
                assertEquals(1, runs.get(i), "link " + i);
            }
        });
    }

    @Test
    void aRunnableSpawnedAgainRunsAgain() throws Exception {
        TestPools.withPool(2, pool -> {
            AtomicInteger runs = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(1);
            Runnable[] self = new Runnable[1];
            self[0] = () -> {
                if (runs.incrementAndGet() < 10_000) {
                    pool.spawn(self[0]);
                } else {
                    done.countDown();
                }
            };
            pool.spawn(self[0]);
            assertTrue(done.await(30, TimeUnit.SECONDS));
            assertEquals(10_000, runs.get());
        });
    }

    /**
     * A chain of spawns — each body spawns the next, as a message handler sends to an idle receiver —
     * used to run one stack level deeper per hop, until the worker's stack overflowed and the chain was
     * lost without a report. Each hop must run exactly once, in order, on a small stack, and the
     * worker's stack must stay bounded however long the chain.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void aLongChainOfSpawnsRunsEveryHopOnABoundedStack(int parallelism) throws Exception {
        WeftPool pool = WeftPool.builder().parallelism(parallelism).stackSize(512 * 1024).build();
        TestPools.withPool(pool, p -> {
            int hops = 300_000;
            AtomicInteger next = new AtomicInteger();
            AtomicInteger outOfOrder = new AtomicInteger();
            AtomicInteger deepest = new AtomicInteger();
            AtomicReference<Throwable> uncaught = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            final class Hop implements Runnable {
                final int n;

                Hop(int n) {
                    this.n = n;
                }

                @Override
                public void run() {
                    if (next.getAndIncrement() != n) {
                        outOfOrder.incrementAndGet();
                    }
                    if (n % 997 == 0) {
                        deepest.accumulateAndGet((int) (long) StackWalker.getInstance().walk(Stream::count), Math::max);
                    }
                    if (n + 1 < hops) {
                        p.spawn(new Hop(n + 1));
                    } else {
                        done.countDown();
                    }
                }
            }
            p.execute(() -> {
                try {
                    new Hop(0).run();
                } catch (Throwable t) {
                    uncaught.set(t);
                }
            });
            assertTrue(done.await(120, TimeUnit.SECONDS), "the chain stopped at hop " + next.get());
            assertEquals(hops, next.get());
            assertEquals(0, outOfOrder.get());
            assertNull(uncaught.get());
            assertTrue(deepest.get() < 8 * p.maxDetachedNesting, "stack depth " + deepest.get()); // unbounded: ~4 frames a hop
        });
    }

    @Test
    void manySpawnsFromOneTaskStayBoundedAndAllRun() throws Exception {
        TestPools.withPool(2, pool -> {
            int n = 200_000;
            AtomicInteger runs = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(n);
            pool.run(() -> {
                for (int i = 0; i < n; i++) {
                    pool.spawn(() -> {
                        runs.incrementAndGet();
                        done.countDown();
                    });
                }
            });
            assertTrue(done.await(60, TimeUnit.SECONDS));
            assertEquals(n, runs.get());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aSpawnInsideAFinishIsNotPartOfIt(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            CountDownLatch release = new CountDownLatch(1);
            AtomicReference<Throwable> asyncInSpawn = new AtomicReference<>();
            CountDownLatch spawnedDone = new CountDownLatch(1);
            // The spawned task waits for the finish to have returned: a finish that waited for it hangs.
            // At parallelism 1 the finish runs it on its way out (the spawn is on its stack), so there
            // the spawned task only checks that it is outside the finish's scope.
            boolean mustWaitForFinish = parallelism > 1;
            pool.run(() -> {
                Weft.finish(() -> {
                    Weft.async(() -> { });
                    pool.spawn(() -> {
                        try {
                            Weft.async(() -> { });
                        } catch (Throwable t) {
                            asyncInSpawn.set(t);
                        }
                        if (mustWaitForFinish) {
                            try {
                                if (!Weft.blocking(() -> release.await(30, TimeUnit.SECONDS))) {
                                    asyncInSpawn.set(new AssertionError("the finish waited for the spawn"));
                                }
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        spawnedDone.countDown();
                    });
                    // Make sure a hungry worker takes the spawn at parallelism > 1.
                    try {
                        Weft.blocking(() -> {
                            Thread.sleep(20);
                            return null;
                        });
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                release.countDown();
            });
            assertTrue(spawnedDone.await(30, TimeUnit.SECONDS));
            assertInstanceOf(IllegalStateException.class, asyncInSpawn.get(), "async needs the spawn's own finish");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aFailingSpawnGoesToTheUncaughtExceptionHandler(int parallelism) throws Exception {
        ConcurrentLinkedQueue<Throwable> uncaught = new ConcurrentLinkedQueue<>();
        CountDownLatch reported = new CountDownLatch(2);
        WeftPool pool = WeftPool.builder().parallelism(parallelism)
                .uncaughtExceptionHandler((t, e) -> {
                    uncaught.add(e);
                    reported.countDown();
                }).build();
        TestPools.withPool(pool, p -> {
            IllegalStateException inside = new IllegalStateException("inside");
            IllegalStateException outside = new IllegalStateException("outside");
            p.run(() -> p.spawn(() -> {
                throw inside;
            }));
            p.spawn(() -> {
                throw outside;
            });
            assertTrue(reported.await(10, TimeUnit.SECONDS));
            assertTrue(uncaught.contains(inside) && uncaught.contains(outside), uncaught.toString());
            assertEquals(42, (int) p.invoke(() -> 42), "the pool keeps working");
        });
    }

    @Test
    void aSpawnFromOutsideAfterShutdownIsRejected() throws Exception {
        WeftPool pool = new WeftPool(1);
        pool.shutdown();
        assertThrows(RejectedExecutionException.class, () -> pool.spawn(() -> { }));
        assertThrows(NullPointerException.class, () -> pool.spawn(null));
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void aSpawnFromAWorkerOfAnotherPoolGoesToThisPool() throws Exception {
        TestPools.withPool(1, a -> TestPools.withPool(1, b -> {
            AtomicReference<WeftPool> ranIn = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            a.run(() -> b.spawn(() -> {
                ranIn.set(WeftPool.current());
                done.countDown();
            }));
            assertTrue(done.await(10, TimeUnit.SECONDS));
            assertSame(b, ranIn.get());
        }));
    }
}
