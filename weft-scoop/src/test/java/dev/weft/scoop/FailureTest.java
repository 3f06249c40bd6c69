package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import dev.weft.WeftPool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An exception in a call is never lost: it reaches the client at its next query on the handler in the
 * block, or when the block ends if the handler has run the call by then, or — when the client has already
 * left the block — the runtime's failure handler; exactly one of them, once.
 */
class FailureTest {
    /** Handler-owned counter. */
    static final class Cell {
        long value;

        void fail(String why) {
            throw new IllegalStateException(why);
        }
    }

    static void await(BooleanSupplier cond) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached in 20 s");
            }
            Thread.onSpinWait();
        }
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aFailedCallReachesTheNextQueryAndTheRestOfTheBlockIsSkipped(Modes m) {
        m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            CallFailedException e = assertThrows(CallFailedException.class, () -> Scoop.separate(cell, c -> {
                c.call(x -> x.value++);
                c.call(x -> x.fail("second call"));
                c.call(x -> x.value += 100); // skipped: it assumed the second call's effect
                c.queryLong(x -> x.value);
            }));
            assertInstanceOf(IllegalStateException.class, e.getCause());
            assertEquals("second call", e.getCause().getMessage());
            assertSame(cell.handler(), e.handler());
            assertEquals(1, (long) cell.query(x -> x.value), "the handler ran the first call only");
            cell.call(x -> x.value++); // the handler serves later blocks normally
            assertEquals(2, (long) cell.query(x -> x.value));
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aFailedCallTheHandlerRanBeforeTheEndIsThrownAtTheEnd(Modes m) {
        m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            // An external client: the handler runs on a worker while the client waits inside its block.
            CallFailedException e = assertThrows(CallFailedException.class, () -> Scoop.separate(cell, c -> {
                c.call(x -> x.fail("no query after me"));
                await(c.queue::failurePending);
            }));
            assertEquals("no query after me", e.getCause().getMessage());
        });
    }

    /**
     * SCOOP's dirty handler: a failure the handler finds after the client left the block reaches that client
     * at its next reservation of the handler (the block does not run) — deterministically, never the failure
     * handler while the client can still be told. The lock-based baseline shares one queue between clients,
     * so there the failure handler gets it (documented).
     */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void aFailureTheHandlerFindsAfterTheClientLeftReachesItsNextReservation(Modes m) {
        ConcurrentLinkedQueue<Throwable> undelivered = new ConcurrentLinkedQueue<>();
        try (WeftPool pool = new WeftPool(1)) {
            Scoop scoop = m.on(pool, undelivered);
            Separate<Cell> cell = scoop.create(new Cell());
            // On the only worker the handler's activation waits until the client task ends: the block is
            // over before the call runs. The same worker is the same client in the next task.
            pool.run(() -> Scoop.separate(cell, c -> c.call(x -> x.fail("late"))));
            pool.run(() -> {
                while (!scoop.queueOfQueues() && undelivered.isEmpty() || scoop.queueOfQueues() && !pendingOn(cell)) {
                    Thread.onSpinWait(); // the activation ran when the first task drained
                }
            });
            if (!m.queueOfQueues) {
                assertEquals(1, undelivered.size());
                assertEquals("late", undelivered.peek().getCause().getMessage());
                return;
            }
            AtomicInteger ran = new AtomicInteger();
            CallFailedException e = pool.invoke(() -> assertThrows(CallFailedException.class,
                    () -> Scoop.separate(cell, c -> ran.incrementAndGet())));
            assertEquals("late", e.getCause().getMessage());
            assertEquals(0, ran.get(), "a dirty handler is not reserved: the block did not run");
            pool.run(() -> Scoop.separate(cell, c -> ran.incrementAndGet())); // told once: clean again
            assertEquals(1, ran.get());
            assertTrue(undelivered.isEmpty(), "the client was told, not the failure handler: " + undelivered);
        }
    }

    /** Whether the calling worker's client has an undelivered failure on {@code cell}'s handler. */
    private static boolean pendingOn(Separate<Cell> cell) {
        return Client.current().queueFor(cell.handler()).failurePending();
    }

    /** The dirty handler also speaks at the next sync (a later block's query) and at a lone call. */
    @Test
    void aFailureFoundLateIsThrownAtTheNextLoneCallReservationOrQuery() {
        Modes.QOQ.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            Separate<Cell> other = scoop.create(new Cell());
            WeftPool pool = scoop.pool();
            pool.run(() -> cell.call(x -> x.fail("first")));
            pool.run(() -> {
                while (!pendingOn(cell)) {
                    Thread.onSpinWait();
                }
            });
            CallFailedException e = pool.invoke(() -> assertThrows(CallFailedException.class,
                    () -> cell.call(x -> x.value = 100)));
            assertEquals("first", e.getCause().getMessage());
            pool.run(() -> Scoop.separate(cell, other, (c, o) -> c.call(x -> x.fail("second"))));
            pool.run(() -> {
                while (!pendingOn(cell)) {
                    Thread.onSpinWait();
                }
            });
            e = pool.invoke(() -> assertThrows(CallFailedException.class, () -> Scoop.separate(other, cell, (o, c) -> {
                o.call(x -> x.value++);
            })));
            assertEquals("second", e.getCause().getMessage());
            assertEquals(0, (long) cell.query(x -> x.value), "the call after the dirty reservation never ran");
            assertEquals(0, (long) other.query(x -> x.value), "a rejected block reserves none of its handlers");
            // The next block is reserved before the handler runs the failing one (its activation waits for
            // this task on the only worker); its query runs the handler, which fails the earlier block's call.
            e = pool.invoke(() -> {
                Scoop.separate(cell, c -> c.call(x -> x.fail("third")));
                return assertThrows(CallFailedException.class, () -> Scoop.separate(cell, c -> {
                    c.call(x -> x.value = 7);
                    c.queryLong(x -> x.value);
                }));
            });
            assertEquals("third", e.getCause().getMessage());
            assertEquals(7, (long) cell.query(x -> x.value), "the failure belonged to the earlier block");
        });
    }

    /**
     * A lone query or lone call that takes an idle handler on its own worker serves what was queued first;
     * if that includes a failing call of the same client, the failure is found after the take, and the
     * query or call must still report it (through the queued path), not run as if nothing had failed.
     */
    @Test
    void aFailureFoundWhileALoneQueryOrCallTakesTheHandlerIsThrownByIt() {
        Modes.QOQ.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            WeftPool pool = scoop.pool();
            // One worker: the block's activation waits in this task's deque until the query takes the handler.
            CallFailedException e = pool.invoke(() -> {
                Scoop.separate(cell, c -> c.call(x -> x.fail("before the query")));
                return assertThrows(CallFailedException.class, () -> cell.query(x -> x.value));
            });
            assertEquals("before the query", e.getCause().getMessage());

            java.util.function.Consumer<Cell> inc = x -> x.value++;
            pool.run(() -> {
                for (int i = 0; i < 100_000 && !Inline.of(Client.current(), inc).onClient(); i++) {
                    cell.call(inc); // until the runtime knows the call is short and runs it on the client
                }
            });
            assertTrue(pool.invoke(() -> Inline.of(Client.current(), inc).onClient()), "the call counts as short");
            long before = cell.query(x -> x.value);
            e = pool.invoke(() -> {
                Scoop.separate(cell, c -> c.call(x -> x.fail("before the call")));
                return assertThrows(CallFailedException.class, () -> cell.call(inc));
            });
            assertEquals("before the call", e.getCause().getMessage());
            assertEquals(before, (long) cell.query(x -> x.value), "the call after the dirty reservation never ran");
        });
    }

    /** A failure its client was never told of goes to the failure handler when the runtime closes. */
    @ParameterizedTest
    @EnumSource(value = Modes.class, names = {"QOQ", "NO_COALESCING"})
    void aFailureNoClientHeardOfGoesToTheFailureHandlerAtClose(Modes m) {
        ConcurrentLinkedQueue<Throwable> undelivered = new ConcurrentLinkedQueue<>();
        try (WeftPool pool = new WeftPool(1)) {
            Scoop scoop = m.on(pool, undelivered);
            Separate<Cell> cell = scoop.create(new Cell());
            pool.run(() -> Scoop.separate(cell, c -> c.call(x -> x.fail("never told"))));
            pool.run(() -> {
                while (!pendingOn(cell)) {
                    Thread.onSpinWait();
                }
            });
            assertTrue(undelivered.isEmpty());
            scoop.close();
            assertEquals(1, undelivered.size());
            assertEquals("never told", undelivered.peek().getCause().getMessage());
            scoop.close();
            assertEquals(1, undelivered.size(), "close is idempotent");
        }
    }

    /**
     * Many racing blocks with one failing call each, some with a query after it, on two handlers: every
     * block whose body ran logged one failure, and each is delivered exactly once — to its client (at the end
     * of its block, or at its next sync or reservation of that handler, which then does not run) or, for the
     * few the clients never came back for, to the failure handler when the runtime closes.
     */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void everyFailureIsDeliveredExactlyOnce(Modes m) {
        ConcurrentLinkedQueue<Throwable> undelivered = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> caught = new ConcurrentLinkedQueue<>();
        Set<String> ran = ConcurrentHashMap.newKeySet();
        int clients = 8;
        int blocks = 200;
        Hang.within(Duration.ofSeconds(60), () -> {
            try (WeftPool pool = new WeftPool(3)) {
                Scoop scoop = m.on(pool, undelivered);
                List<Separate<Cell>> cells = List.of(scoop.create(new Cell()), scoop.create(new Cell()));
                pool.run(() -> Weft.parallelFor(0, clients, c -> {
                    SplittableRandom rnd = new SplittableRandom(c);
                    for (int b = 0; b < blocks; b++) {
                        String id = c + ":" + b;
                        boolean query = rnd.nextInt(3) == 0;
                        int delay = rnd.nextInt(300);
                        try {
                            Scoop.separate(cells.get(rnd.nextInt(2)), v -> {
                                ran.add(id);
                                v.call(x -> x.value++);
                                v.call(x -> x.fail(id));
                                for (int i = 0; i < delay; i++) {
                                    Thread.onSpinWait();
                                }
                                if (query) {
                                    v.queryLong(x -> x.value);
                                }
                            });
                        } catch (CallFailedException e) {
                            collect(e, caught);
                        }
                    }
                }));
                for (Separate<Cell> c : cells) {
                    c.query(x -> x.value); // every handler is past every failed block
                }
                scoop.close();
            }
        });
        for (Throwable t : undelivered) {
            collect(t, caught);
        }
        List<String> all = new ArrayList<>(caught);
        Set<String> distinct = new HashSet<>(all);
        assertEquals(all.size(), distinct.size(), "a failure was delivered twice");
        Set<String> lost = new HashSet<>(ran);
        lost.removeAll(distinct);
        Set<String> invented = new HashSet<>(distinct);
        invented.removeAll(ran);
        assertEquals(Set.of(), lost, "failures lost (" + undelivered.size() + " at close)");
        assertEquals(Set.of(), invented, "failures of blocks whose body never ran");
        assertTrue(ran.size() > clients * blocks / 2, "most blocks ran: " + ran.size());
        if (m.queueOfQueues) {
            assertTrue(undelivered.size() <= 2 * clients, "only the last failure of a client on a handler may wait for"
                    + " the close: " + undelivered.size());
        }
    }

    /** The failed calls' messages in {@code e} and, recursively, in what it suppresses. */
    static void collect(Throwable e, ConcurrentLinkedQueue<String> into) {
        into.add(e.getCause().getMessage());
        for (Throwable s : e.getSuppressed()) {
            collect(s, into);
        }
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void failuresOfSeveralHandlersInOneBlockAreThrownTogether(Modes m) {
        m.with(2, scoop -> {
            Separate<Cell> x = scoop.create(new Cell());
            Separate<Cell> y = scoop.create(new Cell());
            CallFailedException e = assertThrows(CallFailedException.class, () -> Scoop.separate(x, y, (a, b) -> {
                a.call(c -> c.fail("x"));
                b.call(c -> c.fail("y"));
                await(() -> a.queue.failurePending() && b.queue.failurePending());
            }));
            Set<String> got = new HashSet<>();
            got.add(e.getCause().getMessage());
            for (Throwable s : e.getSuppressed()) {
                got.add(s.getCause().getMessage());
            }
            assertEquals(Set.of("x", "y"), got);
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void theBodysOwnExceptionComesFirstWithCallFailuresSuppressed(Modes m) {
        m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            UnsupportedOperationException body = new UnsupportedOperationException("body");
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> Scoop.separate(cell, c -> {
                        c.call(x -> x.fail("call"));
                        await(c.queue::failurePending);
                        throw body;
                    }));
            assertSame(body, e);
            assertEquals(1, e.getSuppressed().length);
            assertEquals("call", e.getSuppressed()[0].getCause().getMessage());
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aQueryThatThrowsPropagatesUnchanged(Modes m) {
        m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            ArithmeticException boom = new ArithmeticException("in the query");
            ArithmeticException e = assertThrows(ArithmeticException.class, () -> Scoop.separate(cell, c -> {
                c.call(x -> x.value = 3);
                c.queryLong(x -> {
                    throw boom;
                });
            }));
            assertSame(boom, e);
            assertEquals(3, (long) cell.query(x -> x.value));
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void errorsThrownByCallsAreDeliveredToo(Modes m) {
        m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            CallFailedException e = assertThrows(CallFailedException.class, () -> Scoop.separate(cell, c -> {
                c.call(x -> {
                    throw new LinkageError("an Error, not an Exception");
                });
                c.queryLong(x -> x.value);
            }));
            assertInstanceOf(LinkageError.class, e.getCause());
            cell.call(x -> x.value = 1);
            assertEquals(1, (long) cell.query(x -> x.value));
        });
    }

    @Test
    void failuresOfAsynchronousBlocksGoToTheFailureHandler() throws Exception {
        for (Modes m : Modes.values()) {
            ConcurrentLinkedQueue<Throwable> undelivered = new ConcurrentLinkedQueue<>();
            try (WeftPool pool = new WeftPool(2)) {
                Scoop scoop = m.on(pool, undelivered);
                Separate<Cell> cell = scoop.create(new Cell());
                CountDownLatch ran = new CountDownLatch(2);
                IllegalArgumentException body = new IllegalArgumentException("async body");
                Scoop.separateAsync(cell, c -> {
                    ran.countDown();
                    throw body;
                });
                Scoop.separateAsync(cell, c -> {
                    c.call(x -> x.fail("async call")); // nobody waits for the block: the failure handler gets it
                    ran.countDown();
                });
                assertTrue(ran.await(10, TimeUnit.SECONDS));
                await(() -> undelivered.size() == 2);
                Set<String> got = new HashSet<>();
                for (Throwable t : undelivered) {
                    got.add(t instanceof CallFailedException c ? c.getCause().getMessage() : t.getMessage());
                }
                assertEquals(Set.of("async body", "async call"), got, m.name());
            }
        }
    }
}
