package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Failure reporting: "the construct that waits for it throws TaskFailedException with the original
 * exception as its cause; when several failed, the others are suppressed exceptions of the same wrapper,
 * so none is lost" (README). Messages here never call the failures' toString (one test's failure has a
 * throwing toString).
 */
@Timeout(value = 15, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FailureTest {

    /** A marker failure; its name identifies it in assertion messages. */
    static final class Boom extends RuntimeException {
        Boom(String name) {
            super(name, null, true, false);
        }
    }

    /** A failure whose toString throws: wrapping it must not replace it with toString's exception. */
    static final class EvilToString extends RuntimeException {
        EvilToString() {
            super("evil", null, true, false);
        }

        @Override
        public String toString() {
            throw new IllegalStateException("toString of a failure threw");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Helpers

    /** How often each throwable is reachable from {@code root} through causes and suppressed lists. */
    static Map<Throwable, Integer> occurrences(Throwable root) {
        Map<Throwable, Integer> seen = new IdentityHashMap<>();
        Set<Throwable> expanded = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Throwable> work = new ArrayList<>();
        work.add(root);
        while (!work.isEmpty()) {
            Throwable t = work.remove(work.size() - 1);
            seen.merge(t, 1, Integer::sum);
            if (!expanded.add(t)) {
                continue; // count repeated references, but do not loop
            }
            if (t.getCause() != null && t.getCause() != t) {
                work.add(t.getCause());
            }
            Collections.addAll(work, t.getSuppressed());
        }
        return seen;
    }

    static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder();
        describe(t, sb, "", Collections.newSetFromMap(new IdentityHashMap<>()));
        return sb.toString();
    }

    private static void describe(Throwable t, StringBuilder sb, String indent, Set<Throwable> seen) {
        sb.append(indent).append(t.getClass().getSimpleName());
        if (t instanceof Boom) {
            sb.append('(').append(t.getMessage()).append(')');
        }
        sb.append('\n');
        if (!seen.add(t)) {
            return;
        }
        if (t.getCause() != null) {
            sb.append(indent).append(" cause:\n");
            describe(t.getCause(), sb, indent + "  ", seen);
        }
        for (Throwable s : t.getSuppressed()) {
            sb.append(indent).append(" suppressed:\n");
            describe(s, sb, indent + "  ", seen);
        }
    }

    /** Asserts that t is a TaskFailedException from which each expected failure is reachable exactly once. */
    static void assertAllReachableOnce(Throwable t, Throwable... expected) {
        assertNotNull(t, "nothing was thrown");
        assertTrue(t instanceof TaskFailedException, "expected TaskFailedException, got " + t.getClass().getName());
        Map<Throwable, Integer> occ = occurrences(t);
        for (Throwable e : expected) {
            assertEquals(1, occ.getOrDefault(e, 0),
                    () -> "occurrences of " + e.getMessage() + " in:\n" + describe(t));
        }
    }

    /** Runs {@code body} in the pool and returns what it threw inside the pool (not wrapped by invoke). */
    static Throwable thrownInside(WeftPool pool, Runnable body) {
        return pool.invoke(() -> {
            try {
                body.run();
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
    }

    // ---------------------------------------------------------------------------------------------
    // 3. No failure is lost

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void finishBodyAndTwoAsyncsFailingKeepsAllThree(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            for (int round = 0; round < 200; round++) {
                Boom a1 = new Boom("a1");
                Boom a2 = new Boom("a2");
                Boom body = new Boom("body");
                Throwable t = thrownInside(pool, () -> Weft.finish(() -> {
                    Weft.async(() -> {
                        throw a1;
                    });
                    Weft.async(() -> {
                        throw a2;
                    });
                    throw body;
                }));
                assertAllReachableOnce(t, a1, a2, body);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void failuresOfANestedFinishSurviveAnOuterFailure(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            for (int round = 0; round < 200; round++) {
                Boom i1 = new Boom("inner1");
                Boom i2 = new Boom("inner2");
                Boom outer = new Boom("outerBody");
                // The inner finish throws a wrapper with a suppressed failure; the outer scope combines that
                // wrapper with its own body's failure.
                Throwable t = thrownInside(pool, () -> Weft.finish(() -> {
                    Weft.async(() -> Weft.finish(() -> {
                        Weft.async(() -> {
                            throw i1;
                        });
                        Weft.async(() -> {
                            throw i2;
                        });
                    }));
                    throw outer;
                }));
                assertAllReachableOnce(t, i1, i2, outer);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void failuresOfAJoinedTaskSurviveAnEarlierFailureOfInvokeAll(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            for (int round = 0; round < 200; round++) {
                Boom first = new Boom("first");
                Boom n1 = new Boom("nested1");
                Boom n2 = new Boom("nested2");
                // invokeAll: the first task fails; the second's failure is a wrapper (from its finish) that
                // carries a suppressed exception.
                Throwable t = thrownInside(pool, () -> Task.invokeAll(
                        Task.of(() -> {
                            throw first;
                        }),
                        Task.of(() -> {
                            Weft.finish(() -> {
                                Weft.async(() -> {
                                    throw n1;
                                });
                                Weft.async(() -> {
                                    throw n2;
                                });
                            });
                            return null;
                        })));
                assertAllReachableOnce(t, first, n1, n2);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void failuresOfANestedFinishSurviveAnotherAsyncFailure(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            for (int round = 0; round < 200; round++) {
                Boom x = new Boom("x");
                Boom i1 = new Boom("inner1");
                Boom i2 = new Boom("inner2");
                // (At parallelism 1 the asyncs run newest first: x fails first, then the nested finish.)
                Throwable t = thrownInside(pool, () -> Weft.finish(() -> {
                    Weft.async(() -> Weft.finish(() -> {
                        Weft.async(() -> {
                            throw i1;
                        });
                        Weft.async(() -> {
                            throw i2;
                        });
                    }));
                    Weft.async(() -> {
                        throw x;
                    });
                }));
                assertAllReachableOnce(t, x, i1, i2);
            }
        });
    }

    // ---------------------------------------------------------------------------------------------
    // 3. Exceptions of combine functions and of failures' toString do not escape raw

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void joinCombineThatThrowsIsReportedAsTaskFailedException(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            Boom c = new Boom("combine");
            Throwable t = thrownInside(pool, () -> Weft.join(() -> 1, () -> 2, (a, b) -> {
                throw c;
            }));
            assertWrapped(c, t);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void joinIntFunctionFormCombineThatThrowsIsReportedAsTaskFailedException(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            Boom c = new Boom("combine");
            Throwable t = thrownInside(pool, () -> Weft.joinInt(i -> i, 1, 2, (a, b) -> {
                throw c;
            }));
            assertWrapped(c, t);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void failureWhoseToStringThrowsReachesInvokeAsCause(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            EvilToString evil = new EvilToString();
            Throwable t = null;
            try {
                pool.invoke(() -> {
                    throw evil;
                });
            } catch (Throwable e) {
                t = e;
            }
            assertWrapped(evil, t);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void failureWhoseToStringThrowsReachesJoinAsCause(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            EvilToString evil = new EvilToString();
            Throwable t = thrownInside(pool, () -> Weft.join(() -> {
                throw evil;
            }, () -> {
            }));
            assertWrapped(evil, t);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void failureWhoseToStringThrowsReachesFinishAsCause(int parallelism) throws Exception {
        TestPools.withPool(parallelism, pool -> {
            EvilToString evil = new EvilToString();
            Throwable t = thrownInside(pool, () -> Weft.finish(() -> Weft.async(() -> {
                throw evil;
            })));
            assertWrapped(evil, t);
        });
    }

    private static void assertWrapped(Throwable original, Throwable t) {
        assertNotNull(t, "nothing was thrown");
        if (!(t instanceof TaskFailedException)) {
            fail("expected TaskFailedException with the original as cause, got " + t.getClass().getName()
                    + (t == original ? " (the original, raw)" : ""));
        }
        assertSame(original, t.getCause(), "cause");
    }

    // ---------------------------------------------------------------------------------------------
    // 4. A reduction whose combine throws while merging does not return while splits still run

    /**
     * The map is 1 everywhere, so inside a chunk the combine always gets 1 as its second operand; a second
     * operand above 1 is a split's accumulator being merged — and there this combine overflows, as
     * {@code Math.addExact} would near {@code Long.MAX_VALUE}. Whatever the schedule, when the reduction
     * throws it must throw TaskFailedException(ArithmeticException), and no body invocation may happen
     * after the caller has the exception (counted once the pool is quiescent, when none can happen).
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void reductionWhoseMergeThrowsStopsBeforeReturning(int parallelism) throws Exception {
        int n = 20_000;
        TestPools.withPool(parallelism, pool -> {
            int threw = 0;
            for (int round = 0; round < 30; round++) {
                AtomicLong bodyRuns = new AtomicLong();
                long[] afterCatch = {-1};
                Throwable t = pool.invoke(() -> {
                    try {
                        Weft.parallelReduceLong(0, n, 0L, i -> {
                            bodyRuns.incrementAndGet();
                            spin(2_000);
                            return 1L;
                        }, (a, b) -> b > 1 ? Math.addExact(Long.MAX_VALUE, b) : a + b);
                        return null;
                    } catch (Throwable e) {
                        afterCatch[0] = bodyRuns.get();
                        return e;
                    }
                });
                if (t == null) {
                    continue; // nothing was split: no merge, no failure
                }
                threw++;
                // Once the pool is quiescent nothing can run any more: a split still running or queued when
                // the reduction threw would have run (and counted) by then.
                assertTrue(pool.awaitQuiescence(10, TimeUnit.SECONDS), "round " + round + ": the pool did not quiesce");
                long later = bodyRuns.get();
                int r = round;
                assertTrue(t instanceof TaskFailedException && t.getCause() instanceof ArithmeticException,
                        () -> "round " + r + ": expected TaskFailedException(ArithmeticException), got " + t.getClass().getName()
                                + (t.getCause() != null ? "(" + t.getCause().getClass().getName() + ")" : ""));
                assertEquals(afterCatch[0], later, "round " + round + ": body invocations after the reduction threw");
            }
            assertTrue(threw > 0, "no round split the loop: the scenario was not exercised");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void reductionWithAddExactOverflowAlwaysThrowsTheSameShape(int parallelism) throws Exception {
        // Values near Long.MAX_VALUE / 2: whether the overflow happens inside a chunk or while merging
        // splits depends on the schedule; the caller must see the same exception either way.
        int n = 4_000;
        long big = Long.MAX_VALUE / 2 + 1;
        TestPools.withPool(parallelism, pool -> {
            for (int round = 0; round < 100; round++) {
                AtomicLong bodyRuns = new AtomicLong();
                long[] afterCatch = {-1};
                Throwable t = pool.invoke(() -> {
                    try {
                        Weft.parallelReduceLong(0, n, 0L, i -> {
                            bodyRuns.incrementAndGet();
                            spin(1_000);
                            return i == 0 || i == n / 2 ? big : 0L;
                        }, Math::addExact);
                        return null;
                    } catch (Throwable e) {
                        afterCatch[0] = bodyRuns.get();
                        return e;
                    }
                });
                int r = round;
                assertNotNull(t, "round " + round + ": two values above Long.MAX_VALUE / 2 must overflow");
                assertTrue(t instanceof TaskFailedException && t.getCause() instanceof ArithmeticException,
                        () -> "round " + r + ": expected TaskFailedException(ArithmeticException), got " + t.getClass().getName());
                assertTrue(pool.awaitQuiescence(10, TimeUnit.SECONDS), "round " + round + ": the pool did not quiesce");
                assertEquals(afterCatch[0], bodyRuns.get(), "round " + round + ": body invocations after the reduction threw");
            }
        });
    }

    static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
