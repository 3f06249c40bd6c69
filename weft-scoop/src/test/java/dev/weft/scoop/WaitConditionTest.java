package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Wait conditions (SCOOP preconditions on separate targets): a block runs only once its condition holds;
 * a false condition is evaluated again when a handler finishes another client's block, never by
 * busy-waiting; waiting clients hold no worker hostage; asynchronous blocks wait without a thread.
 */
class WaitConditionTest {
    /** Handler-owned bounded buffer. */
    static final class Buffer {
        final ArrayDeque<Integer> items = new ArrayDeque<>();
        final int capacity;

        Buffer(int capacity) {
            this.capacity = capacity;
        }

        boolean nonEmpty() {
            return !items.isEmpty();
        }

        boolean nonFull() {
            return items.size() < capacity;
        }
    }

    /** Handler-owned counter. */
    static final class Cell {
        long value;
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void producersAndConsumersOfABoundedBufferWaitForEachOther(Modes m) {
        for (int p : new int[] {1, 2, 8}) {
            Hang.within(Duration.ofSeconds(60), () -> m.with(p, scoop -> boundedBuffer(scoop, 300)));
        }
    }

    /**
     * The same scenario, many short rounds: a client that suspends its block on a condition once cleared its
     * queue's sync flag after handing the guard to the handler, which another client was running on its own
     * stack; about one round in a few hundred then hung without coalescing.
     */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void manyShortRoundsOfTheBoundedBufferNeverHang(Modes m) {
        Hang.within(Duration.ofSeconds(90), () -> m.with(8, scoop -> {
            for (int round = 0; round < 150; round++) {
                boundedBuffer(scoop, 20);
            }
        }));
    }

    /** Four producers (tasks) and four consumers (two threads, two tasks) through a buffer of four. */
    private static void boundedBuffer(Scoop scoop, int perProducer) throws InterruptedException {
        Separate<Buffer> buf = scoop.create(new Buffer(4));
        int producers = 4;
        int consumers = 4;
        AtomicLong consumed = new AtomicLong();
        AtomicInteger taken = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            Thread t = new Thread(() -> consume(buf, producers * perProducer / consumers, consumed, taken));
            threads.add(t);
            t.start();
        }
        scoop.pool().run(() -> Weft.join(
                () -> Weft.parallelFor(0, producers, pr -> {
                    for (int i = 0; i < perProducer; i++) {
                        int v = pr * perProducer + i;
                        Scoop.separate(buf, b -> b.test(Buffer::nonFull), b -> b.call(x -> x.items.add(v)));
                    }
                }),
                () -> Weft.parallelFor(0, 2, c -> consume(buf, producers * perProducer / consumers, consumed, taken))));
        for (Thread t : threads) {
            t.join();
        }
        int n = producers * perProducer;
        assertEquals(n, taken.get());
        assertEquals((long) n * (n - 1) / 2, consumed.get(), "every item consumed exactly once");
        assertEquals(0, (int) buf.query(b -> b.items.size()));
    }

    static void consume(Separate<Buffer> buf, int count, AtomicLong sum, AtomicInteger taken) {
        for (int i = 0; i < count; i++) {
            int v = Scoop.separateGet(buf, b -> b.test(Buffer::nonEmpty), b -> b.queryInt(x -> x.items.poll()));
            sum.addAndGet(v);
            taken.incrementAndGet();
        }
    }

