package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The stall monitor's moves (PROTOCOL.md, "Moving a stalled worker's tasks") racing with everything the
 * owner does to the same tasks: fast joins of the private top, out-of-order joins, drains of unjoined
 * forks, publication to hungry workers, finishes that count them. The monitor samples every millisecond
 * and calls two samples without progress a stall, so the owners' short spins and sleeps (no fork, join
 * or poll) are moved thousands of times. Every task must run exactly once, every join see its result,
 * every finish wait for its asyncs; many workers on few cores, random delays.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TaskMovesStressTest {
    /** A task that counts its runs and forks a child of its own, joined at once. */
    static final class Counted extends Task<Integer> {
        final int value;
        final AtomicInteger runs = new AtomicInteger();
        final AtomicLong asyncs;

        Counted(int value, AtomicLong asyncs) {
            this.value = value;
            this.asyncs = asyncs;
        }

        @Override
        protected Integer compute() {
            runs.incrementAndGet();
            if (asyncs != null) {
                Weft.async(asyncs::incrementAndGet); // joins the finish of the fork, wherever this runs
            }
            return value + Task.of(() -> 0).fork().join();
        }
    }

    /** Holds the worker for a while without a fork, join or poll: a spin, or a sleep outside Weft. */
    private static void stall(SplittableRandom rnd) {
        int kind = rnd.nextInt(4);
        if (kind == 0) {
            return;
        }
        long nanos = rnd.nextLong(TimeUnit.MICROSECONDS.toNanos(3_000));
        if (kind == 1) {
            try {
                Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L)); // waiting: always a candidate
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() < end) {
                Thread.onSpinWait(); // running: a candidate while somebody is hungry
            }
        }
    }

    private static int round(SplittableRandom rnd, List<Counted> all) {
        int k = 1 + rnd.nextInt(6);
        boolean inFinish = rnd.nextBoolean();
        AtomicLong asyncs = inFinish ? new AtomicLong() : null;
        Counted[] ts = new Counted[k];
        int[] sum = new int[2]; // joined results, and what they should add up to
        Runnable body = () -> {
            for (int i = 0; i < k; i++) {
                ts[i] = new Counted(i + 1, asyncs);
                ts[i].fork();
            }
            stall(rnd);
            int order = rnd.nextInt(3);
            for (int i = 0; i < k; i++) {
                // 0: LIFO (the fast path), 1: FIFO (out of order), 2: leave the odd ones to the drain
                int j = order == 1 ? i : k - 1 - i;
                if (order == 2 && (j & 1) == 1) {
                    continue;
                }
                sum[0] += ts[j].join();
                sum[1] += j + 1;
            }
        };
        if (inFinish) {
            Weft.finish(body);
            assertEquals(k, asyncs.get(), "the finish waited for every async of the moved tasks");
        } else {
            body.run();
        }
        assertEquals(sum[1], sum[0], "joined results");
        for (Counted t : ts) {
            all.add(t);
        }
        return sum[0];
    }

    @Test
    void everyTaskRunsOnceWhileMovesRaceWithItsOwner() throws Exception {
        WeftPool pool = WeftPool.builder().parallelism(6).name("moves-stress")
                .stallSampling(TimeUnit.MILLISECONDS.toNanos(1), 2).build();
        TestPools.withPool(pool, p -> {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
            SplittableRandom seeds = new SplittableRandom(21);
            List<Counted> all = new ArrayList<>();
            int rounds = 0;
            while (System.nanoTime() < end) {
                long seed = seeds.nextLong();
                List<Task<Integer>> roots = new ArrayList<>();
                List<List<Counted>> lists = new ArrayList<>();
                for (int r = 0; r < 4; r++) { // several roots at once: hungry workers, moves and steals
                    List<Counted> mine = new ArrayList<>();
                    SplittableRandom rnd = new SplittableRandom(seed + r);
                    lists.add(mine);
                    roots.add(p.submit(Task.of(() -> round(rnd, mine))));
                }
                for (int r = 0; r < roots.size(); r++) {
                    roots.get(r).get(30, TimeUnit.SECONDS); // fails with the round's assertion, if any
                    all.addAll(lists.get(r));
                }
                rounds++;
            }
            for (Counted t : all) {
                assertEquals(1, t.runs.get(), "a task ran " + t.runs.get() + " times (of " + all.size() + " tasks)");
                assertEquals(t.value, (int) t.join());
            }
            assertTrue(rounds > 50, "too few rounds to mean anything: " + rounds);
            assertTrue(p.stats().tasksMoved() > 100, "the monitor raced too few moves to mean anything: " + p.stats());
            System.out.println("moves stress: " + rounds + " rounds, " + all.size() + " tasks, " + p.stats().tasksMoved() + " moved");
        });
    }

    /**
     * The narrowest race, driven directly: the test thread plays the monitor and moves the owner's newest
     * task over and over (sighting, announcement, handshake, verification, CAS), while the owner forks a
     * task, runs a stretch of its own code (safepoint polls, but no fork, join or poll of Weft's) of random
     * length, and joins the task on the fast path. Handshakes land in those stretches, and many owner
     * joins come right after one: each task must still run exactly once.
     */
    @Test
    void movesRacingWithTheFastJoinRunEveryTaskOnce() throws Exception {
        WeftPool pool = WeftPool.builder().parallelism(2).name("moves-race").build();
        TestPools.withPool(pool, p -> {
            java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
            java.util.concurrent.atomic.AtomicReference<Worker> owner = new java.util.concurrent.atomic.AtomicReference<>();
            AtomicLong runs = new AtomicLong();
            Task<Long> root = p.submit(Task.of(() -> {
                owner.set(Worker.current());
                SplittableRandom rnd = new SplittableRandom(21);
                long forked = 0;
                while (!stop.get()) {
                    Task<Integer> x = Task.of(() -> {
                        runs.incrementAndGet();
                        return 1;
                    });
                    x.fork();
                    forked++;
                    int spins = rnd.nextInt(4_000);
                    for (int i = 0; i < spins; i++) {
                        Thread.onSpinWait();
                    }
                    if (x.join() != 1) {
                        throw new AssertionError("wrong result");
                    }
                }
                return forked;
            }));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (owner.get() == null && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            Worker w = owner.get();
            assertTrue(w != null, "the owner started");
            TaskMoves.Sighting seen = new TaskMoves.Sighting();
            StackTraceElement[][] stack = new StackTraceElement[1][];
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(6);
            int rounds = 0;
            while (System.nanoTime() < end) {
                seen.take(w);
                if (seen.count > 0) {
                    TaskMoves.move(p, w, seen, stack);
                    rounds++;
                }
            }
            stop.set(true);
            long forked = root.get(30, TimeUnit.SECONDS);
            assertTrue(p.awaitQuiescence(30, TimeUnit.SECONDS), "the pool went quiet");
            assertEquals(forked, runs.get(), "every task ran exactly once (" + p.stats().tasksMoved() + " moved in "
                    + rounds + " rounds)");
            assertTrue(p.stats().tasksMoved() > 100, "too few moves to mean anything: " + p.stats().tasksMoved()
                    + " in " + rounds + " rounds");
            System.out.println("moves race: " + forked + " tasks, " + rounds + " rounds, " + p.stats().tasksMoved() + " moved");
        });
    }
}
