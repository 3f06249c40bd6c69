package dev.weft;

import java.util.concurrent.TimeUnit;

/**
 * Test helper for the regression tests: runs a body with a fresh pool and tears the pool down without
 * waiting forever (a test that fails by a hang must not hang the build in {@code close()}).
 */
final class TestPools {
    private TestPools() {
    }

    interface PoolBody {
        void run(WeftPool pool) throws Exception;
    }

    static void withPool(int parallelism, PoolBody body) throws Exception {
        withPool(WeftPool.builder().parallelism(parallelism).build(), body);
    }

    static void withPool(WeftPool pool, PoolBody body) throws Exception {
        try {
            body.run(pool);
        } finally {
            shutdownQuietly(pool);
        }
    }

    /** shutdownNow and a short wait: never blocks for long, whatever state the pool is in. */
    static void shutdownQuietly(WeftPool pool) {
        pool.shutdownNow();
        try {
            pool.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
