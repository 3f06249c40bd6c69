package dev.weft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

/** Test helper: checks that an idle pool parks all its workers and then does not spin. */
final class IdleWorkers {
    private IdleWorkers() {
    }

    /**
     * Waits (within a generous bound: behaviour, not timing) until every worker of the pool is parked,
     * then asserts that over 200 ms they stay parked and do not spin: an idle worker parks for the
     * keep-alive, so it calls park again only after a wake-up (a spurious one allowed per worker), and
     * never with its interrupt flag set (such a park returns at once). Counted, not timed: a worker that
     * spins parks thousands of times in any slice of CPU it gets.
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
        Worker[] ws = pool.workforce.workers;
        long[] parks = new long[ws.length];
        long[] interrupted = new long[ws.length];
        for (int i = 0; i < ws.length; i++) {
            parks[i] = ws[i].idleParks;
            interrupted[i] = ws[i].idleParksInterrupted;
        }
        Thread.sleep(200); // the window a spinner has to show itself, not a measure
        for (int i = 0; i < ws.length; i++) {
            Worker w = ws[i];
            long more = w.idleParks - parks[i];
            long moreInterrupted = w.idleParksInterrupted - interrupted[i];
            assertTrue(more <= 1 && moreInterrupted == 0, () -> w.getName() + " parked " + more + " more times ("
                    + moreInterrupted + " with its interrupt flag set) while the pool was idle");
            assertTrue(isParked(w), () -> w.getName() + " woke up while the pool was idle");
        }
    }

    /**
     * Parked in the sleep protocol: Weft's own state says so, and the thread is really parked (timed:
     * an idle worker parks for the pool's keep-alive).
     */
    static boolean isParked(Worker w) {
        Thread.State ts = w.getState();
        return w.state == Worker.PARKED && (ts == Thread.State.WAITING || ts == Thread.State.TIMED_WAITING);
    }
}
