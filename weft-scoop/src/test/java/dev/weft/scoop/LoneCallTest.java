package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import dev.weft.WeftPool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The single-call fast path (PROTOCOL.md "Lone calls on the client"): a short lone call on an idle handler
 * runs on its client's worker, with SCOOP's guarantees — after the client's earlier calls, alone on the
 * handler, its failure thrown at once, waiting conditions re-evaluated after it — and calls that are long or
 * wait, or clients that hold a block or are handlers, keep going through the queue.
 */
class LoneCallTest {
    /** Handler-owned. */
    static final class Cell {
        long value;
        Thread ranOn;
        final List<Long> log = new ArrayList<>();
    }

    // One class per action (each lambda here is its own call site), so the tests' warm-ups do not mix.
    static final Consumer<Cell> MARK = c -> {
        c.value++;
        c.ranOn = Thread.currentThread();
    };
    static final Consumer<Cell> COUNT = c -> c.value++;
    static final Consumer<Cell> LOG_NEXT = c -> c.log.add(c.value++);
    static final Consumer<Cell> THROW = c -> {
        if (c.value < 0) {
            throw new IllegalStateException("negative " + c.value);
        }
        c.value++;
    };
    static final Consumer<Cell> SPIN = c -> {
        long end = System.nanoTime() + 5 * Inline.SHORT_NANOS;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        c.value++;
        c.ranOn = Thread.currentThread();
    };

    /**
     * Whether {@code cell.call(action)}, from a task on a pool of one worker, had run when {@code call}
     * returned: a queued call cannot have (its activation is a fork of that same worker, run when the task
     * ends), a call run on the client has. {@code action} must increment the cell's value.
     */
    static boolean ranBeforeReturn(WeftPool pool, Separate<Cell> cell, Consumer<Cell> action) {
        long before = cell.query(c -> c.value);
        return pool.invoke(() -> {
            cell.call(action);
            return readRacily(cell) != before;
        });
    }

    /** The cell's value read from outside the handler: racy, and only used to see whether a call has run. */
    static long readRacily(Separate<Cell> cell) {
        return cell.object.value;
    }

    /** Runs {@code action} on {@code cell} enough times, through the handler, for its class to be timed. */
    static void warm(WeftPool pool, Separate<Cell> cell, Consumer<Cell> action) {
        for (int i = 0; i < 4 * Inline.SAMPLE_EVERY * Inline.SHORT_SAMPLES; i++) {
            pool.run(() -> cell.call(action));
        }
        cell.query(c -> c.value); // every warm-up call has run
    }

