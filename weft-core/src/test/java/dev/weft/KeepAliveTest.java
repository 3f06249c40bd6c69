package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A pool that is never closed must not keep its threads forever: ForkJoinPool's idle workers exit after
 * a keep-alive. Written against {@code WeftPool.Builder.keepAlive(Duration)}, which does not exist yet.
 * It is looked up reflectively so that this file — and with it the whole test source set — compiles
 * before the method exists (Maven compiles all test sources together: one file that does not compile
 * would stop every test). Once the method exists, replace the reflection by a direct call.
 */
@Timeout(value = 15, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class KeepAliveTest {

    private static WeftPool.Builder keepAlive(WeftPool.Builder b, Duration d) throws Exception {
        Method m;
        try {
            m = WeftPool.Builder.class.getMethod("keepAlive", Duration.class);
        } catch (NoSuchMethodException e) {
            fail("WeftPool.Builder.keepAlive(Duration) does not exist: idle workers of a pool that is never "
                    + "closed keep their threads forever");
            throw new AssertionError(e);
        }
        try {
            return (WeftPool.Builder) m.invoke(b, d);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause());
        }
    }

    @Test
    void idleWorkersExitAfterTheKeepAliveAndTheThreadsComeBackForNewWork() throws Exception {
        String name = "keepalive-" + System.nanoTime();
        WeftPool pool = keepAlive(WeftPool.builder().parallelism(2).name(name), Duration.ofMillis(200)).build();
        TestPools.withPool(pool, p -> {
            assertEquals(610, p.submit(Task.of(() -> JoinTest.fib(15))).get(5, TimeUnit.SECONDS));
            assertTrue(HygieneTest.liveThreads(name) > 0, "the pool has no threads while in use");
            for (int cycle = 0; cycle < 2; cycle++) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (HygieneTest.liveThreads(name) > 0 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertEquals(0, HygieneTest.liveThreads(name),
                        "cycle " + cycle + ": worker threads still alive 5 s after the pool went idle (keep-alive 200 ms)");
                // new submissions still work, from outside the pool and nested
                assertEquals(610, p.submit(Task.of(() -> JoinTest.fib(15))).get(5, TimeUnit.SECONDS),
                        "cycle " + cycle + ": a submission after the workers left");
            }
        });
    }
}
