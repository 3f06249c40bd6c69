package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cancellation reaches running loops (PROTOCOL.md, "Cancellation at chunk polls"): a 10^9-iteration loop
 * cancelled once it runs returns, and each part runs at most the chunk it was in when the cancel landed.
 * No timing claim: "returns" means within a generous timeout (a hang fails), and the work after the
 * cancel is bounded by counting the iterations that start after it.
 */
class LoopCancellationTest {
    private static final int N = 1_000_000_000;
    /** Loops.MAX_CHUNK: the most iterations a part runs between two polls. */
    private static final long CHUNK = 1L << 16;
    private static final long TIMEOUT_S = 60;

    /** Counts the iterations that start after the cancel; signals the first one. */
    static final class Probe {
        final CountDownLatch started = new CountDownLatch(1);
        final LongAdder afterCancel = new LongAdder();
        volatile boolean cancelled;

        void iteration() {
            if (started.getCount() != 0) {
                started.countDown();
            }
            if (cancelled) {
                afterCancel.increment();
            }
        }

        /** Waits until the loop runs, lets it run 10 ms, and then cancels it with {@code cancel}. */
        void cancelSoon(Runnable cancel) throws InterruptedException {
            assertTrue(started.await(TIMEOUT_S, TimeUnit.SECONDS), "the loop never started");
            Thread.sleep(10);
            cancelled = true; // before the cancel: every iteration that can see the cancel is counted
            cancel.run();
        }

        void assertBounded(int workers) {
            // Each worker finishes at most the chunk it was in; a part started later polls first.
            long bound = 2 * workers * CHUNK;
            assertTrue(afterCancel.sum() <= bound,
                    "iterations after the cancel: " + afterCancel.sum() + " > " + bound);
        }
    }

    /** Runs {@code loop} in a finish on a fresh pool, cancels the scope and checks how it ended. */
    private static void cancelFinish(int workers, Consumer<Probe> loop) throws Exception {
        TestPools.withPool(workers, pool -> {
            Probe probe = new Probe();
            AtomicReference<Finish> scope = new AtomicReference<>();
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            CompletableFuture<Void> done = CompletableFuture.runAsync(() -> pool.run(() -> Weft.finish(f -> {
                scope.set(f);
                try {
                    loop.accept(probe);
                } catch (Throwable t) {
                    thrown.set(t);
                    throw t;
                }
            })));
            probe.cancelSoon(() -> scope.get().cancel());
            done.get(TIMEOUT_S, TimeUnit.SECONDS); // the finish returns normally: cancelled is not failed
            assertTrue(thrown.get() instanceof CancellationException, "the loop threw " + thrown.get());
            probe.assertBounded(workers);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void finishCancelStopsParallelFor(int workers) throws Exception {
        cancelFinish(workers, probe -> Weft.parallelFor(0, N, i -> probe.iteration()));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void finishCancelStopsParallelReduce(int workers) throws Exception {
        cancelFinish(workers, probe -> Weft.parallelReduceLong(0, N, 0L, i -> {
            probe.iteration();
            return i;
        }, Long::sum));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void finishCancelStopsARangeIterator(int workers) throws Exception {
        cancelFinish(workers, probe -> Par.range(0, N).mapToLong(i -> {
            probe.iteration();
            return i;
        }).sum());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void finishCancelStopsASpliteratorIterator(int workers) throws Exception {
        cancelFinish(workers, probe -> Par.ofLongs(LongStream.range(0, N).spliterator()).forEach(i -> probe.iteration()));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void cancellingAnOuterScopeStopsALoopInANestedScopeOnAnAsync(int workers) throws Exception {
        cancelFinish(workers, probe -> {
            AtomicReference<CancellationException> inAsync = new AtomicReference<>();
            // The nested finish returns normally: its async "failed" only with the cancellation.
            Weft.finish(inner -> Weft.async(() -> {
                try {
                    Weft.parallelFor(0, N, i -> probe.iteration());
                } catch (CancellationException expected) {
                    assertFalse(inner.isCancelled(), "only the outer scope was cancelled");
                    inAsync.set(expected);
                    throw expected;
                }
            }));
            if (inAsync.get() == null) {
                throw new AssertionError("the loop in the nested scope ran to its end");
            }
            throw inAsync.get();
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void taskCancelStopsTheLoopItRuns(int workers) throws Exception {
        TestPools.withPool(workers, pool -> {
            Probe probe = new Probe();
            CountDownLatch returned = new CountDownLatch(1);
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Task<Long> task = Task.of(() -> {
                try {
                    return Weft.parallelReduceLong(0, N, 0L, i -> {
                        probe.iteration();
                        return 1L;
                    }, Long::sum);
                } catch (Throwable t) {
                    thrown.set(t);
                    throw t;
                } finally {
                    returned.countDown();
                }
            });
            pool.submit(task);
            probe.cancelSoon(() -> task.cancel(true));
            assertTrue(returned.await(TIMEOUT_S, TimeUnit.SECONDS), "the cancelled task's loop did not return");
            assertTrue(thrown.get() instanceof CancellationException, "the loop threw " + thrown.get());
            assertThrows(CancellationException.class, task::join);
            probe.assertBounded(workers);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void aLoopNestedInAStolenHalfStopsWithItsOuterLoop(int workers) throws Exception {
        cancelFinish(workers, probe -> Weft.parallelFor(0, 64, outer -> Weft.parallelFor(0, N / 64, i -> probe.iteration())));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void anUncancelledLoopInACancelledSiblingScopeRunsToItsEnd(int workers) throws Exception {
        // Cancelling one scope leaves a loop in another (here, the enclosing one) alone.
        TestPools.withPool(workers, pool -> {
            LongAdder ran = new LongAdder();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            pool.run(() -> Weft.finish(outer -> {
                Weft.finish(Finish::cancel);
                try {
                    Weft.parallelFor(0, 1_000_000, i -> ran.increment());
                } catch (Throwable t) {
                    failure.set(t);
                }
            }));
            assertNull(failure.get());
            assertEquals(1_000_000, ran.sum());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aLoopStartedInACancelledScopeThrowsAndTheScopeDoesNot(int workers) throws Exception {
        TestPools.withPool(workers, pool -> {
            LongAdder ran = new LongAdder();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            pool.run(() -> Weft.finish(f -> {
                f.cancel();
                try {
                    Weft.parallelFor(0, 1_000_000, i -> ran.increment());
                } catch (Throwable t) {
                    failure.set(t);
                    throw t;
                }
            }));
            assertTrue(failure.get() instanceof CancellationException, "threw " + failure.get());
            assertEquals(0, ran.sum(), "a cancelled loop polls before its first chunk");
        });
    }
}
