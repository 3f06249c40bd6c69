package dev.weft.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.PoolStats;
import dev.weft.Weft;
import dev.weft.WeftPool;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WeftPoolMetricsTest {
    static int fib(int n) {
        return n < 2 ? n : Weft.joinInt(WeftPoolMetricsTest::fib, n - 1, n - 2, Integer::sum);
    }

    static final Set<String> NAMES = new TreeSet<>(List.of("executor.steals", "executor.completed", "executor.queued",
            "executor.active", "executor.pool.size", "executor.parallelism", "weft.tasks.forked", "weft.steal.attempts",
            "weft.steals.failed", "weft.steal.ratio", "weft.published", "weft.idle", "weft.serving", "weft.blocked",
            "weft.workers.blocked", "weft.stalls"));

    @Test
    void everyMeterIsRegisteredWithTheNameTagAndTheGivenTags() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (WeftPool pool = new WeftPool(2)) {
            new WeftPoolMetrics(pool, "compute", Tags.of("app", "demo")).bindTo(registry);
            Set<String> names = new TreeSet<>();
            for (Meter m : registry.getMeters()) {
                names.add(m.getId().getName());
                assertEquals("compute", m.getId().getTag("name"), m.getId().toString());
                assertEquals("demo", m.getId().getTag("app"), m.getId().toString());
            }
            assertEquals(NAMES, names);
            assertEquals("tasks", registry.get("executor.steals").functionCounter().getId().getBaseUnit());
            assertEquals("threads", registry.get("executor.active").gauge().getId().getBaseUnit());
            assertEquals("seconds", registry.get("weft.idle").functionCounter().getId().getBaseUnit());
        }
    }

    @Test
    void theMetersReadThePoolsStatistics() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (WeftPool pool = WeftPool.builder().parallelism(2).name("metered").build()) {
            new WeftPoolMetrics(pool).bindTo(registry);
            assertEquals(2.0, gauge(registry, "executor.parallelism"));
            assertEquals(2.0, gauge(registry, "executor.pool.size"));
            assertEquals(832040, (int) pool.invoke(() -> fib(30)));
            pool.run(() -> {
                try {
                    Weft.blocking(() -> {
                        Thread.sleep(50);
                        return null;
                    });
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertTrue(pool.awaitQuiescence(10, TimeUnit.SECONDS));
            PoolStats s = pool.stats();
            assertEquals("metered", registry.get("executor.completed").functionCounter().getId().getTag("name"));
            double forked = counter(registry, "weft.tasks.forked");
            assertTrue(forked >= 1_000_000, "fib(30) forks about 1.3 million times: " + forked);
            assertEquals(s.total().tasksForked(), forked, 0.0, "a quiescent pool's counters stand still");
            assertEquals(s.total().tasksRun(), counter(registry, "executor.completed"), 0.0);
            assertEquals(s.total().steals(), counter(registry, "executor.steals"), 0.0);
            assertTrue(counter(registry, "weft.blocked") >= 0.045, "50 ms inside Weft.blocking");
            assertEquals(0.0, gauge(registry, "executor.queued"));
            assertEquals(0.0, gauge(registry, "executor.active"), "nothing runs in a quiescent pool");
            assertEquals(0.0, gauge(registry, "weft.workers.blocked"));
            double ratio = gauge(registry, "weft.steal.ratio");
            assertTrue(ratio >= 0 && ratio <= 1, "ratio " + ratio);
        }
    }

    @Test
    void activeAndQueuedFollowRunningAndWaitingWork() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (WeftPool pool = new WeftPool(1)) {
            new WeftPoolMetrics(pool, "one", Tags.empty()).bindTo(registry);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            pool.execute(() -> {
                started.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS); // keeps the only worker busy (and unblocked)
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertTrue(started.await(10, TimeUnit.SECONDS));
            pool.execute(() -> { });
            pool.execute(() -> { });
            assertEquals(1.0, gauge(registry, "executor.active"));
            assertEquals(2.0, gauge(registry, "executor.queued"), "two submissions wait behind the busy worker");
            release.countDown();
            assertTrue(pool.awaitQuiescence(10, TimeUnit.SECONDS));
            assertEquals(0.0, gauge(registry, "executor.queued"));
        }
    }

    @Test
    void nullArgumentsAreNamed() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new WeftPoolMetrics(null));
        assertTrue(e.getMessage().contains("pool"), e.getMessage());
        try (WeftPool pool = new WeftPool(1)) {
            assertThrows(NullPointerException.class, () -> new WeftPoolMetrics(pool, null, Tags.empty()));
            assertThrows(NullPointerException.class, () -> new WeftPoolMetrics(pool).bindTo(null));
        }
    }

    private static double gauge(SimpleMeterRegistry r, String name) {
        Gauge g = r.get(name).gauge();
        assertNotNull(g, name);
        return g.value();
    }

    private static double counter(SimpleMeterRegistry r, String name) {
        FunctionCounter c = r.get(name).functionCounter();
        return c.count();
    }
}