    /**
     * The condition is evaluated once when the block starts and at most once per block another client
     * finishes on the handler: a bound that busy-waiting would break.
     */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void aFalseConditionIsReevaluatedOnlyWhenAnotherBlockEnds(Modes m) {
        Hang.within(Duration.ofSeconds(30), () -> m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            AtomicInteger evaluations = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(1);
            Thread waiter = new Thread(() -> {
                long seen = Scoop.separateGet(cell, c -> {
                    evaluations.incrementAndGet();
                    return c.queryLong(x -> x.value) >= 100;
                }, c -> c.queryLong(x -> x.value));
                assertEquals(100, seen);
                done.countDown();
            });
            waiter.start();
            int blocks = 0;
            for (int i = 0; i < 100; i++) {
                cell.call(x -> x.value++);
                blocks++;
                if (i % 10 == 0) {
                    cell.query(x -> x.value); // a block that changes nothing also counts
                    blocks++;
                }
            }
            assertTrue(done.await(20, TimeUnit.SECONDS));
            waiter.join();
            int evals = evaluations.get();
            assertTrue(evals >= 1 && evals <= blocks + 2, "evaluations: " + evals + " for " + blocks + " blocks");
        }));
    }

    /** West, Nanz, Meyer 2015's wait on two handlers: both are reserved and re-evaluated together. */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void aConditionOverTwoHandlersWaitsForBoth(Modes m) {
        Hang.within(Duration.ofSeconds(30), () -> m.with(2, scoop -> {
            Separate<Cell> a = scoop.create(new Cell());
            Separate<Cell> b = scoop.create(new Cell());
            int clients = 6;
            CountDownLatch moved = new CountDownLatch(clients);
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                // Each moves 10 from a to b once a holds at least 10.
                Thread t = new Thread(() -> {
                    Scoop.separate(a, b, (x, y) -> x.queryLong(c -> c.value) >= 10, (x, y) -> {
                        x.call(c -> c.value -= 10);
                        y.call(c -> c.value += 10);
                    });
                    moved.countDown();
                });
                threads.add(t);
                t.start();
            }
            for (int i = 0; i < clients * 10; i++) {
                a.call(c -> c.value++);
            }
            assertTrue(moved.await(20, TimeUnit.SECONDS));
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(0, (long) a.query(c -> c.value));
            assertEquals(clients * 10L, (long) b.query(c -> c.value));
        }));
    }

    /** Asynchronous blocks wait without a thread: thousands of them on a pool of one worker. */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void asynchronousBlocksRunOnceTheirConditionHolds(Modes m) {
        int waiters = m.queueOfQueues ? 2000 : 50; // lock-based: each is a task that blocks a (compensated) thread
        Hang.within(Duration.ofSeconds(60), () -> m.with(1, scoop -> {
            Separate<Cell> gate = scoop.create(new Cell());
            Separate<Cell> sum = scoop.create(new Cell());
            CountDownLatch done = new CountDownLatch(waiters);
            for (int i = 0; i < waiters; i++) {
                long k = i;
                Scoop.separateAsync(gate, g -> g.queryLong(c -> c.value) > k, g -> {
                    long v = g.queryLong(c -> c.value);
                    sum.call(c -> c.value += v > k ? 1 : 1_000_000); // counts runs whose condition held
                    done.countDown();
                });
            }
            for (int i = 0; i < waiters; i++) {
                gate.call(c -> c.value++);
            }
            assertTrue(done.await(40, TimeUnit.SECONDS), "left: " + done.getCount());
            assertEquals(waiters, (long) sum.query(c -> c.value));
        }));
    }

    /** An asynchronous block is ordered after the caller's earlier blocks on the handler. */
    @Test
    void anAsynchronousBlockComesAfterTheCallersEarlierBlocks() {
        Modes.QOQ.with(2, scoop -> {
            Separate<List<Integer>> log = scoop.create(new ArrayList<>());
            CountDownLatch done = new CountDownLatch(1);
            for (int i = 0; i < 100; i++) {
                int v = i;
                log.call(l -> l.add(v));
            }
            Scoop.separateAsync(log, l -> {
                l.call(x -> x.add(-1));
                done.countDown();
            });
            assertTrue(done.await(10, TimeUnit.SECONDS));
            List<Integer> got = log.query(List::copyOf);
            assertEquals(101, got.size());
            assertEquals(-1, got.get(100));
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aConditionThatThrowsReachesTheClient(Modes m) {
        m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            IllegalArgumentException boom = new IllegalArgumentException("boom");
            // False first (so the handler evaluates it later), then it throws.
            AtomicInteger calls = new AtomicInteger();
            CountDownLatch waiting = new CountDownLatch(1);
            List<Throwable> seen = new ArrayList<>();
            Thread t = new Thread(() -> {
                try {
                    Scoop.separate(cell, c -> {
                        if (calls.incrementAndGet() > 1) {
                            throw boom;
                        }
                        waiting.countDown();
                        return false;
                    }, c -> c.call(x -> x.value = 99));
                } catch (Throwable e) {
                    seen.add(e);
                }
            });
            t.start();
            assertTrue(waiting.await(10, TimeUnit.SECONDS));
            for (int i = 0; i < 3 && t.isAlive(); i++) {
                cell.call(x -> x.value++); // ends a block: the condition is evaluated again, and throws
                t.join(2000);
            }
            t.join();
            assertEquals(1, seen.size());
            assertSame(boom, seen.get(0));
            assertTrue((long) cell.query(x -> x.value) < 99, "the body did not run");
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aFalseConditionOnAHandlerTheClientAlreadyHoldsIsAnError(Modes m) {
        m.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            Scoop.separate(cell, outer -> {
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> Scoop.separate(cell, c -> c.queryLong(x -> x.value) > 0, c -> { }));
                assertTrue(e.getMessage().contains("never become true"), e.getMessage());
                outer.call(x -> x.value = 5); // the outer block is intact
            });
            assertEquals(5, (long) cell.query(x -> x.value));
        });
    }
}
