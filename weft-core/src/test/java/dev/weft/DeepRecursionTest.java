package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeepRecursionTest {
    /** A chain of depth n where each level forks the next level and joins it. */
    static final class Chain extends Task<Integer> {
        final int n;

        Chain(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n == 0) {
                return 0;
            }
            Chain next = new Chain(n - 1);
            next.fork();
            return next.join() + 1;
        }
    }

    static int chain(int n) {
        return n == 0 ? 0 : Weft.joinInt(DeepRecursionTest::chain, n - 1, 0, (a, b) -> a + 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void hundredThousandDeepChainOfForksCompletes(int p) {
        try (WeftPool pool = new WeftPool(p)) {
            assertEquals(100_000, pool.invoke(new Chain(100_000)));
            assertEquals(100_000, pool.invoke(() -> chain(100_000)));
        }
    }

    static int runaway(int n) {
        return Weft.joinInt(DeepRecursionTest::runaway, n + 1, 0, Integer::sum);
    }

    @Test
    void stackOverflowReachesTheJoinerAndThePoolSurvives() {
        try (WeftPool pool = WeftPool.builder().parallelism(2).stackSize(1 << 20).build()) {
            TaskFailedException e = assertThrows(TaskFailedException.class, () -> pool.invoke(() -> runaway(0)));
            Throwable c = e.getCause();
            assertInstanceOf(StackOverflowError.class, c);
            assertEquals(6765, pool.invoke(() -> JoinTest.fib(20)));
            assertEquals(1000, pool.invoke(new Chain(1000)));
        }
    }

    /**
     * Recurses until the stack overflows, forking at every level a task it never joins: its leftover,
     * which the level's frame runs (drains) once the level ends — near the top of the stack, where the
     * drain's own bookkeeping may overflow too.
     */
    static final class Leaky extends Task<Integer> {
        final ConcurrentLinkedQueue<Task<Integer>> leftovers;
        final int[] pad;

        Leaky(ConcurrentLinkedQueue<Task<Integer>> leftovers, int[] pad) {
            this.leftovers = leftovers;
            this.pad = pad;
        }

        @Override
        protected Integer compute() {
            Task<Integer> leftover = Task.of(() -> pad.length);
            leftover.fork();
            leftovers.add(leftover); // only once forked: an overflow may stop this level before that
            Leaky next = new Leaky(leftovers, pad);
            next.fork();
            return next.join() + 1;
        }
    }

    /** Uses about {@code depth} frames of stack, then starts a {@link Leaky} chain. */
    static int padded(int depth, ConcurrentLinkedQueue<Task<Integer>> leftovers, int[] pad) {
        if (depth == 0) {
            return new Leaky(leftovers, pad).invoke();
        }
        return padded(depth - 1, leftovers, pad) + pad[0];
    }

    /**
     * Every task forked on the way to a stack overflow completes — it ran, or it failed with the
     * overflow — however close to the stack's end its frame drains it: none is lost and left for a
     * joiner to wait on forever.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void tasksLeftNearTheEndOfTheStackCompleteWhenItOverflows(int p) throws Exception {
        try (WeftPool pool = WeftPool.builder().parallelism(p).stackSize(256 << 10).build()) {
            for (int round = 0; round < 60; round++) {
                ConcurrentLinkedQueue<Task<Integer>> leftovers = new ConcurrentLinkedQueue<>();
                int[] pad = new int[1 + round % 7];
                int depth = round * 3;
                assertThrows(TaskFailedException.class, () -> pool.invoke(() -> padded(depth, leftovers, pad)));
                List<Task<Integer>> all = List.copyOf(leftovers);
                for (Task<Integer> t : all) {
                    try {
                        assertEquals(pad.length, t.get(10, TimeUnit.SECONDS));
                    } catch (ExecutionException e) {
                        assertInstanceOf(StackOverflowError.class, e.getCause(), "round " + round);
                    } catch (TimeoutException e) {
                        throw new AssertionError("round " + round + ": leftover " + all.indexOf(t) + " of "
                                + all.size() + " never completed: " + t);
                    }
                }
                assertEquals(6765, pool.invoke(() -> JoinTest.fib(20)), "round " + round);
            }
        }
    }

    /**
     * Every task forked on the way to a stack overflow ends up final — the chain's own tasks as well as
     * the leftovers, wherever the overflow strikes: in a fork's growth of the pending stack, in the
     * publication of a slot for a thief, between a join's pop and its run, between a take from a deque
     * and the run. Each of those places once left a task that no thread held and that another joiner
     * would have waited for forever. Several stack sizes and worker counts move the point of overflow
     * across them; more workers than cores add thieves at every depth.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void everyTaskForkedOnTheWayToAnOverflowEndsFinal(int p) throws Exception {
        for (int kib : new int[] {128, 192, 256, 320}) {
            try (WeftPool pool = WeftPool.builder().parallelism(p).stackSize(kib << 10).build()) {
                // 20 rounds over the same range of depths and all seven pads. With 60 rounds, this test took
                // 60-190 s instead of 3-5 s when another test class ran first in its JVM (it timed out in CI
                // once a new test class came first); with 20 it takes 2-4 s in that order too.
                for (int round = 0; round < 20; round++) {
                    ConcurrentLinkedQueue<Task<Integer>> forked = new ConcurrentLinkedQueue<>();
                    int[] pad = new int[1 + round % 7];
                    int depth = round * 9;
                    assertThrows(TaskFailedException.class, () -> pool.invoke(() -> chained(depth, forked, pad)));
                    List<Task<Integer>> all = List.copyOf(forked);
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                    for (Task<Integer> t : all) {
                        // Completed or failed with the overflow: final either way. (Not get(): thousands
                        // of ExecutionExceptions per round cost more than the rounds themselves.)
                        if (!t.awaitDone(deadline, true)) {
                            throw new AssertionError(kib + " KiB, round " + round + ": task " + all.indexOf(t)
                                    + " of " + all.size() + " never completed: " + t);
                        }
                    }
                    assertEquals(6765, pool.invoke(() -> JoinTest.fib(20)), kib + " KiB, round " + round);
                }
            }
        }
    }

    /** Like {@link Leaky}, and each level's next task is recorded too, once it is forked. */
    static final class Recorded extends Task<Integer> {
        final ConcurrentLinkedQueue<Task<Integer>> forked;
        final int[] pad;

        Recorded(ConcurrentLinkedQueue<Task<Integer>> forked, int[] pad) {
            this.forked = forked;
            this.pad = pad;
        }

        @Override
        protected Integer compute() {
            Task<Integer> leftover = Task.of(() -> pad.length);
            leftover.fork();
            forked.add(leftover);
            Recorded next = new Recorded(forked, pad);
            next.fork();
            forked.add(next);
            return next.join() + 1;
        }
    }

    static int chained(int depth, ConcurrentLinkedQueue<Task<Integer>> forked, int[] pad) {
        if (depth == 0) {
            return new Recorded(forked, pad).invoke();
        }
        return chained(depth - 1, forked, pad) + pad[0];
    }

    /**
     * Recurses until the stack overflows, leaving an async at every level. The count is an {@code AtomicLong},
     * not a {@code LongAdder}: under contention a {@code LongAdder}'s first cells and its first use of
     * {@code ThreadLocalRandom} initialize those classes, and an initializer run at the bottom of a full
     * stack overflows and leaves its class unusable for the rest of the JVM — every later test that touched
     * {@code ThreadLocalRandom} failed with "Could not initialize class" whenever this test ran first.
     */
    static int leakAsyncs(int depth, AtomicLong ran) {
        Weft.async(ran::incrementAndGet);
        return Weft.joinInt(n -> leakAsyncs(n, ran), depth + 1, 0, Integer::sum);
    }

    /**
     * The asyncs of a finish left on the way to a stack overflow run or report the overflow to the
     * finish, which throws; it never waits for an async that was dropped.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void asyncsLeftNearTheEndOfTheStackReachTheirFinishWhenItOverflows(int p) {
        try (WeftPool pool = WeftPool.builder().parallelism(p).stackSize(256 << 10).build()) {
            for (int round = 0; round < 40; round++) {
                AtomicLong ran = new AtomicLong();
                int depth = round * 5;
                assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                    TaskFailedException e = assertThrows(TaskFailedException.class,
                            () -> pool.run(() -> Weft.finish(() -> padded(depth, ran))));
                    assertTrue(overflowIn(e), "the overflow is reported: " + e);
                }, "round " + round);
                assertTrue(ran.get() > 0);
                assertEquals(6765, pool.invoke(() -> JoinTest.fib(20)), "round " + round);
            }
        }
    }

    static int padded(int depth, AtomicLong ran) {
        return depth == 0 ? leakAsyncs(0, ran) : padded(depth - 1, ran) + 1;
    }

    static boolean overflowIn(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof StackOverflowError) {
                return true;
            }
            for (Throwable s : c.getSuppressed()) {
                if (overflowIn(s)) {
                    return true;
                }
            }
        }
        return false;
    }
}
