package dev.weft.atomic.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * Units of work over several sets never deadlock: opposite argument orders, the same object twice,
 * objects aliased into one set, three sets in every permutation — on many workers, under a watchdog that
 * asks the JVM for deadlocked threads while the program runs and fails with their stacks if it finds any.
 */
class DeadlockFreedomTest {
    @TempDir
    Path tmp;

    static final String SOURCE = """
            package d;
            import dev.weft.*;
            import dev.weft.atomic.*;
            import java.util.SplittableRandom;

            @AtomicSet("acct")
            public class Acct {
                @Atomic private long balance = 100;
                void add(long x) { balance += x; if ((x & 7) == 0) Thread.yield(); }
                long balance() { return balance; }
                /** Own set plus the argument's: k = 2 through an instance unit. */
                void give(@AliasAtomicSet Acct to, long x) { add(-x); to.add(x); }
            }

            /** Two accounts aliased into the branch's set: transfers between them take one lock twice. */
            @AtomicSet("branch")
            class Branch {
                @Atomic private long moves;
                @AliasAtomicSet final Acct a = new Acct();
                @AliasAtomicSet final Acct b = new Acct();
                void moved() { moves++; }
            }

            final class Moves {
                static void pair(@AliasAtomicSet Acct x, @AliasAtomicSet Acct y, long v) { x.add(-v); y.add(v); }
                static void three(@AliasAtomicSet Acct x, @AliasAtomicSet Acct y, @AliasAtomicSet Acct z, long v) {
                    x.add(-v); y.add(v); y.add(-v); z.add(v);
                }

                /** Returns the total of all balances after {@code ops} random moves on {@code workers} workers. */
                public static long run(int workers, int ops) {
                    Acct[] acc = new Acct[6];
                    for (int i = 0; i < 4; i++) acc[i] = new Acct();
                    Branch br = new Branch();
                    acc[4] = br.a;
                    acc[5] = br.b;
                    try (WeftPool pool = new WeftPool(workers)) {
                        pool.run(() -> Weft.parallelFor(0, ops, i -> {
                            SplittableRandom r = new SplittableRandom(i);
                            Acct x = acc[r.nextInt(6)], y = acc[r.nextInt(6)], z = acc[r.nextInt(6)];
                            long v = r.nextInt(1, 50);
                            switch (r.nextInt(5)) {
                                case 0 -> pair(x, y, v);
                                case 1 -> pair(y, x, v);            // the opposite order
                                case 2 -> x.give(y, v);
                                case 3 -> three(x, y, z, v);
                                default -> { pair(x, x, v); br.moved(); }   // the same object twice
                            }
                        }));
                    }
                    long total = 0;
                    for (Acct a : acc) total += a.balance();
                    return total;
                }
            }
            """;

    @Test
    void opposingOrdersAliasesAndRepeatsNeverDeadlock() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("d.Acct", SOURCE));
        for (int workers : new int[] {2, 8, 32}) {
            long total = watchdog(() -> (Long) Fixtures.call(l, "d.Moves", "run", workers, 300_000), RUN_BOUND_SECONDS);
            assertEquals(600L, total, workers + " workers: money created or lost");
        }
    }

    /**
     * The watchdog itself: two threads taking two locks in opposite orders are reported as a deadlock, at
     * once. Interruptible locks, so that the cycle is broken afterwards (a leftover deadlock would be found
     * again by the next watchdog in this JVM).
     */
    @Test
    void theWatchdogReportsADeadlockAsSoonAsThereIsOne() throws Exception {
        ReentrantLock a = new ReentrantLock();
        ReentrantLock b = new ReentrantLock();
        CountDownLatch bothHoldOne = new CountDownLatch(2);
        Thread other = new Thread(() -> lockBoth(b, a, bothHoldOne), "watchdog-check-other");
        other.setDaemon(true);
        other.start();
        long t0 = System.nanoTime();
        try {
            AssertionFailedError e = assertThrows(AssertionFailedError.class,
                    () -> watchdog(() -> lockBoth(a, b, bothHoldOne), RUN_BOUND_SECONDS));
            assertTrue(e.getMessage().startsWith("deadlock:"), e.getMessage());
            assertTrue(e.getMessage().contains("watchdog-check-other"), "the dump names the threads of the cycle");
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(RUN_BOUND_SECONDS / 2),
                    "reported when found, not at the run's bound");
        } finally {
            other.interrupt(); // the watchdog's own thread was interrupted by its shutdownNow
            other.join(10_000);
        }
        assertFalse(other.isAlive(), "the planted deadlock was broken");
        assertNull(ManagementFactory.getThreadMXBean().findDeadlockedThreads(), "and left no cycle behind");
    }

    private static long lockBoth(ReentrantLock first, ReentrantLock second, CountDownLatch bothHoldOne) {
        try {
            first.lockInterruptibly();
            try {
                bothHoldOne.countDown();
                bothHoldOne.await();
                second.lockInterruptibly();
                second.unlock();
                return 0;
            } finally {
                first.unlock();
            }
        } catch (InterruptedException e) {
            return -1;
        }
    }

    /**
     * How long one run may take before the watchdog gives up on it although no thread is deadlocked: a bound
     * for a run that is only slow, which is what a loaded machine makes of it (the 32-worker run takes 1–5 s
     * on the 2-core development box, and over 60 s there beside two busy loops: its critical sections yield,
     * and each yield of a lock holder hands the processor to the load). Deadlocks are found within a
     * {@link #LOOK_MILLIS} of forming, whatever this bound.
     */
    static final int RUN_BOUND_SECONDS = 600;
    /** How often the watchdog asks the JVM for threads deadlocked on monitors or locks. */
    static final long LOOK_MILLIS = 200;

    interface Body {
        Object run() throws Throwable;
    }

    /**
     * Runs {@code body} on another thread and returns what it returns. Fails with the stacks of the threads
     * involved as soon as the JVM finds threads deadlocked on monitors or ownable locks (the atomic sets' units
     * of work hold monitors, so a wrong lock order shows here as a cycle), and with every thread's stack if
     * the run has not ended after {@code seconds}.
     */
    static long watchdog(Body body, int seconds) throws Throwable {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        ExecutorService ex = Executors.newSingleThreadExecutor();
        try {
            Future<Object> f = ex.submit(() -> {
                try {
                    return body.run();
                } catch (Throwable t) {
                    throw new RuntimeException(t);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            for (;;) {
                try {
                    return ((Number) f.get(LOOK_MILLIS, TimeUnit.MILLISECONDS)).longValue();
                } catch (TimeoutException e) {
                    long[] cycle = mx.findDeadlockedThreads();
                    if (cycle != null) {
                        fail("deadlock:\n" + dump(mx.getThreadInfo(cycle, true, true)));
                    }
                    if (System.nanoTime() - deadline > 0L) {
                        fail("no end in " + seconds + " s, and no deadlock found: livelock?\n"
                                + dump(mx.dumpAllThreads(true, true)));
                    }
                }
            }
        } finally {
            ex.shutdownNow();
        }
    }

    private static String dump(ThreadInfo[] threads) {
        StringBuilder sb = new StringBuilder();
        for (ThreadInfo ti : threads) {
            sb.append(ti);
        }
        return sb.toString();
    }
}
