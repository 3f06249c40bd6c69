package dev.weft;

import static dev.weft.ContractSupport.LONG_DELAY_MS;
import static dev.weft.ContractSupport.SHORT_DELAY_MS;
import static dev.weft.ContractSupport.TEST_STRING;
import static dev.weft.ContractSupport.await;
import static dev.weft.ContractSupport.callInPool;
import static dev.weft.ContractSupport.cleaner;
import static dev.weft.ContractSupport.millisSince;
import static dev.weft.ContractSupport.runInPool;
import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.NANOSECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link WeftPool} as a {@link java.util.concurrent.ExecutorService}: submit, execute, invokeAll and
 * invokeAny (timed and untimed, from outside and from inside the pool), cancellation with interrupts,
 * shutdown, shutdownNow, awaitTermination and close, the common pool, and interrupt hygiene between
 * tasks.
 *
 * <p>Adapted from the jsr166 TCK (public domain: ForkJoinPoolTest, ForkJoinPool8Test,
 * AbstractExecutorServiceTest, JSR166TestCase), written by Doug Lea with assistance from members of
 * JCP JSR-166 Expert Group. Where the TCK leaves a behaviour open, the expected behaviour is
 * {@link java.util.concurrent.ForkJoinPool}'s on JDK 25 (checked with a scratch program) unless noted.
 */
@Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ExecutorServiceContractTest {

    static Callable<String> stringTask() {
        return () -> TEST_STRING;
    }

    /** A callable that waits (interruptibly) for {@code latch} and then returns {@code TEST_STRING}. */
    static Callable<String> awaiting(CountDownLatch latch) {
        return () -> {
            latch.await();
            return TEST_STRING;
        };
    }

    /**
     * A callable that counts {@code started} down and then waits for {@code never}; if it is interrupted
     * it counts {@code interrupted} down. Used for tasks that must be stopped by an interrupt.
     */
    static Callable<String> interruptible(CountDownLatch started, CountDownLatch never, CountDownLatch interrupted) {
        return () -> {
            started.countDown();
            try {
                never.await();
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
            return "released";
        };
    }

    // ---------------------------------------------------------------------------------------------
    // submit and execute from outside the pool

    @Test
    void executeRunsTheRunnable() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            CountDownLatch ran = new CountDownLatch(1);
            p.execute(ran::countDown);
            await(ran, "the executed runnable");
        }
    }

    @Test
    void submitCallableReturnsItsResult() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            Future<String> f = p.submit(stringTask());
            assertSame(TEST_STRING, f.get());
            assertTrue(f.isDone());
            assertFalse(f.isCancelled());
            assertEquals(Future.State.SUCCESS, f.state());
            assertSame(TEST_STRING, f.resultNow());
            // A timed get of a completed task returns the result whatever the timeout (TCK: expired timeouts).
            assertSame(TEST_STRING, f.get(0, MILLISECONDS));
            assertSame(TEST_STRING, f.get(-1, SECONDS));
            assertSame(TEST_STRING, f.get(Long.MIN_VALUE, NANOSECONDS));
            assertSame(TEST_STRING, f.get(Long.MAX_VALUE, SECONDS));
        }
    }

    @Test
    void submitRunnableReturnsNullOrTheGivenResult() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            AtomicInteger runs = new AtomicInteger();
            Runnable r = runs::incrementAndGet;
            Future<?> f = p.submit(r);
            assertNull(f.get());
            assertTrue(f.isDone());
            assertFalse(f.isCancelled());
            Future<String> g = p.submit(() -> { runs.incrementAndGet(); }, TEST_STRING);
            assertSame(TEST_STRING, g.get());
            assertEquals(2, runs.get());
        }
    }

    @Test
    void submittedFailureReachesGetAsTheOriginalException() throws Exception {
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            ArithmeticException unchecked = new ArithmeticException("unchecked");
            Future<Object> f = p.submit(() -> { throw unchecked; });
            assertSame(unchecked, assertThrows(ExecutionException.class, f::get).getCause());
            assertSame(unchecked, assertThrows(ExecutionException.class, () -> f.get(LONG_DELAY_MS, MILLISECONDS)).getCause());
            assertTrue(f.isDone());
            assertFalse(f.isCancelled());
            assertEquals(Future.State.FAILED, f.state());
            assertSame(unchecked, f.exceptionNow());

            Exception checked = new java.io.IOException("checked");
            Future<Object> g = p.submit(() -> { throw checked; });
            assertSame(checked, assertThrows(ExecutionException.class, g::get).getCause());
        }
    }

    @Test
    void nullTasksAreRejectedWithNullPointerException() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            assertThrows(NullPointerException.class, () -> p.execute(null));
            assertThrows(NullPointerException.class, () -> p.submit((Runnable) null));
            assertThrows(NullPointerException.class, () -> p.submit((Runnable) null, TEST_STRING));
            assertThrows(NullPointerException.class, () -> p.submit((Callable<String>) null));
            assertThrows(NullPointerException.class, () -> p.submit((Task<String>) null));
            assertThrows(NullPointerException.class, () -> p.invoke((Task<String>) null));
            assertThrows(NullPointerException.class, () -> p.invoke((Supplier<String>) null));
            assertThrows(NullPointerException.class, () -> p.run(null));
        }
    }

    @Test
    void invokeAllAndInvokeAnyRejectNullArgumentsWithNullPointerException() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            List<Callable<String>> one = List.of(stringTask());
            List<Callable<String>> withNull = Arrays.asList(stringTask(), null);
            List<Callable<String>> onlyNull = Arrays.asList((Callable<String>) null);
            assertThrows(NullPointerException.class, () -> p.invokeAny(null));
            assertThrows(NullPointerException.class, () -> p.invokeAny(null, LONG_DELAY_MS, MILLISECONDS));
            assertThrows(NullPointerException.class, () -> p.invokeAny(one, LONG_DELAY_MS, null));
            assertThrows(NullPointerException.class, () -> p.invokeAny(onlyNull));
            assertThrows(NullPointerException.class, () -> p.invokeAny(onlyNull, LONG_DELAY_MS, MILLISECONDS));
            assertThrows(NullPointerException.class, () -> p.invokeAll(null));
            assertThrows(NullPointerException.class, () -> p.invokeAll(null, LONG_DELAY_MS, MILLISECONDS));
            assertThrows(NullPointerException.class, () -> p.invokeAll(one, LONG_DELAY_MS, null));
            assertThrows(NullPointerException.class, () -> p.invokeAll(withNull));
            assertThrows(NullPointerException.class, () -> p.invokeAll(withNull, LONG_DELAY_MS, MILLISECONDS));
        }
    }

    @Test
    void invokeAnyWithANullAfterAStartedTaskThrowsNullPointerException() throws Exception {
        // TCK testInvokeAny4: the first task is already submitted when the null is found.
        CountDownLatch latch = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, latch)) {
            List<Callable<String>> l = Arrays.asList(awaiting(latch), null);
            assertThrows(NullPointerException.class, () -> p.invokeAny(l));
        }
    }

    @Test
    void invokeAnyOfNothingThrowsIllegalArgumentException() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            assertThrows(IllegalArgumentException.class, () -> p.invokeAny(new ArrayList<Callable<String>>()));
            assertThrows(IllegalArgumentException.class,
                    () -> p.invokeAny(new ArrayList<Callable<String>>(), LONG_DELAY_MS, MILLISECONDS));
        }
    }

    @Test
    void invokeAllOfNothingReturnsAnEmptyList() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            assertTrue(p.invokeAll(List.<Callable<String>>of()).isEmpty());
            assertTrue(p.invokeAll(List.<Callable<String>>of(), LONG_DELAY_MS, MILLISECONDS).isEmpty());
        }
    }

    // ---------------------------------------------------------------------------------------------
    // invokeAny / invokeAll from outside the pool

    @Test
    void invokeAnyWhenEveryTaskFailsThrowsExecutionExceptionWithAnOriginalCause() throws Exception {
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            NullPointerException npe = new NullPointerException("npe");
            IllegalStateException ise = new IllegalStateException("ise");
            List<Callable<String>> l = List.of(() -> { throw npe; }, () -> { throw ise; });
            ExecutionException e = assertThrows(ExecutionException.class, () -> p.invokeAny(l));
            assertTrue(e.getCause() == npe || e.getCause() == ise, "cause: " + e.getCause());
            e = assertThrows(ExecutionException.class, () -> p.invokeAny(l, LONG_DELAY_MS, MILLISECONDS));
            assertTrue(e.getCause() == npe || e.getCause() == ise, "cause: " + e.getCause());
            e = assertThrows(ExecutionException.class, () -> p.invokeAny(List.<Callable<String>>of(() -> { throw npe; })));
            assertSame(npe, e.getCause());
        }
    }

    @Test
    void invokeAnyReturnsTheResultOfATaskThatSucceeds() throws Exception {
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            List<Callable<String>> l = List.of(() -> { throw new ArithmeticException(); }, stringTask(), stringTask());
            assertSame(TEST_STRING, p.invokeAny(l));
            assertSame(TEST_STRING, p.invokeAny(l, LONG_DELAY_MS, MILLISECONDS));
        }
    }

    @Test
    void invokeAllReturnsDoneFuturesInTaskOrder() throws Exception {
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            ArithmeticException boom = new ArithmeticException("boom");
            List<Callable<String>> l = List.of(stringTask(), () -> { throw boom; }, () -> "third");
            for (List<Future<String>> fs : List.of(p.invokeAll(l), p.invokeAll(l, LONG_DELAY_MS, MILLISECONDS))) {
                assertEquals(3, fs.size());
                for (Future<String> f : fs) {
                    assertTrue(f.isDone());
                    assertFalse(f.isCancelled());
                }
                assertSame(TEST_STRING, fs.get(0).get());
                assertSame(boom, assertThrows(ExecutionException.class, () -> fs.get(1).get()).getCause());
                assertEquals("third", fs.get(2).get());
            }
        }
    }

    @Test
    void timedInvokeAnyTimesOutWhenNoTaskCompletes() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p, never)) {
            long t0 = System.nanoTime();
            assertThrows(TimeoutException.class,
                    () -> p.invokeAny(List.of(awaiting(never), awaiting(never)), SHORT_DELAY_MS, MILLISECONDS));
            long ms = millisSince(t0);
            assertTrue(ms >= SHORT_DELAY_MS, "returned after " + ms + " ms");
            assertTrue(ms < LONG_DELAY_MS, "returned after " + ms + " ms");
        }
    }

    @Test
    void timedInvokeAllCancelsTheTasksNotDoneInTime() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p, never)) {
            long timeout = 10 * SHORT_DELAY_MS;
            long t0 = System.nanoTime();
            List<Future<String>> fs = p.invokeAll(List.of(stringTask(), awaiting(never)), timeout, MILLISECONDS);
            assertTrue(millisSince(t0) >= timeout);
            assertEquals(2, fs.size());
            assertSame(TEST_STRING, fs.get(0).get());
            assertTrue(fs.get(1).isDone());
            assertTrue(fs.get(1).isCancelled());
            assertThrows(CancellationException.class, () -> fs.get(1).get());
        }
    }

    @Test
    void timedInvokeAllInterruptsTheRunningTasksItCancels() throws Exception {
        // As ThreadPoolExecutor and ForkJoinPool: the unfinished tasks are cancelled with cancel(true),
        // so a loser blocked interruptibly stops instead of holding a worker.
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p, never)) {
            List<Future<String>> fs = p.invokeAll(List.of(stringTask(), interruptible(started, never, interrupted)),
                    10 * SHORT_DELAY_MS, MILLISECONDS);
            assertTrue(fs.get(1).isCancelled());
            assertEquals(0, started.getCount(), "the slow task should have started");
            await(interrupted, "the cancelled task to be interrupted");
        }
    }

    @Test
    void invokeAnyInterruptsTheLosers() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p, never)) {
            List<Callable<String>> l = List.of(interruptible(started, never, interrupted), () -> {
                started.await();
                return TEST_STRING;
            });
            assertSame(TEST_STRING, p.invokeAny(l));
            await(interrupted, "the losing task to be interrupted");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // cancel and interrupts of submitted tasks

    @Test
    void cancelTrueInterruptsARunningSubmittedCallable() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, never)) {
            Future<String> f = p.submit(interruptible(started, never, interrupted));
            await(started, "the task to start");
            assertTrue(f.cancel(true));
            assertTrue(f.isCancelled());
            assertTrue(f.isDone());
            assertThrows(CancellationException.class, f::get);
            assertThrows(CancellationException.class, () -> f.get(LONG_DELAY_MS, MILLISECONDS));
            await(interrupted, "cancel(true) to interrupt the running callable");
        }
    }

    @Test
    void cancelTrueInterruptsARunningSubmittedRunnable() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, never)) {
            Callable<String> body = interruptible(started, never, interrupted);
            Future<?> f = p.submit(() -> {
                try {
                    body.call();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            await(started, "the task to start");
            assertTrue(f.cancel(true));
            assertThrows(CancellationException.class, f::get);
            await(interrupted, "cancel(true) to interrupt the running runnable");
        }
    }

    @Test
    void cancelFalseDoesNotInterruptARunningTask() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        AtomicBoolean sawInterrupt = new AtomicBoolean();
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, release)) {
            Future<String> f = p.submit(() -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    sawInterrupt.set(true);
                }
                finished.countDown();
                return TEST_STRING;
            });
            await(started, "the task to start");
            assertTrue(f.cancel(false));
            assertTrue(f.isCancelled());
            release.countDown();
            await(finished, "the task to finish");
            assertFalse(sawInterrupt.get(), "cancel(false) interrupted the task");
            assertThrows(CancellationException.class, f::get);
        }
    }

    @Test
    void aCancelledSubmissionNeverRuns() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, release)) {
            p.submit(() -> {
                started.countDown();
                release.await();
                return null;
            });
            await(started, "the blocker to start");
            Future<Integer> f = p.submit(ran::incrementAndGet);
            assertTrue(f.cancel(false));
            release.countDown();
            assertEquals(TEST_STRING, p.submit(stringTask()).get(LONG_DELAY_MS, MILLISECONDS)); // queued after f
            assertEquals(0, ran.get());
            assertTrue(f.isCancelled());
        }
    }

    @Test
    void getOfASubmittedTaskIsInterruptible() throws Exception {
        // TCK testInterruptedSubmit.
        CountDownLatch submitted = new CountDownLatch(1);
        CountDownLatch quittingTime = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, quittingTime)) {
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread t = new Thread(() -> {
                Future<String> f = p.submit(awaiting(quittingTime));
                submitted.countDown();
                try {
                    f.get();
                    outcome.set(new AssertionError("get returned"));
                } catch (Throwable e) {
                    outcome.set(e);
                }
            });
            t.start();
            await(submitted, "the submission");
            t.interrupt();
            t.join(LONG_DELAY_MS);
            assertFalse(t.isAlive(), "get() ignored the interrupt");
            if (!(outcome.get() instanceof InterruptedException)) {
                fail("expected InterruptedException, got " + outcome.get(), outcome.get());
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The same from inside the pool (parallelism 1: the caller's worker is the only one)

    @Test
    void submitAndGetInsideThePool() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            assertEquals(42, callInPool(p, () -> p.submit(() -> 42).get()));
        }
    }

    @Test
    void timedGetInsideThePoolOfATaskSubmittedThere() throws Exception {
        // ForkJoinPool runs (or helps with) the task in a timed get from a worker, as in an untimed one.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            assertEquals(42, callInPool(p, () -> {
                Future<Integer> f = p.submit(() -> 42);
                try {
                    return f.get(2, SECONDS);
                } catch (TimeoutException e) {
                    throw new AssertionError("timed get from the only worker, of a task it submitted, timed out: it waited"
                            + " for the task instead of running it", e);
                }
            }));
        }
    }

    @Test
    void invokeAndRunInsideThePool() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            assertEquals(42, callInPool(p, () -> p.invoke(() -> 42)));
            assertEquals(42, callInPool(p, () -> p.invoke(Task.of(() -> 42))));
            AtomicInteger ran = new AtomicInteger();
            runInPool(p, () -> p.run(ran::incrementAndGet));
            assertEquals(1, ran.get());
        }
    }

    @Test
    void executeInsideThePoolRunsTheRunnable() throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            runInPool(p, () -> p.execute(ran::countDown));
            await(ran, "the runnable executed from inside the pool");
        }
    }

    @Test
    void invokeAllInsideThePool() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            List<Future.State> states = callInPool(p, () -> p.invokeAll(List.of(stringTask(), stringTask(), () -> "x"))
                    .stream().map(Future::state).toList());
            assertEquals(List.of(Future.State.SUCCESS, Future.State.SUCCESS, Future.State.SUCCESS), states);
        }
    }

    @Test
    void timedInvokeAllInsideThePool() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            List<Future.State> states = callInPool(p, () -> p.invokeAll(List.of(stringTask(), stringTask(), () -> "x"),
                    2, SECONDS).stream().map(Future::state).toList());
            assertEquals(List.of(Future.State.SUCCESS, Future.State.SUCCESS, Future.State.SUCCESS), states);
        }
    }

    @Test
    void invokeAnyInsideThePool() throws Exception {
        WeftPool p = new WeftPool(1);
        try {
            assertSame(TEST_STRING, callInPool(p, () -> p.invokeAny(List.of(stringTask(), stringTask()))));
        } finally {
            p.shutdownNow(); // a worker blocked in invokeAny would keep close() waiting
            assertTrue(p.awaitTermination(LONG_DELAY_MS, MILLISECONDS));
        }
    }

    @Test
    void timedInvokeAnyInsideThePool() throws Exception {
        WeftPool p = new WeftPool(1);
        try {
            assertSame(TEST_STRING, callInPool(p, () -> {
                try {
                    return p.invokeAny(List.of(stringTask(), stringTask()), 2, SECONDS);
                } catch (TimeoutException e) {
                    throw new AssertionError("timed invokeAny from the only worker timed out: the tasks it submitted"
                            + " never ran", e);
                }
            }));
        } finally {
            p.shutdownNow();
            assertTrue(p.awaitTermination(LONG_DELAY_MS, MILLISECONDS));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // shutdown, shutdownNow, awaitTermination, close

    @Test
    void awaitTerminationTimesOutWhileThePoolRuns() throws Exception {
        // TCK testAwaitTermination_timesOut.
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            assertFalse(p.isTerminated());
            assertFalse(p.awaitTermination(Long.MIN_VALUE, NANOSECONDS));
            assertFalse(p.awaitTermination(Long.MIN_VALUE, MILLISECONDS));
            assertFalse(p.awaitTermination(-1L, NANOSECONDS));
            assertFalse(p.awaitTermination(-1L, MILLISECONDS));
            assertFalse(p.awaitTermination(0L, SECONDS));
            long t0 = System.nanoTime();
            assertFalse(p.awaitTermination(SHORT_DELAY_MS, MILLISECONDS));
            assertTrue(millisSince(t0) >= SHORT_DELAY_MS);
            assertFalse(p.isTerminated());
            p.shutdown();
            assertTrue(p.awaitTermination(LONG_DELAY_MS, MILLISECONDS));
            assertTrue(p.isTerminated());
        }
    }

    @Test
    void awaitTerminationIsInterruptible() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            Thread.currentThread().interrupt();
            try {
                assertThrows(InterruptedException.class, () -> p.awaitTermination(LONG_DELAY_MS, MILLISECONDS));
            } finally {
                Thread.interrupted();
            }
        }
    }

    @Test
    void everySubmissionFormIsRejectedAfterShutdown() throws Exception {
        for (boolean now : new boolean[] {false, true}) {
            WeftPool p = new WeftPool(1);
            try (var c = cleaner(p)) {
                if (now) {
                    p.shutdownNow();
                } else {
                    p.shutdown();
                }
                assertTrue(p.isShutdown());
                List<Callable<String>> l = List.of(stringTask());
                assertThrows(RejectedExecutionException.class, () -> p.execute(() -> { }));
                assertThrows(RejectedExecutionException.class, () -> p.submit(() -> { }));
                assertThrows(RejectedExecutionException.class, () -> p.submit(() -> { }, TEST_STRING));
                assertThrows(RejectedExecutionException.class, () -> p.submit(stringTask()));
                assertThrows(RejectedExecutionException.class, () -> p.submit(Task.of(() -> 1)));
                assertThrows(RejectedExecutionException.class, () -> p.invoke(Task.of(() -> 1)));
                assertThrows(RejectedExecutionException.class, () -> p.invoke(() -> 1));
                assertThrows(RejectedExecutionException.class, () -> p.run(() -> { }));
                assertThrows(RejectedExecutionException.class, () -> p.invokeAll(l));
                assertThrows(RejectedExecutionException.class, () -> p.invokeAll(l, LONG_DELAY_MS, MILLISECONDS));
                assertThrows(RejectedExecutionException.class, () -> p.invokeAny(l));
                assertThrows(RejectedExecutionException.class, () -> p.invokeAny(l, LONG_DELAY_MS, MILLISECONDS));
            }
        }
    }

    @Test
    void shutdownLetsRunningAndQueuedTasksFinish() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, release)) {
            Future<String> running = p.submit(() -> {
                started.countDown();
                release.await();
                return "running";
            });
            await(started, "the first task");
            Future<String> queued = p.submit(() -> "queued");
            p.shutdown();
            assertTrue(p.isShutdown());
            assertFalse(p.isTerminated());
            assertFalse(p.awaitTermination(SHORT_DELAY_MS, MILLISECONDS));
            release.countDown();
            assertTrue(p.awaitTermination(LONG_DELAY_MS, MILLISECONDS));
            assertTrue(p.isTerminated());
            assertEquals("running", running.get());
            assertEquals("queued", queued.get());
        }
    }

    @Test
    void shutdownNowReturnsTheExecutedAndSubmittedTasksThatNeverStarted() throws Exception {
        // ExecutorService: "a list of the tasks that never commenced execution". ThreadPoolExecutor
        // returns the Runnable given to execute() and the Future returned by submit(). (ForkJoinPool
        // always returns an empty list: a deviation of FJP's we do not copy.)
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, release)) {
            p.execute(() -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException expected) {
                    // shutdownNow interrupts
                }
            });
            await(started, "the blocker");
            Runnable executed = () -> { };
            p.execute(executed);
            Future<String> submitted = p.submit(stringTask());
            List<Runnable> never = p.shutdownNow();
            assertEquals(2, never.size(), "returned: " + never);
            assertTrue(never.stream().anyMatch(r -> r == executed), "the execute()d runnable is missing: " + never);
            assertTrue(never.stream().anyMatch(r -> r == submitted), "the submit()ted future is missing: " + never);
        }
    }

    @Test
    void shutdownNowCancelsTheSubmissionsThatNeverStarted() throws Exception {
        // As ForkJoinPool: a thread waiting in get() on a dropped submission must not wait forever.
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, release)) {
            p.submit(() -> {
                started.countDown();
                release.await();
                return null;
            });
            await(started, "the blocker");
            Future<Integer> f = p.submit(ran::incrementAndGet);
            p.execute(ran::incrementAndGet);
            p.shutdownNow();
            assertThrows(CancellationException.class, () -> f.get(LONG_DELAY_MS, MILLISECONDS));
            assertTrue(f.isCancelled());
            assertTrue(p.awaitTermination(LONG_DELAY_MS, MILLISECONDS));
            assertEquals(0, ran.get());
        }
    }

    @Test
    void shutdownNowInterruptsRunningTasks() throws Exception {
        CountDownLatch started = new CountDownLatch(2);
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(2);
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p, never)) {
            Future<String> a = p.submit(interruptible(started, never, interrupted));
            Future<String> b = p.submit(interruptible(started, never, interrupted));
            await(started, "both tasks to start");
            p.shutdownNow();
            await(interrupted, "shutdownNow to interrupt both running tasks");
            assertTrue(p.awaitTermination(LONG_DELAY_MS, MILLISECONDS));
            assertTrue(p.isTerminated());
            assertTrue(a.isDone());
            assertTrue(b.isDone());
        }
    }

    @Test
    void shutdownNowOfAnIdlePoolReturnsNothingAndTerminates() throws Exception {
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            assertEquals(TEST_STRING, p.submit(stringTask()).get());
            assertTrue(p.shutdownNow().isEmpty());
            assertTrue(p.isShutdown());
            assertTrue(p.awaitTermination(LONG_DELAY_MS, MILLISECONDS));
            assertTrue(p.isTerminated());
        }
    }

    @Test
    void shutdownShutdownNowAndCloseAreIdempotent() throws Exception {
        WeftPool p = new WeftPool(2);
        try (var c = cleaner(p)) {
            p.shutdown();
            p.shutdown();
            assertTrue(p.shutdownNow().isEmpty());
            p.close();
            p.close();
            assertTrue(p.shutdownNow().isEmpty());
            assertTrue(p.isShutdown());
            assertTrue(p.isTerminated());
            assertTrue(p.awaitTermination(0, MILLISECONDS));
        }
    }

    @Test
    void closeWaitsForRunningTasks() throws Exception {
        AtomicBoolean finished = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            p.execute(() -> {
                started.countDown();
                try {
                    Thread.sleep(4 * SHORT_DELAY_MS);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                finished.set(true);
            });
            await(started, "the task");
            p.close();
            assertTrue(finished.get());
            assertTrue(p.isTerminated());
        }
    }

    @Test
    void closeWhenInterruptedStopsTheTasksAndKeepsTheInterrupt() throws Exception {
        // ExecutorService.close: "if interrupted while waiting, this method stops all executing tasks as
        // if by invoking shutdownNow(). It then continues to wait ... the interrupt status is re-asserted".
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, never)) {
            p.submit(interruptible(started, never, interrupted));
            await(started, "the task");
            AtomicBoolean flagAfterClose = new AtomicBoolean();
            Thread closer = new Thread(() -> {
                p.close();
                flagAfterClose.set(Thread.currentThread().isInterrupted());
            });
            closer.start();
            long t0 = System.nanoTime();
            while (closer.getState() != Thread.State.WAITING && closer.getState() != Thread.State.TIMED_WAITING
                    && millisSince(t0) < LONG_DELAY_MS) {
                Thread.onSpinWait();
            }
            closer.interrupt();
            closer.join(LONG_DELAY_MS);
            assertFalse(closer.isAlive(), "close() did not return after its thread was interrupted");
            assertEquals(0, interrupted.getCount(), "the running task was not interrupted");
            assertTrue(flagAfterClose.get(), "close() did not re-assert the interrupt");
            assertTrue(p.isTerminated());
        }
    }

    @Test
    void closeFromInsideAWorkerShutsDownWithoutWaitingForItself() throws Exception {
        // Weft's documented behaviour (ForkJoinPool.close() from its own worker waits forever).
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            runInPool(p, () -> {
                p.close();
                assertTrue(p.isShutdown());
            });
            assertTrue(p.awaitTermination(LONG_DELAY_MS, MILLISECONDS));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The common pool

    @Test
    void commonPoolIgnoresShutdownNow() throws Exception {
        WeftPool common = WeftPool.common();
        assertTrue(common.shutdownNow().isEmpty());
        common.close();
        assertFalse(common.isShutdown());
        assertFalse(common.isTerminated());
        assertEquals(TEST_STRING, common.submit(stringTask()).get(LONG_DELAY_MS, MILLISECONDS));
    }

    @Test
    void commonPoolAwaitTerminationReturnsFalsePromptlyWhenQuiescent() throws Exception {
        long t0 = System.nanoTime();
        assertFalse(WeftPool.common().awaitTermination(LONG_DELAY_MS, MILLISECONDS));
        assertTrue(millisSince(t0) < LONG_DELAY_MS / 2, "an idle common pool made awaitTermination wait");
    }

    @Test
    void commonPoolAwaitTerminationWaitsForQuiescence() throws Exception {
        // ForkJoinPool.commonPool().awaitTermination is awaitQuiescence(timeout) that returns false: it
        // waits until the submitted work is done (or the timeout passes), not returning at once.
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean finished = new AtomicBoolean();
        Future<?> f = WeftPool.common().submit(() -> {
            started.countDown();
            try {
                Thread.sleep(6 * SHORT_DELAY_MS);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            finished.set(true);
        });
        await(started, "the task in the common pool");
        long t0 = System.nanoTime();
        assertFalse(WeftPool.common().awaitTermination(LONG_DELAY_MS, MILLISECONDS));
        long ms = millisSince(t0);
        assertTrue(finished.get(), "awaitTermination returned after " + ms + " ms, before the running task finished");
        assertTrue(ms < LONG_DELAY_MS, "returned only at the timeout");
        f.get(LONG_DELAY_MS, MILLISECONDS);
    }

    @Test
    void commonPoolAwaitTerminationWaitsUpToTheTimeoutWhileBusy() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<?> f = WeftPool.common().submit(() -> {
            started.countDown();
            release.await();
            return null;
        });
        try {
            await(started, "the task in the common pool");
            long timeout = 4 * SHORT_DELAY_MS;
            long t0 = System.nanoTime();
            assertFalse(WeftPool.common().awaitTermination(timeout, MILLISECONDS));
            long ms = millisSince(t0);
            assertTrue(ms >= timeout - 10, "returned false after " + ms + " ms of a " + timeout + " ms timeout");
        } finally {
            release.countDown();
        }
        f.get(LONG_DELAY_MS, MILLISECONDS);
    }

    // ---------------------------------------------------------------------------------------------
    // Interrupt hygiene: a task's interrupt must not reach the next task on the same worker

    @Test
    void anInterruptLeftByASubmittedTaskDoesNotReachTheNextTask() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, gate)) {
            p.submit(() -> {
                started.countDown();
                gate.await();
                Thread.currentThread().interrupt(); // and leave it set
                return null;
            });
            await(started, "the first task");
            Future<Boolean> next = p.submit(() -> Thread.currentThread().isInterrupted()); // queued behind it
            gate.countDown();
            assertFalse(next.get(LONG_DELAY_MS, MILLISECONDS), "the next task started with its thread interrupted");
        }
    }

    @Test
    void anInterruptLeftByAnExecutedRunnableDoesNotReachTheNextTask() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch nextRan = new CountDownLatch(1);
        AtomicBoolean nextSawInterrupt = new AtomicBoolean();
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p, gate)) {
            p.execute(() -> {
                started.countDown();
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                Thread.currentThread().interrupt();
            });
            await(started, "the first runnable");
            p.execute(() -> {
                nextSawInterrupt.set(Thread.currentThread().isInterrupted());
                nextRan.countDown();
            });
            gate.countDown();
            await(nextRan, "the next runnable");
            assertFalse(nextSawInterrupt.get(), "the next runnable started with its thread interrupted");
        }
    }

    @Test
    void cancelTrueOfATaskThatIgnoresInterruptsDoesNotReachTheNextTask() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean release = new AtomicBoolean();
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            Future<?> spinner = p.submit(() -> {
                started.countDown();
                while (!release.get()) {
                    Thread.onSpinWait(); // ignores (and keeps) any interrupt
                }
                return null;
            });
            await(started, "the spinning task");
            Future<Boolean> next = p.submit(() -> Thread.currentThread().isInterrupted());
            assertTrue(spinner.cancel(true));
            release.set(true);
            assertFalse(next.get(LONG_DELAY_MS, MILLISECONDS), "cancel(true)'s interrupt reached the next task");
        }
    }

    @Test
    void cancelTrueRacingWithCompletionNeverInterruptsTheNextTask() throws Exception {
        WeftPool p = new WeftPool(1);
        try (var c = cleaner(p)) {
            int leaks = 0;
            for (int i = 0; i < 300; i++) {
                int spins = i * 7 % 1000;
                Future<?> f = p.submit(() -> {
                    for (int k = 0; k < spins; k++) {
                        Thread.onSpinWait();
                    }
                    return null;
                });
                f.cancel(true);
                if (p.submit(() -> Thread.currentThread().isInterrupted()).get(LONG_DELAY_MS, MILLISECONDS)) {
                    leaks++;
                }
            }
            assertEquals(0, leaks, "tasks that started with an interrupt meant for a cancelled predecessor");
        }
    }
}
