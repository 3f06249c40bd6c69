package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Paused regions mixed at random into nested programs of every construct (joins, finish/async, loops,
 * tasks, nested regions), on pools of many more workers than cores: every leaf runs exactly once, as at
 * parallelism 1, and every leaf inside a paused region runs on the thread that paused.
 */
class PauseStealingStressTest {
    private static final int DEPTH = 9;

    /** Runs the program of {@code seed}; leaves count themselves by path; wrong threads are counted. */
    private static void node(long seed, long path, int depth, Thread pausedBy, Map<Long, Integer> leaves,
                             AtomicLong wrongThread) {
        SplittableRandom r = new SplittableRandom(seed);
        if (depth == 0) {
            if (pausedBy != null && Thread.currentThread() != pausedBy) {
                wrongThread.incrementAndGet();
            }
            leaves.merge(path, 1, Integer::sum);
            long end = System.nanoTime() + r.nextInt(3_000);
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return;
        }
        long a = r.nextLong();
        long b = r.nextLong();
        long c = r.nextLong();
        switch (r.nextInt(6)) {
            case 0 -> Weft.join(() -> node(a, path * 4 + 1, depth - 1, pausedBy, leaves, wrongThread),
                    () -> node(b, path * 4 + 2, depth - 1, pausedBy, leaves, wrongThread));
            case 1 -> Weft.finish(() -> {
                Weft.async(() -> node(a, path * 4 + 1, depth - 1, pausedBy, leaves, wrongThread));
                Weft.async(() -> node(b, path * 4 + 2, depth - 1, pausedBy, leaves, wrongThread));
                node(c, path * 4 + 3, depth - 1, pausedBy, leaves, wrongThread);
            });
            case 2 -> Weft.parallelFor(1, 4, i -> node(a + i, path * 4 + i, depth - 1, pausedBy, leaves, wrongThread));
            case 3 -> {
                Task<Void> t = Task.of(() -> {
                    node(a, path * 4 + 1, depth - 1, pausedBy, leaves, wrongThread);
                    return null;
                });
                t.fork();
                node(b, path * 4 + 2, depth - 1, pausedBy, leaves, wrongThread);
                t.join();
            }
            default -> {
                Weft.pauseStealing();
                try {
                    Thread owner = pausedBy != null ? pausedBy : (Weft.inPool() ? Thread.currentThread() : null);
                    Weft.join(() -> node(a, path * 4 + 1, depth - 1, owner, leaves, wrongThread),
                            () -> node(b, path * 4 + 2, depth - 1, owner, leaves, wrongThread));
                } finally {
                    Weft.resumeStealing();
                }
            }
        }
    }

    private static Map<Long, Integer> run(WeftPool pool, long seed, AtomicLong wrongThread) {
        Map<Long, Integer> leaves = new ConcurrentHashMap<>();
        pool.run(() -> node(seed, 1, DEPTH, null, leaves, wrongThread));
        return leaves;
    }

    @Test
    void everyLeafRunsOnceAndPausedLeavesStayOnTheirWorker() throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        try (WeftPool one = new WeftPool(1); WeftPool eight = new WeftPool(8); WeftPool many = new WeftPool(64)) {
            int programs = 0;
            for (long seed = 1; seed <= 40 && System.nanoTime() < deadline; seed++, programs++) {
                AtomicLong wrong = new AtomicLong();
                Map<Long, Integer> expected = run(one, seed, wrong);
                assertTrue(expected.values().stream().allMatch(n -> n == 1), "seed " + seed + " at parallelism 1");
                for (WeftPool p : new WeftPool[] {eight, many}) {
                    assertEquals(expected, run(p, seed, wrong), "seed " + seed + " on " + p);
                }
                assertEquals(0, wrong.get(), "seed " + seed + ": a leaf inside a paused region ran on another thread");
            }
            assertTrue(programs >= 5, "too few programs in the time allowed: " + programs);
        }
    }
}
