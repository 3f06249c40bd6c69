package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
