package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.PoolStats;
import dev.weft.Weft;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ramp-up figure of {@code --stats}: from JFR idle events to "every worker busy after". */
class RampProbeTest {
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    private static RampProbe.Idle idle(int worker, long nanosAfterStart) {
        return new RampProbe.Idle(worker, T.plusNanos(nanosAfterStart));
    }

    @Test
    void rampRunsFromTheFirstWorkerTakingWorkToTheLastOnesFirstTime() {
        // Out of order, with an idle period that ended before the run and later idle periods of each worker.
        List<RampProbe.Idle> events = List.of(idle(1, 50), idle(0, 10), idle(2, 40), idle(0, -5), idle(1, 3),
                idle(0, 90), idle(2, 70));
        RampProbe.Ramp r = RampProbe.of(3, T, events, null);
        assertEquals(3, r.busy());
        assertEquals(37, r.nanos(), "from worker 1's first end (3) to worker 2's first end (40)");
    }

    @Test
    void aWorkerThatNeverTookWorkLeavesTheRampUndefined() {
        RampProbe.Ramp r = RampProbe.of(4, T, List.of(idle(0, 1), idle(1, 2), idle(2, 3), idle(3, -1)), null);
        assertEquals(3, r.busy(), "worker 3's only idle period ended before the run");
        assertEquals(-1, r.nanos());
        assertTrue(Double.isNaN(r.micros()));
    }

    @Test
    void spareWorkersBeyondTheParallelismDoNotExtendTheRamp() {
        RampProbe.Ramp r = RampProbe.of(2, T, List.of(idle(0, 0), idle(1, 20), idle(7, 900)), null);
        assertEquals(2, r.busy());
        assertEquals(20, r.nanos());
    }

    static int fib(int n) {
        return n < 2 ? n : Weft.joinInt(RampProbeTest::fib, n - 1, n - 2, Integer::sum);
    }

    static int serialFib(int n) {
        return n < 2 ? n : serialFib(n - 1) + serialFib(n - 2);
    }

    @Test
    void theWorkersTheRecordingSawTakingWorkAreThoseThePoolCountedTakingWork() throws Exception {
        int n = 27;
        ForkJoinWorkload w = ForkJoinWorkload.of("fib", () -> serialFib(n), pool -> { throw new UnsupportedOperationException(); },
                pool -> pool.invoke(() -> fib(n)), (r, s) -> assertEquals(s, r));
        for (int workers : new int[] {2, 4}) {
            RampProbe.Ramp ramp = RampProbe.measure(w, Engine.WEFT, workers, serialFib(n));
            assertTrue(ramp.measured(), "the Weft version runs on the probe's pool");
            // Two instruments, one fact: a worker leaves its idle loop with work by stealing or by taking
            // a submission, which the pool's counters count.
            long took = ramp.stats().workers().stream().filter(s -> s.steals() + s.submissionsRun() > 0).count();
            assertEquals(took, ramp.busy(), "workers the JFR idle events show taking work, at " + workers + ": " + ramp.stats());
            assertTrue(ramp.busy() >= 1, "the root task ran on some worker");
            assertEquals(ramp.busy() == workers, ramp.nanos() >= 0, ramp.describe());
        }
    }

    @Test
    void aWorkloadThatDoesNotUseTheProbesPoolIsNotMeasured() throws Exception {
        ForkJoinWorkload w = ForkJoinWorkload.of("serial only", () -> 1, pool -> 1, pool -> 1, (r, s) -> assertEquals(s, r));
        RampProbe.Ramp ramp = RampProbe.measure(w, Engine.WEFT, 2, 1);
        assertFalse(ramp.measured());
        assertNull(ramp.stats());
        assertEquals("-", Tables.rampCell(ramp));
    }

    @Test
    void theConsoleCellSaysHowManyWorkersTookWorkWhenNotAllDid() {
        PoolStats stats = new PoolStats("p", 4, 1, List.of(),
                new PoolStats.WorkerStats(-1, false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0, 0, 0, 0, 0);
        assertEquals("3/4", Tables.rampCell(new RampProbe.Ramp(4, 3, -1, stats)));
        assertEquals("12.5", Tables.rampCell(new RampProbe.Ramp(4, 4, 12_500, stats)));
    }
}
