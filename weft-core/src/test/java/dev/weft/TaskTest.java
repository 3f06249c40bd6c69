package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TaskTest extends SharedPools {
    static final class Fib extends Task<Integer> {
        final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n < 2) {
                return n;
            }
            Fib f1 = new Fib(n - 1);
            f1.fork();
            int b = new Fib(n - 2).compute();
            return f1.join() + b;
        }
    }

    /** Forks both children and joins them in fork order (not LIFO), as much FJP code does. */
    static final class FifoFib extends Task<Integer> {
        final int n;

        FifoFib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n < 2) {
                return n;
            }
            FifoFib a = new FifoFib(n - 1);
            FifoFib b = new FifoFib(n - 2);
            a.fork();
            b.fork();
            return a.join() + b.join();
        }
    }

    static int serialFib(int n) {
        return n < 2 ? n : serialFib(n - 1) + serialFib(n - 2);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void forkJoinComputesTheSerialResult(int p) {
        WeftPool pool = pool(p);
        assertEquals(serialFib(22), pool.invoke(new Fib(22)));
        assertEquals(serialFib(20), pool.invoke(new FifoFib(20)));
    }

    @Test
    void invokeAllRunsEveryTaskAndReportsResults() {
        List<Task<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            tasks.add(new Fib(i));
        }
        p4.run(() -> Task.invokeAll(tasks));
        for (int i = 0; i < 20; i++) {
            assertTrue(tasks.get(i).isCompletedNormally());
            assertEquals(serialFib(i), tasks.get(i).join());
        }
        Fib a = new Fib(10);
        Fib b = new Fib(11);
        p1.run(() -> Task.invokeAll(a, b));
        assertEquals(55, a.join());
        assertEquals(89, b.join());
    }

    @Test
    void invokeAllKeepsEveryFailure() {
        RuntimeException e1 = new RuntimeException("1");
        RuntimeException e2 = new RuntimeException("2");
        Task<Integer> ok = Task.of(() -> 1);
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> p4.run(() -> Task.invokeAll(
                Task.of(() -> { throw e1; }), ok, Task.of(() -> { throw e2; }))));
        assertSame(e1, e.getCause());
        assertEquals(List.of(e2), List.of(e.getSuppressed()));
        assertTrue(ok.isCompletedNormally());
    }

    @Test
    void forkingTwiceIsAnError() {
        // A misuse inside a task is that task's failure: it reaches the caller as the cause.
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> p1.run(() -> {
            Fib f = new Fib(5);
            f.fork();
            f.fork();
        }));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("already forked"), e.getCause().getMessage());
        Fib done = new Fib(3);
        assertEquals(2, p1.invoke(done));
        assertThrows(IllegalStateException.class, () -> p1.invoke(done));
    }

    @Test
    void joiningAnUnsubmittedTaskOutsideAPoolIsAnError() {
        Fib f = new Fib(3);
        IllegalStateException e = assertThrows(IllegalStateException.class, f::join);
        assertTrue(e.getMessage().contains("never forked"), e.getMessage());
        assertThrows(IllegalStateException.class, f::get);
    }

    @Test
    void joiningAnUnforkedTaskInsideAPoolIsAnError() {
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> p4.run(() -> new Fib(3).join()));
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    @Test
    void failureReachesJoinGetAndGetException() throws Exception {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        Task<Integer> t = Task.of(() -> { throw boom; });
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> p4.invoke(t));
        assertSame(boom, e.getCause());
        assertSame(boom, t.getException());
        assertFalse(t.isCompletedNormally());
        assertTrue(t.isDone());
        ExecutionException ee = assertThrows(ExecutionException.class, t::get);
        assertSame(boom, ee.getCause());
        assertSame(boom, assertThrows(TaskFailedException.class, t::join).getCause());
    }

    @Test
    void failureOfAStolenTaskReachesItsJoiner() {
        // Many forked children that throw: some are stolen (4 workers), all failures must surface.
        for (int round = 0; round < 20; round++) {
            TaskFailedException e = assertThrows(TaskFailedException.class, () -> p4.invoke(new Task<Integer>() {
                @Override
                protected Integer compute() {
                    List<Task<Integer>> ts = new ArrayList<>();
                    for (int i = 0; i < 64; i++) {
                        int k = i;
                        ts.add(Task.of(() -> {
                            if (k % 16 == 15) {
                                throw new IllegalStateException("child " + k);
                            }
                            return serialFib(15);
                        }));
                    }
                    Task.invokeAll(ts);
                    return 0;
                }
            }));
            assertEquals("child 15", e.getCause().getMessage());
            assertEquals(3, e.getSuppressed().length);
        }
    }

    @Test
    void cancelledTaskNeverRunsAndJoinThrowsCancellation() {
        AtomicInteger ran = new AtomicInteger();
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> p1.run(() -> {
            Task<Integer> t = Task.of(ran::incrementAndGet);
            t.fork();
            assertTrue(t.cancel(false));
            assertTrue(t.isCancelled());
            assertTrue(t.isDone());
            t.join();
        }));
        assertInstanceOf(CancellationException.class, e.getCause());
        assertEquals(0, ran.get());
    }

    @Test
    void cancelAfterCompletionFails() {
        Task<Integer> t = Task.of(() -> 7);
        assertEquals(7, p1.invoke(t));
        assertFalse(t.cancel(true));
        assertFalse(t.isCancelled());
    }

    @Test
    void cancellationWhileRunningWinsOverTheResult() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Task<Integer> t = Task.of(() -> {
            started.countDown();
            Latches.awaitBlocking(release);
            return 1;
        });
        p4.submit(t);
        assertTrue(started.await(10, TimeUnit.SECONDS));
        assertTrue(t.cancel(true));
        release.countDown();
        assertThrows(CancellationException.class, t::get);
        assertTrue(t.isCancelled());
    }

    @Test
    void externalGetWaitsForTheResultAndTimesOut() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Task<String> t = Task.of(() -> {
            Latches.awaitBlocking(release);
            return "done";
        });
        p4.submit(t);
        assertThrows(TimeoutException.class, () -> t.get(20, TimeUnit.MILLISECONDS));
        release.countDown();
        assertEquals("done", t.get(10, TimeUnit.SECONDS));
        assertEquals("done", t.resultNow());
    }

    @Test
    void forkOutsideAPoolUsesTheCommonPool() {
        Fib f = new Fib(15);
        f.fork();
        assertEquals(610, f.join());
        assertEquals(610, new Fib(15).invoke());
    }

    @Test
    void getExceptionIsNullWhileRunningOrOnSuccess() {
        Task<Integer> t = Task.of(() -> 1);
        assertNull(t.getException());
        p1.invoke(t);
        assertNull(t.getException());
        Task<Integer> c = Task.of(() -> 1);
        c.cancel(false);
        assertInstanceOf(CancellationException.class, c.getException());
    }
}
