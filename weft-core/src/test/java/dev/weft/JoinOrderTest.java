package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Joins that do not follow the LIFO order of the forks: a task forked before a join form (or a loop) and
 * joined from inside it. "Every task runs exactly once" (README) must hold under every schedule.
 *
 * <p>Regression for: at parallelism 1 the out-of-order join threw a NullPointerException from
 * {@code PendingStack.runLeftover}; at 4 workers the {@code a} half of the join ran twice in most rounds.
 */
@Timeout(value = 15, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JoinOrderTest {
    private static final int ROUNDS = 2_000;

    interface Round {
        void run(WeftPool pool, int round) throws Exception;
    }

    /** Runs {@code n} rounds; a failure names its round. */
    private static void rounds(WeftPool pool, int n, Round body) throws Exception {
        for (int r = 0; r < n; r++) {
            try {
                body.run(pool, r);
            } catch (AssertionError e) {
                throw new AssertionError("round " + r + " at parallelism " + pool.parallelism() + ": " + e.getMessage(), e);
            } catch (Exception e) {
                throw new AssertionError("round " + r + " at parallelism " + pool.parallelism() + " threw " + e, e);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void joinFormWhoseInlineHalfJoinsAnEarlierForkRunsEachPieceOnce(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> rounds(pool, ROUNDS, (p, r) -> {
            AtomicInteger aRuns = new AtomicInteger();
            AtomicInteger xRuns = new AtomicInteger();
            int result = p.invoke(() -> {
                Task<Integer> x = Task.of(() -> {
                    xRuns.incrementAndGet();
                    return 42;
                });
                x.fork();
                Weft.join(() -> {
                    aRuns.incrementAndGet();
                }, () -> {
                    x.join();
                });
                return x.join();
            });
            assertEquals(42, result);
            assertEquals(1, aRuns.get(), "runs of the join's a half");
            assertEquals(1, xRuns.get(), "runs of the forked task");
        }));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void supplierJoinWhoseHalvesJoinAnEarlierForkRunsEachPieceOnce(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> rounds(pool, ROUNDS, (p, r) -> {
            AtomicInteger aRuns = new AtomicInteger();
            AtomicInteger bRuns = new AtomicInteger();
            AtomicInteger xRuns = new AtomicInteger();
            int result = p.invoke(() -> {
                Task<Integer> x = Task.of(() -> {
                    xRuns.incrementAndGet();
                    return 1;
                });
                x.fork();
                return Weft.join(() -> {
                    aRuns.incrementAndGet();
                    return x.join() + 10;
                }, () -> {
                    bRuns.incrementAndGet();
                    return x.join() + 100;
                }, Integer::sum);
            });
            assertEquals(112, result);
            assertEquals(1, aRuns.get(), "runs of the a half");
            assertEquals(1, bRuns.get(), "runs of the b half");
            assertEquals(1, xRuns.get(), "runs of the forked task");
        }));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void parallelForWhoseBodyJoinsAnEarlierForkRunsEachIterationOnce(int parallelism) throws Exception {
        int n = 64;
        TestPools.withPool(parallelism, pool -> rounds(pool, ROUNDS / 4, (p, r) -> {
            AtomicIntegerArray runs = new AtomicIntegerArray(n);
            AtomicInteger preRuns = new AtomicInteger();
            int result = p.invoke(() -> {
                Task<Integer> pre = Task.of(() -> {
                    preRuns.incrementAndGet();
                    return 5;
                });
                pre.fork();
                Weft.parallelFor(0, n, i -> {
                    runs.incrementAndGet(i);
                    pre.join();
                });
                return pre.join();
            });
            assertEquals(5, result);
            assertEquals(1, preRuns.get(), "runs of the task forked before the loop");
            for (int i = 0; i < n; i++) {
                assertEquals(1, runs.get(i), "runs of iteration " + i);
            }
        }));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void threeForksJoinedInAnyOrderRunOnceEach(int parallelism) throws Exception {
        int[][] orders = {{0, 1, 2}, {1, 0, 2}, {2, 0, 1}};
        TestPools.withPool(parallelism, pool -> {
            for (int[] order : orders) {
                rounds(pool, ROUNDS / 4, (p, r) -> {
                    AtomicIntegerArray runs = new AtomicIntegerArray(3);
                    int sum = p.invoke(() -> {
                        @SuppressWarnings("unchecked")
                        Task<Integer>[] ts = new Task[3];
                        for (int k = 0; k < 3; k++) {
                            int kk = k;
                            ts[k] = Task.of(() -> {
                                runs.incrementAndGet(kk);
                                return 1 << kk;
                            });
                            ts[k].fork();
                        }
                        int s = 0;
                        for (int k : order) {
                            s += ts[k].join();
                        }
                        return s;
                    });
                    assertEquals(7, sum, "order " + java.util.Arrays.toString(order));
                    for (int k = 0; k < 3; k++) {
                        assertEquals(1, runs.get(k), "runs of task " + k + ", order " + java.util.Arrays.toString(order));
                    }
                });
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void joiningATaskTwiceRunsItOnce(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> rounds(pool, ROUNDS / 4, (p, r) -> {
            AtomicInteger runs = new AtomicInteger();
            AtomicInteger other = new AtomicInteger();
            int sum = p.invoke(() -> {
                Task<Integer> x = Task.of(() -> {
                    runs.incrementAndGet();
                    return 3;
                });
                x.fork();
                Task<Integer> y = Task.of(() -> {
                    other.incrementAndGet();
                    return 4;
                });
                y.fork();
                int s = x.join() + x.join(); // out of order: y is still pending above x
                return s + y.join() + y.join();
            });
            assertEquals(14, sum);
            assertEquals(1, runs.get(), "runs of x");
            assertEquals(1, other.get(), "runs of y");
        }));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void joiningATaskFromInsideASiblingTaskRunsEachOnce(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> rounds(pool, ROUNDS / 4, (p, r) -> {
            AtomicInteger xRuns = new AtomicInteger();
            AtomicInteger yRuns = new AtomicInteger();
            AtomicInteger zRuns = new AtomicInteger();
            int sum = p.invoke(() -> {
                Task<Integer> x = Task.of(() -> {
                    xRuns.incrementAndGet();
                    return 1;
                });
                x.fork();
                Task<Integer> y = Task.of(() -> {
                    yRuns.incrementAndGet();
                    return x.join() + 10; // x was forked before y, by the parent
                });
                y.fork();
                Task<Integer> z = Task.of(() -> {
                    zRuns.incrementAndGet();
                    return 100;
                });
                z.fork();
                // y joins x while z is still pending above both
                return y.join() + z.join() + x.join();
            });
            assertEquals(112, sum);
            assertEquals(1, xRuns.get(), "runs of x");
            assertEquals(1, yRuns.get(), "runs of y");
            assertEquals(1, zRuns.get(), "runs of z");
        }));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void joinIntWhoseHalfJoinsATaskForkedOutsideItRunsEachPieceOnce(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> rounds(pool, ROUNDS, (p, r) -> {
            AtomicInteger xRuns = new AtomicInteger();
            AtomicIntegerArray halfRuns = new AtomicIntegerArray(2);
            int result = p.invoke(() -> {
                Task<Integer> x = Task.of(() -> {
                    xRuns.incrementAndGet();
                    return 1000;
                });
                x.fork();
                // fn(1) runs inline first and joins x, which lies below the join's own slot
                int v = Weft.joinInt(i -> {
                    halfRuns.incrementAndGet(i);
                    return i == 1 ? x.join() + i : i;
                }, 0, 1, Integer::sum);
                return v + x.join();
            });
            assertEquals(2001, result);
            assertEquals(1, xRuns.get(), "runs of x");
            assertEquals(1, halfRuns.get(0), "runs of fn(0) (the forked half)");
            assertEquals(1, halfRuns.get(1), "runs of fn(1) (the inline half)");
        }));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void joinIntSupplierWhoseForkedHalfJoinsATaskForkedOutsideItRunsEachPieceOnce(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> rounds(pool, ROUNDS, (p, r) -> {
            AtomicInteger xRuns = new AtomicInteger();
            AtomicInteger aRuns = new AtomicInteger();
            AtomicInteger bRuns = new AtomicInteger();
            int result = p.invoke(() -> {
                Task<Integer> x = Task.of(() -> {
                    xRuns.incrementAndGet();
                    return 1000;
                });
                x.fork();
                int v = Weft.joinInt(() -> {
                    aRuns.incrementAndGet();
                    return x.join() + 1;
                }, () -> {
                    bRuns.incrementAndGet();
                    return 2;
                }, Integer::sum);
                return v + x.join();
            });
            assertEquals(2003, result);
            assertEquals(1, xRuns.get(), "runs of x");
            assertEquals(1, aRuns.get(), "runs of a");
            assertEquals(1, bRuns.get(), "runs of b");
        }));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void bothHalvesOfAJoinJoinTheSameEarlierFork(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> rounds(pool, ROUNDS, (p, r) -> {
            AtomicInteger aRuns = new AtomicInteger();
            AtomicInteger bRuns = new AtomicInteger();
            AtomicInteger xRuns = new AtomicInteger();
            int result = p.invoke(() -> {
                Task<Integer> x = Task.of(() -> {
                    xRuns.incrementAndGet();
                    return 7;
                });
                x.fork();
                Weft.join(() -> {
                    aRuns.incrementAndGet();
                    x.join();
                }, () -> {
                    bRuns.incrementAndGet();
                    x.join();
                });
                return x.join() + x.join();
            });
            assertEquals(14, result);
            assertEquals(1, aRuns.get(), "runs of a");
            assertEquals(1, bRuns.get(), "runs of b");
            assertEquals(1, xRuns.get(), "runs of x");
        }));
    }

    /**
     * y is forked before x and joins x. When another worker steals y while x is still private to the
     * forking worker, and the forking worker then joins y (without polling in between), x must still run.
     * ForkJoinPool completes this (the thief joining x steals it from the owner's queue).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void stolenSiblingJoiningALaterForkOfItsParentCompletes(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> rounds(pool, 200, (p, r) -> {
            AtomicInteger xRuns = new AtomicInteger();
            AtomicInteger yRuns = new AtomicInteger();
            int result = p.invoke(() -> {
                Task<Integer> x = Task.of(() -> {
                    xRuns.incrementAndGet();
                    return 1;
                });
                java.util.concurrent.atomic.AtomicBoolean xForked = new java.util.concurrent.atomic.AtomicBoolean();
                Task<Integer> y = Task.of(() -> {
                    yRuns.incrementAndGet();
                    while (!xForked.get()) {
                        Thread.onSpinWait(); // a thief may start y before the parent forked x
                    }
                    return x.join() + 10;
                });
                y.fork();
                x.fork();
                xForked.set(true);
                // Give a thief the chance to take y (no Weft call here: nothing is published meanwhile).
                long until = System.nanoTime() + 1_000_000L;
                while (yRuns.get() == 0 && System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                return y.join() + x.join();
            });
            assertEquals(12, result);
            assertEquals(1, xRuns.get(), "runs of x");
            assertEquals(1, yRuns.get(), "runs of y");
        }));
    }

    /**
     * Found by the program generator: a task forked before a finish and joined inside it sits on top of
     * the stack but below the finish's base. Popping it lowered the stack under the finish, so the async
     * spawned next landed outside the finish: the finish returned before it ran (and a drain later found
     * no scope for it). The join must leave a tombstone instead.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void joiningInsideAFinishATaskForkedBeforeItKeepsTheFinishWhole(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> rounds(pool, 500, (p, r) -> {
            AtomicInteger asyncRuns = new AtomicInteger();
            AtomicInteger seenAtFinishEnd = new AtomicInteger(-1);
            int v = p.invoke(() -> {
                Task<Integer> t0 = Task.of(() -> 5);
                t0.fork();
                Task<Integer> t1 = Task.of(() -> {
                    Weft.finish(() -> {
                        t0.join();
                        Weft.async(asyncRuns::incrementAndGet);
                    });
                    seenAtFinishEnd.set(asyncRuns.get());
                    return 1;
                });
                return t1.invoke() + t0.join();
            });
            assertEquals(6, v);
            assertEquals(1, seenAtFinishEnd.get(), "the finish returned before its async ran");
            assertEquals(1, asyncRuns.get());
        }));
    }
}
