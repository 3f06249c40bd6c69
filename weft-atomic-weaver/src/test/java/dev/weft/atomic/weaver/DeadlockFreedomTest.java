package dev.weft.atomic.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Units of work over several sets never deadlock: opposite argument orders, the same object twice,
 * objects aliased into one set, three sets in every permutation — on many workers, under a watchdog that
 * dumps the threads if the program stops making progress.
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
            long total = watchdog(() -> (Long) Fixtures.call(l, "d.Moves", "run", workers, 300_000), 60);
            assertEquals(600L, total, workers + " workers: money created or lost");
        }
    }

    interface Body {
        Object run() throws Throwable;
    }

    /** Runs {@code body} on another thread; on timeout fails with a dump of every thread's stack. */
    static long watchdog(Body body, int seconds) throws Throwable {
        ExecutorService ex = Executors.newSingleThreadExecutor();
        try {
            Future<Object> f = ex.submit(() -> {
                try {
                    return body.run();
                } catch (Throwable t) {
                    throw new RuntimeException(t);
                }
            });
            try {
                return (Long) f.get(seconds, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                StringBuilder sb = new StringBuilder("no progress in " + seconds + " s: deadlock?\n");
                for (ThreadInfo ti : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
                    sb.append(ti);
                }
                fail(sb.toString());
                return -1;
            }
        } finally {
            ex.shutdownNow();
        }
    }
}
