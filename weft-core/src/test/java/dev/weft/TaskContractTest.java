package dev.weft;

import static dev.weft.ContractSupport.LONG_DELAY_MS;
import static dev.weft.ContractSupport.SHORT_DELAY_MS;
import static dev.weft.ContractSupport.await;
import static dev.weft.ContractSupport.callInPool;
import static dev.weft.ContractSupport.cleaner;
import static dev.weft.ContractSupport.millisSince;
import static dev.weft.ContractSupport.runInPool;
import static java.util.concurrent.TimeUnit.DAYS;
import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.NANOSECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Task} as {@code RecursiveTask}/{@code ForkJoinTask} and as a {@link Future}: invoke, fork,
 * join, get and timed get inside and outside a pool; the state queries after normal completion,
 * failure and cancellation; which exception each waiting method throws (for failures, Weft's
 * {@link TaskFailedException} where ForkJoinPool rethrows, with the original exception as cause and
 * as {@code getException()}); interrupts and expired timeouts in {@code get}; {@code invokeAll}.
 *
 * <p>Adapted from the jsr166 TCK (public domain: RecursiveTaskTest, ForkJoinTaskTest,
 * ForkJoinPool8Test, FutureTaskTest, JSR166TestCase), written by Doug Lea with assistance from members
 * of JCP JSR-166 Expert Group. Where the TCK leaves a behaviour open, the expected behaviour is
 * ForkJoinTask's on JDK 25 (checked with a scratch program) unless noted.
 */
@Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TaskContractTest {

    /** TCK FibTask: a recursive task that forks one child and computes the other. */
    static final class FibTask extends Task<Integer> {
        final int n;

        FibTask(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n <= 1) {
                return n;
            }
            FibTask f1 = new FibTask(n - 1);
            f1.fork();
            return new FibTask(n - 2).compute() + f1.join();
        }
    }

    /** A task that throws the given throwable (unchecked or an error). */
    static final class FailingTask extends Task<Integer> {
        final Throwable failure;
        final AtomicInteger runs = new AtomicInteger();

        FailingTask(Throwable failure) {
            this.failure = failure;
        }

        @Override
        protected Integer compute() {
            runs.incrementAndGet();
            if (failure instanceof Error e) {
                throw e;
            }
            throw (RuntimeException) failure;
        }
    }

    /** A task that counts its runs and returns 1. */
    static final class CountingTask extends Task<Integer> {
        final AtomicInteger runs = new AtomicInteger();

        @Override
        protected Integer compute() {
            runs.incrementAndGet();
            return 1;
        }
    }

    /** A task that waits for {@code latch} (interruptibly) and returns 7. */
    static Task<Integer> awaiting(CountDownLatch started, CountDownLatch latch) {
        return Task.of(() -> {
            started.countDown();
            try {
                latch.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return 7;
        });
    }

    static <T> void checkNotDone(Task<T> t) {
        assertFalse(t.isDone());
        assertFalse(t.isCancelled());
        assertFalse(t.isCompletedNormally());
        assertNull(t.getException());
        assertEquals(Future.State.RUNNING, t.state());
    }

    static <T> void checkCompletedNormally(Task<T> t, T expected) throws Exception {
        assertTrue(t.isDone());
        assertFalse(t.isCancelled());
        assertTrue(t.isCompletedNormally());
        assertNull(t.getException());
        assertEquals(expected, t.join());
        assertEquals(expected, t.get());
        assertEquals(expected, t.get(LONG_DELAY_MS, MILLISECONDS));
        assertEquals(expected, t.get(0, NANOSECONDS));
        assertEquals(Future.State.SUCCESS, t.state());
        assertEquals(expected, t.resultNow());
        assertFalse(t.cancel(false));
        assertFalse(t.cancel(true));
        assertTrue(t.isCompletedNormally());
    }

    static void checkCancelled(Task<?> t) {
        assertTrue(t.isDone());
        assertTrue(t.isCancelled());
        assertFalse(t.isCompletedNormally());
        assertInstanceOf(CancellationException.class, t.getException());
        assertThrows(CancellationException.class, t::join);
        assertThrows(CancellationException.class, t::get);
        assertThrows(CancellationException.class, () -> t.get(LONG_DELAY_MS, MILLISECONDS));
        assertEquals(Future.State.CANCELLED, t.state());
    }

    /**
     * Failure as Weft reports it: {@code join} throws {@link TaskFailedException} (ForkJoinTask rethrows
     * an exception of the original's type) whose cause, like {@code getException()} and the cause of
     * {@code get}'s {@link ExecutionException}, is the original itself (ForkJoinTask: a copy when the
     * task failed on another thread).
     */
    static void checkCompletedAbnormally(Task<?> t, Throwable original) {
        assertTrue(t.isDone());
        assertFalse(t.isCancelled());
        assertFalse(t.isCompletedNormally());
        assertSame(original, t.getException());
        assertSame(original, assertThrows(TaskFailedException.class, t::join).getCause());
        assertSame(original, assertThrows(ExecutionException.class, t::get).getCause());
        assertSame(original, assertThrows(ExecutionException.class, () -> t.get(LONG_DELAY_MS, MILLISECONDS)).getCause());
        assertEquals(Future.State.FAILED, t.state());
        assertSame(original, t.exceptionNow());
        assertFalse(t.cancel(false));
        assertFalse(t.cancel(true));
        assertFalse(t.isCancelled());
    }

    // ---------------------------------------------------------------------------------------------
    // Normal completion

    @Test
    void aNewTaskIsNotDone() {
        checkNotDone(new FibTask(8));
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void invokeReturnsTheResult(int parallelism) throws Exception {
        WeftPool p = new WeftPool(parallelism);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FibTask f = new FibTask(8);
                assertEquals(21, f.invoke());
                checkCompletedNormally(f, 21);
            });
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void forkThenJoinReturnsTheResult(int parallelism) throws Exception {
        WeftPool p = new WeftPool(parallelism);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FibTask f = new FibTask(8);
                assertSame(f, f.fork());
                assertEquals(21, f.join());
                checkCompletedNormally(f, 21);
            });
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void forkThenGetReturnsTheResult(int parallelism) throws Exception {
        WeftPool p = new WeftPool(parallelism);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FibTask f = new FibTask(8);
                assertSame(f, f.fork());
                assertEquals(21, f.get());
                checkCompletedNormally(f, 21);
            });
        }
    }

    @Test
    void forkThenTimedGetInsideThePoolRunsTheTask() throws Exception {
        // TCK testForkTimedGet. On one worker nobody else can run the fork: a timed get must run it (or
        // help) as the untimed get and join do, not just wait for the timeout.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FibTask f = new FibTask(8);
                assertSame(f, f.fork());
                try {
                    assertEquals(21, f.get(2, SECONDS));
                } catch (TimeoutException e) {
                    throw new AssertionError("timed get from the only worker, of a task it forked, timed out: it waited"
                            + " for the task instead of running it", e);
                }
                checkCompletedNormally(f, 21);
            });
        }
    }

    @Test
    void timedGetWithANullUnitThrowsNullPointerException() throws Exception {
        // TCK testForkTimedGetNPE.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FibTask f = new FibTask(8);
                f.fork();
                assertThrows(NullPointerException.class, () -> f.get(randomTimeout(), null));
                assertEquals(21, f.join());
            });
        }
        assertThrows(NullPointerException.class, () -> new FibTask(8).get(1, null));
    }

    private static long randomTimeout() {
        return 1 + (System.nanoTime() & 0xff);
    }

    @Test
    void joinInsideThePoolIgnoresInterruptsAndKeepsTheFlag() throws Exception {
        // TCK testJoinIgnoresInterrupts.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FibTask f = new FibTask(8);
                f.fork();
                Thread.currentThread().interrupt();
                int r;
                try {
                    r = f.join();
                } finally {
                    assertTrue(Thread.interrupted(), "join cleared the interrupt status");
                }
                assertEquals(21, r);
                checkCompletedNormally(f, 21);
            });
        }
    }

    @Test
    void poolInvokeFromOutsideIgnoresInterruptsAndKeepsTheFlag() throws Exception {
        // ForkJoinPool.invoke(task) from an interrupted external thread returns the result, flag kept.
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            Thread.currentThread().interrupt();
            int r;
            try {
                r = p.invoke(new FibTask(8));
            } finally {
                assertTrue(Thread.interrupted(), "invoke cleared the interrupt status");
            }
            assertEquals(21, r);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Abnormal completion

    @Test
    void failedInvokeThrowsTaskFailedExceptionWithTheOriginalCause() throws Exception {
        // TCK testAbnormalInvoke (ForkJoinTask rethrows the FJException itself: a documented deviation).
        IllegalStateException boom = new IllegalStateException("boom");
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FailingTask f = new FailingTask(boom);
                assertSame(boom, assertThrows(TaskFailedException.class, f::invoke).getCause());
                checkCompletedAbnormally(f, boom);
            });
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void failedForkThenJoinOrGetReportsTheOriginal(int parallelism) throws Exception {
        // TCK testAbnormalForkJoin, testAbnormalForkGet.
        IllegalStateException boom = new IllegalStateException("boom");
        WeftPool p = new WeftPool(parallelism);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FailingTask f = new FailingTask(boom);
                f.fork();
                assertSame(boom, assertThrows(TaskFailedException.class, f::join).getCause());
                checkCompletedAbnormally(f, boom);
                FailingTask g = new FailingTask(boom);
                g.fork();
                assertSame(boom, assertThrows(ExecutionException.class, g::get).getCause());
                checkCompletedAbnormally(g, boom);
            });
        }
    }

    @Test
    void failedForkThenTimedGetInsideThePoolRunsTheTask() throws Exception {
        // TCK testAbnormalForkTimedGet, on one worker (see forkThenTimedGetInsideThePoolRunsTheTask).
        IllegalStateException boom = new IllegalStateException("boom");
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FailingTask f = new FailingTask(boom);
                f.fork();
                assertSame(boom, assertThrows(ExecutionException.class, () -> f.get(2, SECONDS)).getCause());
                checkCompletedAbnormally(f, boom);
            });
        }
    }

    @Test
    void failureSeenFromOutsideThePool() throws Exception {
        IllegalStateException boom = new IllegalStateException("boom");
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            FailingTask f = new FailingTask(boom);
            assertSame(boom, assertThrows(TaskFailedException.class, () -> p.invoke(f)).getCause());
            checkCompletedAbnormally(f, boom);
            FailingTask g = new FailingTask(boom);
            p.submit(g);
            assertSame(boom, assertThrows(ExecutionException.class, g::get).getCause());
            checkCompletedAbnormally(g, boom);
            assertEquals(1, g.runs.get());
        }
    }

    @Test
    void anErrorIsReportedLikeAnException() throws Exception {
        // ForkJoinTask rethrows an Error as an Error; Weft wraps it like any failure (documented).
        AssertionError err = new AssertionError("error in a task");
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            FailingTask f = new FailingTask(err);
            assertSame(err, assertThrows(TaskFailedException.class, () -> p.invoke(f)).getCause());
            checkCompletedAbnormally(f, err);
        }
    }

    /**
     * An outer task waits for a failing inner task by {@code how} and so fails with what the wait
     * threw. The outer task's {@code getException()} and the cause of its {@code get}'s
     * ExecutionException must be the inner task's original exception, not the TaskFailedException that
     * carried it through the join.
     */
    @ParameterizedTest(name = "outer waits by {0}")
    @ValueSource(strings = {"join", "invoke", "invokeAll", "rethrow"})
    void aNestedFailureReachesGetAndGetExceptionAsTheOriginal(String how) throws Exception {
        IllegalStateException boom = new IllegalStateException("boom");
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            Task<Integer> outer = Task.of(() -> {
                FailingTask inner = new FailingTask(boom);
                switch (how) {
                    case "join" -> {
                        inner.fork();
                        return inner.join();
                    }
                    case "invoke" -> {
                        return inner.invoke();
                    }
                    case "invokeAll" -> {
                        CountingTask ok = new CountingTask();
                        Task.invokeAll(ok, inner);
                        return ok.join();
                    }
                    default -> {
                        inner.fork();
                        try {
                            return inner.join();
                        } catch (TaskFailedException e) {
                            throw e; // user code that catches and rethrows
                        }
                    }
                }
            });
            p.submit(outer);
            ExecutionException ee = assertThrows(ExecutionException.class, () -> outer.get(LONG_DELAY_MS, MILLISECONDS));
            assertSame(boom, ee.getCause(), "ExecutionException cause: " + ee.getCause());
            assertSame(boom, outer.getException(), "getException(): " + outer.getException());
            assertSame(boom, outer.exceptionNow());
            // and a join of the outer task wraps it once, not once per level
            TaskFailedException tfe = assertThrows(TaskFailedException.class, outer::join);
            assertSame(boom, tfe.getCause(), "join's cause: " + tfe.getCause());
        }
    }

    @Test
    void aNestedFailureIsWrappedOnceByPoolInvoke() throws Exception {
        IllegalStateException boom = new IllegalStateException("boom");
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            TaskFailedException e = assertThrows(TaskFailedException.class, () -> p.invoke(Task.of(() -> {
                FailingTask inner = new FailingTask(boom);
                inner.fork();
                return new FibTask(10).compute() + inner.join();
            })));
            assertSame(boom, e.getCause());
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Cancellation

    @Test
    void aCancelledNeverForkedTaskReportsCancellation() {
        // TCK testCancelledInvoke etc., outside a pool.
        CountingTask t = new CountingTask();
        assertTrue(t.cancel(true));
        checkCancelled(t);
        assertEquals(0, t.runs.get());
    }

    @Test
    void cancelOfACancelledTaskReturnsTrueAgain() throws Exception {
        // ForkJoinTask.cancel returns "true if this task is now cancelled", also for a repeated cancel
        // (Weft returned false before 561da8c). Both Task and an ExecutorService future.
        CountingTask t = new CountingTask();
        assertTrue(t.cancel(false));
        assertTrue(t.cancel(false));
        assertTrue(t.cancel(true));
        checkCancelled(t);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            CountDownLatch release = new CountDownLatch(1);
            p.execute(() -> Latches.awaitBlocking(release)); // keeps the only worker busy
            Future<Integer> f = p.submit(() -> 1);
            assertTrue(f.cancel(true));
            assertTrue(f.cancel(false));
            assertTrue(f.isCancelled());
            release.countDown();
        }
    }

    @Test
    void forkOfACancelledTaskInsideThePoolThenJoinThrowsCancellation() throws Exception {
        // TCK testCancelledForkJoin: FJP's fork() of a cancelled task returns normally (the task never
        // runs); join, get and invoke then throw CancellationException.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                CountingTask t = new CountingTask();
                assertTrue(t.cancel(false));
                try {
                    assertSame(t, t.fork());
                } catch (CancellationException acceptable) {
                    // also acceptable: fork itself reports the cancellation
                } catch (IllegalStateException e) {
                    fail("fork() of a cancelled task threw " + e + " (ForkJoinTask: returns; join throws CancellationException)");
                }
                assertThrows(CancellationException.class, t::join);
                assertThrows(CancellationException.class, t::get);
                checkCancelled(t);
                assertEquals(0, t.runs.get());
            });
        }
    }

    @Test
    void invokeOfACancelledTaskInsideThePoolThrowsCancellation() throws Exception {
        // TCK testCancelledInvoke.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                CountingTask t = new CountingTask();
                assertTrue(t.cancel(true));
                assertThrows(CancellationException.class, t::invoke);
                checkCancelled(t);
                assertEquals(0, t.runs.get());
            });
        }
    }

    @Test
    void poolInvokeOfACancelledTaskThrowsCancellation() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            CountingTask t = new CountingTask();
            assertTrue(t.cancel(true));
            assertThrows(CancellationException.class, () -> p.invoke(t));
            assertEquals(0, t.runs.get());
        }
    }

    @Test
    void poolSubmitOfACancelledTaskReturnsItAndGetThrowsCancellation() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            CountingTask t = new CountingTask();
            assertTrue(t.cancel(true));
            assertSame(t, p.submit(t));
            assertThrows(CancellationException.class, () -> t.get(LONG_DELAY_MS, MILLISECONDS));
            assertEquals(0, t.runs.get());
        }
    }

    @Test
    void forkOfACancelledTaskOutsideAPoolThenJoinThrowsCancellation() {
        CountingTask t = new CountingTask();
        assertTrue(t.cancel(false));
        try {
            assertSame(t, t.fork());
        } catch (CancellationException acceptable) {
            // also acceptable
        } catch (IllegalStateException e) {
            fail("fork() of a cancelled task threw " + e + " (ForkJoinTask: returns; join throws CancellationException)");
        }
        checkCancelled(t);
        assertEquals(0, t.runs.get());
    }

    @Test
    void cancelWakesAThreadWaitingInGet() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, release)) {
            Task<Integer> t = p.submit(awaiting(started, release));
            await(started, "the task");
            Thread me = Thread.currentThread();
            AtomicBoolean sawParked = new AtomicBoolean();
            Thread canceller = new Thread(() -> {
                sawParked.set(awaitParkedOn(me, t)); // cancels anyway, so that a miss fails, not hangs
                t.cancel(true);
            });
            canceller.start();
            assertThrows(CancellationException.class, t::get);
            checkCancelled(t);
            canceller.join();
            assertTrue(sawParked.get(), "the getter was not seen parked on the task before the cancel");
        }
    }

    @Test
    void cancelAfterAFailureFails() throws Exception {
        IllegalStateException boom = new IllegalStateException("boom");
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            FailingTask f = new FailingTask(boom);
            assertThrows(TaskFailedException.class, () -> p.invoke(f));
            assertFalse(f.cancel(true));
            checkCompletedAbnormally(f, boom);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // get: timeouts and interrupts

    @Test
    void timedGetWithLongMinValueTimesOutPromptly() throws Exception {
        // TCK: an expired timeout (Long.MIN_VALUE included) on a task that never completes throws
        // TimeoutException at once. (ForkJoinTask and FutureTask: TimeoutException.)
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, never)) {
            Task<Integer> t = p.submit(awaiting(started, never));
            await(started, "the task");
            for (TimeUnit unit : new TimeUnit[] {NANOSECONDS, MILLISECONDS, DAYS}) {
                assertTimeoutPreemptively(Duration.ofSeconds(2),
                        () -> assertThrows(TimeoutException.class, () -> t.get(Long.MIN_VALUE, unit)),
                        "get(Long.MIN_VALUE, " + unit + ") of a running task did not time out");
            }
            FibTask neverSubmitted = new FibTask(3);
            assertTimeoutPreemptively(Duration.ofSeconds(2),
                    () -> assertThrows(TimeoutException.class, () -> neverSubmitted.get(Long.MIN_VALUE, NANOSECONDS)),
                    "get(Long.MIN_VALUE) of a never-submitted task did not time out");
        }
    }

    @Test
    void timedGetWithOtherExpiredTimeoutsTimesOutAndLongMaxValueWaits() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, release)) {
            Task<Integer> t = p.submit(awaiting(started, release));
            await(started, "the task");
            for (long timeout : new long[] {0L, -1L, -SECONDS.toNanos(5)}) {
                assertTimeoutPreemptively(Duration.ofSeconds(2),
                        () -> assertThrows(TimeoutException.class, () -> t.get(timeout, NANOSECONDS)));
            }
            long t0 = System.nanoTime();
            assertThrows(TimeoutException.class, () -> t.get(SHORT_DELAY_MS, MILLISECONDS));
            assertTrue(millisSince(t0) >= SHORT_DELAY_MS);
            new Thread(release::countDown).start();
            assertEquals(7, t.get(Long.MAX_VALUE, DAYS));
        }
    }

    @Test
    void timedGetOfANeverSubmittedTaskTimesOut() {
        // ForkJoinTask: TimeoutException (the task might be forked by another thread meanwhile).
        FibTask t = new FibTask(3);
        assertThrows(TimeoutException.class, () -> t.get(SHORT_DELAY_MS, MILLISECONDS));
    }

    @Test
    void untimedGetOfANeverSubmittedTaskWithTheInterruptSetThrowsInterruptedException() {
        // FutureTask and ForkJoinTask check the interrupt status before anything else; Weft's
        // IllegalStateException for a never-submitted task (FJP would wait forever) must come after it.
        FibTask t = new FibTask(3);
        Thread.currentThread().interrupt();
        try {
            assertThrows(InterruptedException.class, t::get);
            assertFalse(Thread.currentThread().isInterrupted(), "InterruptedException thrown but the status not cleared");
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void interruptedTimedGetWithAnExpiredTimeoutThrowsInterruptedException() throws Exception {
        // FutureTask.get(0, unit) and ForkJoinTask.get(0, unit) on an unfinished task from an interrupted
        // thread throw InterruptedException (status cleared), not TimeoutException.
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, never)) {
            Task<Integer> t = p.submit(awaiting(started, never));
            await(started, "the task");
            for (long timeout : new long[] {0L, -5L}) {
                Thread.currentThread().interrupt();
                try {
                    assertThrows(InterruptedException.class, () -> t.get(timeout, SECONDS),
                            "get(" + timeout + ", SECONDS) with the interrupt status set");
                    assertFalse(Thread.currentThread().isInterrupted());
                } finally {
                    Thread.interrupted();
                }
            }
        }
    }

    @Test
    void externalGetOfARunningTaskIsInterruptible() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, never)) {
            Task<Integer> t = p.submit(awaiting(started, never));
            await(started, "the task");
            Thread.currentThread().interrupt();
            try {
                assertThrows(InterruptedException.class, t::get);
                assertFalse(Thread.currentThread().isInterrupted());
                Thread.currentThread().interrupt();
                assertThrows(InterruptedException.class, () -> t.get(LONG_DELAY_MS, MILLISECONDS));
                assertFalse(Thread.currentThread().isInterrupted());
            } finally {
                Thread.interrupted();
            }
            // interrupted while parked
            Thread me = Thread.currentThread();
            AtomicBoolean sawParked = new AtomicBoolean();
            Thread interrupter = new Thread(() -> {
                sawParked.set(awaitParkedOn(me, t)); // interrupts anyway, so that a miss fails, not hangs
                me.interrupt();
            });
            interrupter.start();
            try {
                assertThrows(InterruptedException.class, t::get);
            } finally {
                interrupter.join();
                Thread.interrupted();
            }
            assertTrue(sawParked.get(), "the getter was not seen parked on the task before the interrupt");
            assertFalse(t.isDone());
        }
    }

    @Test
    void getOfACompletedTaskWithTheInterruptSetReturnsTheResultAndKeepsTheFlag() throws Exception {
        // FutureTask and ForkJoinTask (JDK 25): a completed task's get does not look at the interrupt.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            FibTask f = new FibTask(8);
            assertEquals(21, p.invoke(f));
            Thread.currentThread().interrupt();
            try {
                assertEquals(21, f.get());
                assertEquals(21, f.get(0, SECONDS));
                assertTrue(Thread.currentThread().isInterrupted());
            } finally {
                Thread.interrupted();
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // invokeAll

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void invokeAllRunsEveryTask(int parallelism) throws Exception {
        // TCK testInvokeAll2, testInvokeAll1 (one task), testInvokeAllCollection.
        WeftPool p = new WeftPool(parallelism);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FibTask f = new FibTask(8);
                FibTask g = new FibTask(9);
                Task.invokeAll(f, g);
                checkCompletedNormally(f, 21);
                checkCompletedNormally(g, 34);
                FibTask h = new FibTask(7);
                Task.invokeAll(h);
                checkCompletedNormally(h, 13);
                List<FibTask> l = List.of(new FibTask(8), new FibTask(9), new FibTask(7));
                Task.invokeAll(l);
                checkCompletedNormally(l.get(0), 21);
                checkCompletedNormally(l.get(1), 34);
                checkCompletedNormally(l.get(2), 13);
                Task.invokeAll(List.<Task<?>>of());
                Task.invokeAll();
            });
        }
    }

    @Test
    void invokeAllWithANullTaskThrowsNullPointerException() throws Exception {
        // TCK testInvokeAllNPE.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                assertThrows(NullPointerException.class, () -> Task.invokeAll(new FibTask(8), null));
                assertThrows(NullPointerException.class, () -> Task.invokeAll(new FibTask(8), new FibTask(9), null));
                assertThrows(NullPointerException.class, () -> Task.invokeAll(Arrays.asList(new FibTask(8), null)));
                assertThrows(NullPointerException.class, () -> Task.invokeAll((List<Task<?>>) null));
            });
        }
    }

    @Test
    void invokeAllOutsideAPoolWithANullTaskThrowsNullPointerException() {
        assertThrows(NullPointerException.class, () -> Task.invokeAll(new FibTask(8), null));
        assertThrows(NullPointerException.class, () -> Task.invokeAll(new FibTask(8), new FibTask(9), null));
        assertThrows(NullPointerException.class, () -> Task.invokeAll((List<Task<?>>) null));
        assertThrows(NullPointerException.class, () -> Task.invokeAll(Arrays.asList(new FibTask(8), null)));
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void invokeAllWithAFailureThrowsItAndCompletesTheOthers(int parallelism) throws Exception {
        // TCK testAbnormalInvokeAll2/3 (FJP rethrows the FJException; Weft wraps it, cause = original).
        IllegalStateException boom = new IllegalStateException("boom");
        WeftPool p = new WeftPool(parallelism);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FibTask f = new FibTask(8);
                FailingTask g = new FailingTask(boom);
                FibTask h = new FibTask(9);
                TaskFailedException e = assertThrows(TaskFailedException.class, () -> Task.invokeAll(f, g, h));
                assertSame(boom, e.getCause());
                checkCompletedNormally(f, 21);
                checkCompletedAbnormally(g, boom);
                checkCompletedNormally(h, 34);
            });
        }
    }

    @Test
    void invokeAllWithACancelledTaskThrowsCancellationAndRunsTheOthers() throws Exception {
        // ForkJoinTask.invokeAll(f, g) with g cancelled beforehand throws CancellationException.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                FibTask f = new FibTask(8);
                CountingTask g = new CountingTask();
                assertTrue(g.cancel(true));
                RuntimeException e = assertThrows(RuntimeException.class, () -> Task.invokeAll(f, g));
                if (!(e instanceof CancellationException)
                        && !(e instanceof TaskFailedException && e.getCause() instanceof CancellationException)) {
                    fail("expected CancellationException (or TaskFailedException of one), got " + e, e);
                }
                checkCompletedNormally(f, 21);
                checkCancelled(g);
                assertEquals(0, g.runs.get());
            });
        }
    }

    /**
     * Waits (bounded by {@code LONG_DELAY_MS}) until {@code waiter} is parked with {@code blocker} as its
     * park blocker — parked inside a wait for that task, so that what the caller does next reaches a
     * parked waiter, not one on its way in. Returns whether it saw that.
     */
    static boolean awaitParkedOn(Thread waiter, Object blocker) {
        long deadline = System.nanoTime() + MILLISECONDS.toNanos(LONG_DELAY_MS);
        while (System.nanoTime() < deadline) {
            Thread.State st = waiter.getState();
            if ((st == Thread.State.WAITING || st == Thread.State.TIMED_WAITING) && LockSupport.getBlocker(waiter) == blocker) {
                return true;
            }
            LockSupport.parkNanos(100_000L); // a poll interval, not evidence
        }
        return false;
    }
}
