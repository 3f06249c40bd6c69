package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.Weft;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Blocks that only log calls never deadlock, whatever the order in which clients name handlers (West, Nanz, Meyer 2015
 * §2.5): multi-handler blocks reserve in a global handler order, and in the queue-of-queues mode reserving
 * never waits, so even nested blocks that reserve handlers in opposite orders (West, Nanz, Meyer 2015's Fig. 6, which
 * deadlocks under lock-based SCOOP) complete.
 */
class DeadlockFreedomTest {
    /** Handler-owned counter. */
    static final class Count {
        long n;
    }

    /** West, Nanz, Meyer 2015's Fig. 6, forced: both clients hold their outer block when they open the inner one. */
    @ParameterizedTest
    @EnumSource(value = Modes.class, names = {"QOQ", "NO_COALESCING"})
    void nestedBlocksInOppositeOrdersComplete(Modes m) {
        Hang.within(Duration.ofSeconds(30), () -> m.with(2, scoop -> {
            Separate<Count> x = scoop.create(new Count());
            Separate<Count> y = scoop.create(new Count());
            for (int round = 0; round < 50; round++) {
                CountDownLatch bothOuter = new CountDownLatch(2);
                Thread c1 = new Thread(() -> Scoop.separate(x, a -> {
                    a.call(o -> o.n++);
                    await(bothOuter);
                    Scoop.separate(y, b -> b.call(o -> o.n++));
                }));
                Thread c2 = new Thread(() -> Scoop.separate(y, b -> {
                    b.call(o -> o.n++);
                    await(bothOuter);
                    Scoop.separate(x, a -> a.call(o -> o.n++));
                }));
                c1.start();
                c2.start();
                c1.join();
                c2.join();
            }
            assertEquals(100, (long) x.query(o -> o.n));
            assertEquals(100, (long) y.query(o -> o.n));
        }));
    }

    static void await(CountDownLatch l) {
        l.countDown();
        try {
            if (!l.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("the other client never reached its outer block");
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Many clients, call-only blocks over random subsets of handlers named in random orders (and, where
     * reserving never waits, nested in random orders): all complete and every call runs once.
     */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void callOnlyBlocksInRandomReservationOrdersComplete(Modes m) {
        boolean nest = m.queueOfQueues; // lock-based SCOOP deadlocks on nested opposite orders by design
        for (int p : new int[] {1, 4}) {
            Hang.within(Duration.ofSeconds(60), () -> m.with(p, scoop -> {
                int handlers = 6;
                List<Separate<Count>> hs = new ArrayList<>();
                for (int i = 0; i < handlers; i++) {
                    hs.add(scoop.create(new Count()));
                }
                int clients = 16;
                int rounds = 150;
                long[][] expected = new long[clients][handlers];
                List<Thread> threads = new ArrayList<>();
                for (int c = clients - 2; c < clients; c++) {
                    int client = c;
                    Thread t = new Thread(() -> client(hs, client, rounds, nest, expected[client]));
                    threads.add(t);
                    t.start();
                }
                scoop.pool().run(() -> Weft.parallelFor(0, clients - 2, c -> client(hs, c, rounds, nest, expected[c])));
                for (Thread t : threads) {
                    t.join();
                }
                for (int h = 0; h < handlers; h++) {
                    long want = 0;
                    for (long[] e : expected) {
                        want += e[h];
                    }
                    assertEquals(want, (long) hs.get(h).query(o -> o.n), "calls on handler " + h);
                }
            }));
        }
    }

    static void client(List<Separate<Count>> hs, int client, int rounds, boolean nest, long[] expected) {
        SplittableRandom rnd = new SplittableRandom(client * 104729L + 3);
        for (int i = 0; i < rounds; i++) {
            int[] pick = shuffled(hs.size(), rnd);
            int k = 1 + rnd.nextInt(3);
            if (nest && rnd.nextBoolean()) {
                nested(hs, pick, 0, k, expected);
            } else {
                List<Separate<Count>> chosen = new ArrayList<>();
                for (int j = 0; j < k; j++) {
                    chosen.add(hs.get(pick[j]));
                    expected[pick[j]]++;
                }
                Scoop.separateAll(chosen, views -> {
                    for (Reserved<?> v : views) {
                        Blocks.<Count>cast(v).call(o -> o.n++);
                    }
                });
            }
        }
    }

    /** Blocks nested in the order of {@code pick}: each logs a call and opens the next. */
    static void nested(List<Separate<Count>> hs, int[] pick, int level, int depth, long[] expected) {
        int h = pick[level];
        expected[h]++;
        Scoop.separate(hs.get(h), v -> {
            v.call(o -> o.n++);
            if (level + 1 < depth) {
                nested(hs, pick, level + 1, depth, expected);
            }
        });
    }

    static int[] shuffled(int n, SplittableRandom rnd) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }
}
