package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A worker that keeps polling while its fork waits must get that fork to the idle worker, whatever the
 * idle worker is doing at the time: searching, parking or parked. Each handover here is a steal the
 * owner waits for without running the task itself, so a lost request shows as a handover that never
 * happens (PROTOCOL.md, "Sleep": found-but-not-running, last-searcher, merged request). The races are
 * narrow, so the test runs many handovers across many root tasks; before those fixes it hung within a
 * few thousand handovers in most runs.
 */
class HandoverTest {
    static final long LOST_NANOS = 5_000_000_000L;

    static final class Marker extends Task<Void> {
        volatile boolean started;

        @Override
        protected Void compute() {
            started = true;
            return null;
        }
    }

    static int same(int x) {
        return x;
    }

    /** Forks {@code n} markers one at a time and waits, polling, until another worker starts each. */
    static int handovers(int n) {
        for (int i = 0; i < n; i++) {
            Marker m = new Marker();
            m.fork();
            long t0 = System.nanoTime();
            int polls = 0;
            while (!m.started) {
                Weft.joinInt(HandoverTest::same, 0, 0, Integer::sum);
                Thread.onSpinWait();
                if ((++polls & 0xFFFF) == 0 && System.nanoTime() - t0 > LOST_NANOS) {
                    throw new AssertionError("handover " + i + " lost: the idle worker never got the fork");
                }
            }
            m.join();
        }
        return n;
    }

    @Test
    void idleWorkerAlwaysGetsTheFork() {
        try (WeftPool pool = new WeftPool(2)) {
            pool.resetStats();
            int total = 0;
            for (int root = 0; root < 200; root++) {
                total += pool.invoke(() -> handovers(100));
            }
            assertEquals(20_000, total);
            long steals = pool.stats().total().steals();
            assertTrue(steals >= 20_000, "every marker was stolen (plus a few no-op halves): " + steals);
        }
    }
}
