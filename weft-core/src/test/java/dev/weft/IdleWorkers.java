package dev.weft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;

/** Test helper: checks that an idle pool parks all its workers and then uses no CPU. */
final class IdleWorkers {
    private IdleWorkers() {
    }

    /**
     * Waits (within a generous bound: behaviour, not timing) until every worker of the pool is parked,
     * then asserts that they stay parked and together use under 20 ms of CPU over 200 ms.
     */
    static void assertParkedAndQuiet(WeftPool pool) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        boolean allParked = false;
        while (!allParked && System.nanoTime() < deadline) {
            allParked = true;
            for (Worker w : pool.workforce.workers) {
                allParked &= isParked(w);
            }
            Thread.sleep(5);
        }
        assertTrue(allParked, "workers did not park");
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long before = cpuNanos(mx, pool);
        Thread.sleep(200);
        long after = cpuNanos(mx, pool);
        for (Worker w : pool.workforce.workers) {
            assertTrue(isParked(w), () -> w.getName() + " woke up while the pool was idle");
        }
        assertTrue(after - before < TimeUnit.MILLISECONDS.toNanos(20), "idle workers used CPU: " + (after - before) + " ns");
    }

    /**
     * Parked in the sleep protocol: Weft's own state says so, and the thread is really parked (timed:
     * an idle worker parks for the pool's keep-alive).
     */
    static boolean isParked(Worker w) {
        Thread.State ts = w.getState();
        return w.state == Worker.PARKED && (ts == Thread.State.WAITING || ts == Thread.State.TIMED_WAITING);
    }

    private static long cpuNanos(ThreadMXBean mx, WeftPool pool) {
        long sum = 0;
        for (Worker w : pool.workforce.workers) {
            sum += mx.getThreadCpuTime(w.threadId());
        }
        return sum;
    }
}
