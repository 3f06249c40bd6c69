package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SCOOP's second reasoning guarantee (West, Nanz, Meyer 2015 §2.2): the calls one block logs on a handler run in the
 * order logged, with no call of another client in between — under many clients (Weft tasks and plain
 * threads), random delays, queries in the middle of blocks and nested blocks that join their enclosing one.
 */
class OrderingTest {
    /** Handler-owned: what the handler ran, and a detector of two calls running at once. */
    static final class Ledger {
        final List<Long> entries = new ArrayList<>();
        final AtomicInteger running = new AtomicInteger();
        int overlaps;

        void append(long e) {
            if (running.incrementAndGet() != 1) {
                overlaps++;
            }
            entries.add(e);
            running.decrementAndGet();
        }
    }

    static final int TASK_CLIENTS = 12;
    static final int THREAD_CLIENTS = 3;
    static final int BLOCKS = 60;

    static long entry(int client, int block, int seq) {
        return ((long) client << 40) | ((long) block << 20) | seq;
    }

    static List<Object[]> cases() {
        List<Object[]> out = new ArrayList<>();
        for (Modes m : Modes.values()) {
            for (int p : new int[] {1, 2, 8}) {
                out.add(new Object[] {m, p});
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void callsOfABlockRunInOrderWithNothingInBetween(Modes m, int parallelism) {
        Hang.within(Duration.ofSeconds(120), () -> m.with(parallelism, scoop -> {
            Separate<Ledger> ledger = scoop.create(new Ledger());
            Map<Long, Integer> lengths = new HashMap<>(); // (client, block) -> calls logged
            List<Thread> threads = new ArrayList<>();
            int clients = TASK_CLIENTS + THREAD_CLIENTS;
            int[][] len = new int[clients][BLOCKS];
            for (int c = TASK_CLIENTS; c < clients; c++) {
                int client = c;
                Thread t = new Thread(() -> runClient(ledger, client, len[client]));
                threads.add(t);
                t.start();
            }
            scoop.pool().run(() -> Weft.parallelFor(0, TASK_CLIENTS, c -> runClient(ledger, c, len[c])));
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
            for (int c = 0; c < clients; c++) {
                for (int b = 0; b < BLOCKS; b++) {
                    lengths.put(entry(c, b, 0), len[c][b]);
                }
            }
            List<Long> log = ledger.query(l -> List.copyOf(l.entries));
            assertEquals(0, (int) ledger.query(l -> l.overlaps), "two calls ran at once on one handler");
            checkContiguous(log, lengths, clients);
        }));
    }

    /** A client: BLOCKS blocks of 1..12 calls, with delays, queries and nested blocks mixed in. */
    static void runClient(Separate<Ledger> ledger, int client, int[] len) {
        SplittableRandom rnd = new SplittableRandom(client * 7919L + 1);
        for (int b = 0; b < BLOCKS; b++) {
            int block = b;
            int n = 1 + rnd.nextInt(12);
            len[b] = n;
            Scoop.separate(ledger, l -> {
                for (int i = 0; i < n; i++) {
                    long e = entry(client, block, i);
                    int shape = rnd.nextInt(10);
                    if (shape == 0) {
                        // A nested block on the same handler joins this one: still contiguous.
                        Scoop.separate(ledger, inner -> inner.call(x -> x.append(e)));
                    } else {
                        l.call(x -> x.append(e));
                    }
                    if (shape == 1) {
                        int size = l.queryInt(x -> x.entries.size());
                        assertTrue(size > 0);
                    }
                    spin(rnd.nextInt(200));
                }
            });
            spin(rnd.nextInt(100));
        }
    }

    static void spin(int n) {
        for (int i = 0; i < n; i++) {
            Thread.onSpinWait();
        }
    }

    /**
     * Every block's calls form one contiguous run, in order, and each client's blocks appear in the order it
     * ran them.
     */
    static void checkContiguous(List<Long> log, Map<Long, Integer> lengths, int clients) {
        int[] nextBlock = new int[clients];
        int i = 0;
        int blocks = 0;
        while (i < log.size()) {
            long e = log.get(i);
            int client = (int) (e >>> 40);
            int block = (int) ((e >>> 20) & 0xFFFFF);
            assertEquals(nextBlock[client], block, "client " + client + "'s blocks out of order at " + i);
            int n = lengths.get(entry(client, block, 0));
            for (int k = 0; k < n; k++) {
                assertTrue(i + k < log.size(), "block cut short");
                assertEquals(entry(client, block, k), (long) log.get(i + k),
                        "block (" + client + "," + block + ") interrupted or reordered at " + (i + k));
            }
            nextBlock[client]++;
            i += n;
            blocks++;
        }
        assertEquals(clients * BLOCKS, blocks, "every block ran");
    }
}
