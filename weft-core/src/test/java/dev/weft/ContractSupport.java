package dev.weft;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;

/**
 * Helpers of the contract tests ({@link ExecutorServiceContractTest}, {@link TaskContractTest}), after
 * {@code JSR166TestCase} of the jsr166 TCK (public domain): a pool cleaner that releases the latches
 * tasks wait on before it shuts the pool down, and bounded ways to wait, so that a broken contract
 * fails a test instead of hanging the build.
 */
final class ContractSupport {
    /** The bound of every wait for something that must happen (a start, an interrupt, a result). */
    static final long LONG_DELAY_MS = 5_000;
    /** A delay that is short but still observable. */
    static final long SHORT_DELAY_MS = 50;
    static final String TEST_STRING = "a test string";

    private ContractSupport() {
    }

    /** A body that may throw anything; run on a worker by {@link #runInPool}. */
    interface Body {
        void run() throws Exception;
    }

    /**
     * Runs {@code body} on a worker of {@code pool} (through {@code submit}, whose {@code get} unwraps
     * nothing: the body's own assertion errors come out as they are), waiting at most
     * {@link #LONG_DELAY_MS}.
     */
    static <T> T callInPool(WeftPool pool, Callable<T> body) throws Exception {
        Future<T> f = pool.submit(body);
        try {
            return f.get(LONG_DELAY_MS, MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof Error err) {
                throw err;
            }
            if (c instanceof Exception ex) {
                throw ex;
            }
            throw e;
        } catch (TimeoutException e) {
            throw new AssertionError("the body run in the pool did not finish within " + LONG_DELAY_MS + " ms", e);
        }
    }

    static void runInPool(WeftPool pool, Body body) throws Exception {
        callInPool(pool, () -> {
            body.run();
            return null;
        });
    }

    static void await(CountDownLatch latch, String what) throws InterruptedException {
        assertTrue(latch.await(LONG_DELAY_MS, MILLISECONDS), "timed out waiting for " + what);
    }

    static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    static PoolCleaner cleaner(WeftPool pool, CountDownLatch... release) {
        return new PoolCleaner(pool, release);
    }

    /**
     * Releases the given latches, shuts the pool down and waits for it to terminate; if it does not
     * within {@link #LONG_DELAY_MS}, stops it with {@code shutdownNow} and fails. Used in
     * try-with-resources in place of {@code close()}, which would wait forever for a stuck task.
     */
    static final class PoolCleaner implements AutoCloseable {
        private final WeftPool pool;
        private final CountDownLatch[] release;

        PoolCleaner(WeftPool pool, CountDownLatch... release) {
            this.pool = pool;
            this.release = release;
        }

        @Override
        public void close() {
            for (CountDownLatch l : release) {
                while (l.getCount() > 0) {
                    l.countDown();
                }
            }
            pool.shutdown();
            boolean terminated;
            try {
                terminated = pool.awaitTermination(LONG_DELAY_MS, MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                terminated = false;
            }
            if (!terminated) {
                pool.shutdownNow();
                try {
                    pool.awaitTermination(1, SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new AssertionError("pool did not terminate within " + LONG_DELAY_MS + " ms of shutdown: " + pool);
            }
        }
    }
}