    @Test
    void aShortLoneCallOnAnIdleHandlerRunsOnItsClient() {
        Modes.QOQ.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            warm(scoop.pool(), cell, MARK);
            Thread[] client = new Thread[1];
            scoop.pool().run(() -> {
                client[0] = Thread.currentThread();
                cell.call(MARK);
            });
            assertSame(client[0], cell.query(c -> c.ranOn), "the call ran on the client's worker");
            try (WeftPool one = new WeftPool(1)) {
                Separate<Cell> c1 = Scoop.on(one).create(new Cell());
                assertTrue(ranBeforeReturn(one, c1, MARK), "and before call() returned");
            }
        });
    }

    /**
     * Lone calls run on the client never fork, so they never pass a worker's steal check: a client that
     * makes many of them would keep its latent forks from a worker that turns hungry meanwhile until it
     * stops. Each one serves pending steal requests after the handler is released, as a fork would. The
     * other worker is kept busy until the client's loop has begun (an idle worker's request, made earlier,
     * is served by the join's own fork); without that service the offered half runs only after the loop
     * gives up (the assertion fails after 5 s).
     */
    @Test
    void aClientInARunOfLoneCallsHandsItsLatentForkToAWorkerThatTurnsHungry() throws Exception {
        Modes.QOQ.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            warm(scoop.pool(), cell, COUNT);
            CountDownLatch busy = new CountDownLatch(1);
            CountDownLatch looping = new CountDownLatch(1);
            CountDownLatch otherHalf = new CountDownLatch(1);
            var blocker = scoop.pool().submit(() -> {
                busy.countDown();
                try {
                    return looping.await(10, TimeUnit.SECONDS);     // occupies one worker until the loop runs
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            assertTrue(busy.await(10, TimeUnit.SECONDS), "the blocker never started");
            Thread[] ranOn = new Thread[2];
            boolean[] servedWhileCalling = new boolean[1];
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            scoop.pool().run(() -> Weft.join(() -> {            // offered to other workers
                ranOn[1] = Thread.currentThread();
                otherHalf.countDown();
            }, () -> {                                           // runs first, on this worker
                ranOn[0] = Thread.currentThread();
                looping.countDown();
                while (otherHalf.getCount() > 0 && System.nanoTime() < deadline) {
                    cell.call(COUNT);
                }
                servedWhileCalling[0] = otherHalf.getCount() == 0;
            }));
            assertTrue(blocker.get(10, TimeUnit.SECONDS), "the blocker was not released by the loop");
            assertTrue(servedWhileCalling[0], "the offered half did not run while its client made lone calls");
            assertTrue(ranOn[0] != ranOn[1], "both halves ran on " + ranOn[0]);
        });
    }

    @Test
    void switchedOffEveryCallGoesThroughTheQueue() {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        try (WeftPool pool = new WeftPool(1)) {
            Scoop on = Scoop.on(pool);
            Separate<Cell> a = on.create(new Cell());
            warm(pool, a, MARK);
            assertTrue(ranBeforeReturn(pool, a, MARK), "the control: on by default, the call ran on the client");
            Scoop off = Scoop.builder(pool).loneCallsOnClient(false).failureHandler(failures::add).build();
            assertFalse(off.loneCallsOnClient());
            Separate<Cell> b = off.create(new Cell());
            warm(pool, b, MARK);
            assertFalse(ranBeforeReturn(pool, b, MARK), "switched off, the call was queued");
            assertFalse(Scoop.builder(pool).queueOfQueues(false).build().loneCallsOnClient(),
                    "the lock-based mode has no fast path");
        }
        assertTrue(failures.isEmpty());
    }

    /** The call comes after every call the client logged before, even those still queued. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void aLoneCallComesAfterTheClientsQueuedCalls(int workers) {
        Modes.QOQ.with(workers, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            warm(scoop.pool(), cell, LOG_NEXT);
            scoop.pool().run(() -> Weft.parallelFor(0, 4, k -> {
                for (int i = 0; i < 2_000; i++) {
                    if (i % 7 == 0) {
                        Scoop.separate(cell, c -> {   // a block: always queued
                            c.call(LOG_NEXT);
                            c.call(LOG_NEXT);
                        });
                    } else {
                        cell.call(LOG_NEXT);          // often on the client
                    }
                }
            }));
            List<Long> log = cell.query(c -> List.copyOf(c.log));
            for (int i = 0; i < log.size(); i++) {
                assertEquals(i, (long) log.get(i), "the calls ran one at a time, each seeing the one before");
            }
        });
    }

    @Test
    void aFailureOfACallRunOnItsClientIsThrownAtOnce() {
        Modes.QOQ.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            warm(scoop.pool(), cell, THROW);
            Scoop.separate(cell, c -> c.call(x -> x.value = -5));
            cell.query(c -> c.value);
            CallFailedException e = scoop.pool().invoke(() -> assertThrows(CallFailedException.class, () -> cell.call(THROW)));
            assertEquals("negative -5", e.getCause().getMessage());
            assertSame(cell.handler(), e.handler());
            cell.call(x -> x.value = 0);
            scoop.pool().run(() -> cell.call(THROW)); // the handler serves on
            assertEquals(1, (long) cell.query(c -> c.value));
        });
    }

    /** A waiting client's condition is evaluated again after a call that ran on another client. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void waitConditionsSeeCallsRunOnClients(int workers) {
        Hang.within(Duration.ofSeconds(60), () -> Modes.QOQ.with(workers, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            warm(scoop.pool(), cell, MARK);
            long start = cell.query(c -> c.value);
            CountDownLatch done = new CountDownLatch(3);
            for (int i = 0; i < 3; i++) {
                long k = start + 200L * (i + 1);
                new Thread(() -> {
                    Scoop.separate(cell, c -> c.test(x -> x.value >= k), c -> c.call(x -> { }));
                    done.countDown();
                }).start();
            }
            scoop.pool().run(() -> {
                for (int i = 0; i < 600; i++) {
                    cell.call(MARK);
                }
            });
            assertTrue(done.await(30, TimeUnit.SECONDS), "left: " + done.getCount());
        }));
    }

    /** Long calls keep their parallelism: they run on the handler, never one after another on the client. */
    @Test
    void aLongCallIsNotRunOnItsClient() {
        Modes.QOQ.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            warm(scoop.pool(), cell, SPIN);
            assertFalse(Inline.of(new Client(null), SPIN).onClient(), "SPIN is timed as long");
            assertFalse(ranBeforeReturn(scoop.pool(), cell, SPIN), "so it was queued");
        });
    }

    /** Clients that hold a block, or that are handlers, never run a lone call themselves. */
    @Test
    void clientsInABlockOrHandlersQueue() {
        Modes.QOQ.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            Separate<Cell> other = scoop.create(new Cell());
            warm(scoop.pool(), cell, MARK);
            assertTrue(ranBeforeReturn(scoop.pool(), cell, MARK), "the control: a plain client runs it");
            long before = cell.query(c -> c.value);
            boolean inBlock = scoop.pool().invoke(() -> Scoop.separateGet(other, o -> {
                cell.call(MARK);
                return readRacily(cell) != before;
            }));
            assertFalse(inBlock, "a client in a block queues");
            long before2 = cell.query(c -> c.value);
            boolean[] inHandler = new boolean[1];
            other.call(o -> {
                cell.call(MARK);
                inHandler[0] = readRacily(cell) != before2;
            });
            other.query(o -> o.value);
            assertFalse(inHandler[0], "a handler queues");
        });
    }

    /**
     * A call class that waits while it runs on its client is marked and goes through the queue from then on;
     * the wait itself ends normally when what it waits for does not depend on the client.
     */
    @Test
    void aCallThatWaitsOnItsClientIsSentToTheQueueFromThenOn() {
        Hang.within(Duration.ofSeconds(60), () -> Modes.QOQ.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            Separate<Cell> gate = scoop.create(new Cell());
            Consumer<Cell> waitForGate = c -> {
                Scoop.separate(gate, g -> g.test(x -> x.value >= c.value), g -> { });
                c.value++;
            };
            gate.call(x -> x.value = Long.MAX_VALUE); // open: the calls do not wait during the warm-up
            warm(scoop.pool(), cell, waitForGate);
            Inline.Stats stats = Inline.of(new Client(null), waitForGate);
            // A call with a block inside may be timed as long, cold; what matters here is what a wait does to
            // a class taken for short, so take it for short.
            stats.score = Inline.MAX_SCORE;
            assertTrue(stats.onClient());
            gate.call(x -> x.value = 0); // closed
            CountDownLatch opened = new CountDownLatch(1);
            Thread opener = new Thread(() -> {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
                gate.call(x -> x.value = Long.MAX_VALUE); // not the client: the wait ends
                opened.countDown();
            });
            opener.start();
            scoop.pool().run(() -> cell.call(waitForGate)); // runs on the client and parks there
            assertTrue(opened.await(20, TimeUnit.SECONDS));
            assertTrue(stats.waits, "the class is marked");
            assertFalse(stats.onClient());
            assertFalse(ranBeforeReturn(scoop.pool(), cell, waitForGate), "from then on it is queued");
        }));
    }
}
