package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Many more workers than cores, random yields and short parks inside tasks, millions of tasks mixing
 * every construct. Each leaf owns one slot of an array and increments it once, so the check "every slot
 * is exactly 1" detects both lost and duplicated work; results are checked against closed forms.
 */
class StressTest {
    /** Random scheduling noise: mostly nothing, sometimes a yield, rarely a short park. */
    static void noise() {
        int r = ThreadLocalRandom.current().nextInt(1024);
        if (r < 16) {
            Thread.yield();
        } else if (r == 16) {
            LockSupport.parkNanos(20_000);
        }
    }

    /** Visits leaves [lo, hi) with a construct chosen by depth, so every construct nests in every other. */
    static long visit(AtomicIntegerArray hits, int lo, int hi, int depth) {
        noise();
        int n = hi - lo;
        if (n == 1) {
            hits.incrementAndGet(lo);
            return lo;
        }
        int mid = (lo + hi) >>> 1;
        switch (depth % 5) {
            case 0:
                return Weft.joinLong(() -> visit(hits, lo, mid, depth + 1), () -> visit(hits, mid, hi, depth + 1), Long::sum);
            case 1: {
                Task<Long> left = Task.of(() -> visit(hits, lo, mid, depth + 1));
                left.fork();
                long r = visit(hits, mid, hi, depth + 1);
                return left.join() + r;
            }
            case 2: {
                LongAdder sum = new LongAdder();
                Weft.finish(() -> {
                    Weft.async(() -> sum.add(visit(hits, lo, mid, depth + 1)));
                    Weft.async(() -> sum.add(visit(hits, mid, hi, depth + 1)));
                });
                return sum.sum();
            }
            case 3: {
                // a loop over up to 4 sub-ranges
                int parts = Math.min(4, n);
                return Weft.parallelReduceLong(0, parts, 0L, k -> {
                    int a = lo + (int) ((long) n * k / parts);
                    int b = lo + (int) ((long) n * (k + 1) / parts);
                    return a == b ? 0 : visit(hits, a, b, depth + 1);
                }, Long::sum);
            }
            default: {
                Task<Long> a = Task.of(() -> visit(hits, lo, mid, depth + 1));
                Task<Long> b = Task.of(() -> visit(hits, mid, hi, depth + 1));
                Task.invokeAll(a, b);
                return a.join() + b.join();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {64, 96})
    void everyLeafRunsExactlyOnceWithManyMoreWorkersThanCores(int workers) throws Exception {
        int leaves = 1 << 20;
        try (WeftPool pool = new WeftPool(workers)) {
            for (int round = 0; round < 3; round++) {
                AtomicIntegerArray hits = new AtomicIntegerArray(leaves);
                int startDepth = round;
                long sum = pool.invoke(() -> visit(hits, 0, leaves, startDepth));
                assertEquals((long) leaves * (leaves - 1) / 2, sum);
                for (int i = 0; i < leaves; i++) {
                    if (hits.get(i) != 1) {
                        throw new AssertionError("leaf " + i + " ran " + hits.get(i) + " times in round " + round);
                    }
                }
            }
            PoolStats s = pool.stats();
            assertTrue(s.total().steals() > 0, s.toString());
            assertQuiescesAndParks(pool);
        }
    }

    @Test
    void manyExternalSubmittersNeverLoseATask() throws Exception {
        try (WeftPool pool = new WeftPool(64)) {
            int submitters = 8;
            int perSubmitter = 20_000;
            AtomicIntegerArray hits = new AtomicIntegerArray(submitters * perSubmitter);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < submitters; t++) {
                int base = t * perSubmitter;
                Thread th = new Thread(() -> {
                    List<Task<Integer>> mine = new ArrayList<>();
                    for (int i = 0; i < perSubmitter; i++) {
                        int k = base + i;
                        mine.add(pool.submit(Task.of(() -> {
                            noise();
                            hits.incrementAndGet(k);
                            return k;
                        })));
                        if ((i & 1023) == 0) {
                            LockSupport.parkNanos(ThreadLocalRandom.current().nextInt(200_000));
                        }
                    }
                    for (int i = 0; i < perSubmitter; i++) {
                        assertEquals(base + i, mine.get(i).join());
                    }
                });
                threads.add(th);
                th.start();
            }
            for (Thread th : threads) {
                th.join(TimeUnit.SECONDS.toMillis(120));
                assertTrue(!th.isAlive(), "submitter hung");
            }
            for (int i = 0; i < hits.length(); i++) {
                assertEquals(1, hits.get(i), "task " + i);
            }
            assertQuiescesAndParks(pool);
        }
    }

    @Test
    void wakeUpsAreNeverLostAcrossIdlePeriods() throws Exception {
        // Alternate bursts and idle gaps so workers park between them; a lost wake-up would leave a
        // submission unrun and the invoke below would hang (the test timeout catches that).
        try (WeftPool pool = new WeftPool(16)) {
            for (int i = 0; i < 300; i++) {
                int k = i;
                assertEquals(k, pool.invoke(() -> {
                    noise();
                    return k;
                }));
                if (i % 10 == 0) {
                    LockSupport.parkNanos(ThreadLocalRandom.current().nextInt(3_000_000));
                }
            }
        }
    }

    static void assertQuiescesAndParks(WeftPool pool) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            boolean parked = true;
            for (Worker w : pool.workforce.workers) {
                parked &= IdleWorkers.isParked(w) && w.pending.top == 0 && w.deque.isEmpty();
            }
            if (parked && pool.stats().queuedSubmissions() == 0) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("pool did not quiesce: " + pool.stats());
    }
}
