package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import dev.weft.WeftPool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every wait of a client ends (PROTOCOL.md "Waits that end"): an interrupt ends it with
 * {@link WaitInterruptedException} (the timed forms: {@link InterruptedException}), a close of the runtime
 * with {@link RejectedExecutionException}, a deadline with the timed forms' result — for each kind of wait (a
 * query behind a busy handler, a wait condition on one handler, on two, a lock-based reservation), for clients
 * that are threads and clients that are pool tasks, at 1, 2 and 8 workers. In each case the block the client
 * was in ends with nothing lost: calls logged before the wait run, the handler serves the next blocks (the same
 * client's included) and no failure is reported. Without the ends, each of these scenarios hangs: the
 * {@link Hang} bound turns that into a failure.
 */
class WaitsEndTest {
    /** Handler-owned. */
    static final class Cell {
        long value;
    }

    /** The kinds of wait, and how each is started. */
    enum Kind {
        QUERY, CONDITION, CONDITION_TWO, RESERVATION
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Modes m : Modes.values()) {
            for (Kind k : Kind.values()) {
                if (k == Kind.RESERVATION && m.queueOfQueues) {
                    continue; // reserving never waits there
                }
                for (int workers : new int[] {1, 2, 8}) {
                    for (boolean task : new boolean[] {false, true}) {
                        out.add(Arguments.of(m, k, workers, task));
                    }
                }
            }
        }
        return out.stream();
    }

    /** What a scenario needs: the runtime, two cells, a gate that holds a handler busy, and the cleanup. */
    static final class World {
        final Scoop scoop;
        final Separate<Cell> a;
        final Separate<Cell> b;
        final CountDownLatch gate = new CountDownLatch(1);
        final CountDownLatch holding = new CountDownLatch(1);
        Thread holder;

        World(Scoop scoop) {
            this.scoop = scoop;
            this.a = scoop.create(new Cell());
            this.b = scoop.create(new Cell());
        }

        /** Makes {@code kind}'s wait wait: a busy handler for a query, a lock held for a reservation. */
        void prepare(Kind kind) throws InterruptedException {
            if (kind == Kind.QUERY) {
                a.call(x -> {
                    holding.countDown();
                    await(gate); // the handler is busy until the gate opens
                });
                assertTrue(holding.await(20, TimeUnit.SECONDS));
            } else if (kind == Kind.RESERVATION) {
                holder = new Thread(() -> Scoop.separate(a, v -> {
                    holding.countDown();
                    await(gate); // holds a's block lock until the gate opens
                }));
                holder.start();
                assertTrue(holding.await(20, TimeUnit.SECONDS));
            }
        }

        /** The wait itself, after a call that must not be lost (but for a reservation, which would wait there). */
        void waitIn(Kind kind) {
            if (kind != Kind.RESERVATION) {
                a.call(x -> x.value += 1);
            }
            switch (kind) {
                case QUERY -> Scoop.separate(a, v -> {
                    v.call(x -> x.value += 10);
                    v.queryLong(x -> x.value);
                });
                case CONDITION -> Scoop.separate(a, v -> v.test(x -> x.value < 0), v -> v.call(x -> x.value = -1));
                case CONDITION_TWO -> Scoop.separate(a, b, (v, w) -> v.test(x -> x.value < 0),
                        (v, w) -> v.call(x -> x.value = -1));
                case RESERVATION -> Scoop.separate(a, v -> v.call(x -> x.value = -1));
            }
        }

        /** What the handler must hold once everything that was logged ran. */
        long expected(Kind kind) {
            return switch (kind) {
                case QUERY -> 11;
                case CONDITION, CONDITION_TWO -> 1;
                case RESERVATION -> 0;
            };
        }

        void release() throws InterruptedException {
            gate.countDown();
            if (holder != null) {
                holder.join(20_000);
            }
        }
    }

    static void await(CountDownLatch latch) {
        try {
            Weft.blocking(() -> latch.await(60, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    static void until(BooleanSupplier cond, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not reached in 20 s: " + what);
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Runs {@code client} on a thread of its own or as a task of the pool; returns the thread it runs on
     * (once it started) and a latch for its end.
     */
    static Thread start(WeftPool pool, boolean task, Runnable client, CountDownLatch done) {
        AtomicReference<Thread> runner = new AtomicReference<>();
        Runnable body = () -> {
            runner.set(Thread.currentThread());
            try {
                client.run();
            } finally {
                done.countDown();
            }
        };
        if (task) {
            pool.execute(body);
        } else {
            new Thread(body, "client").start();
        }
        until(() -> runner.get() != null, "the client started");
        return runner.get();
    }

    @ParameterizedTest(name = "{0} {1} at {2} workers, task client: {3}")
    @MethodSource("cases")
    void anInterruptEndsTheWait(Modes m, Kind kind, int workers, boolean task) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(workers, scoop -> {
            World w = new World(scoop);
            w.prepare(kind);
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            Thread t = start(scoop.pool(), task, () -> {
                try {
                    w.waitIn(kind);
                } catch (Throwable e) {
                    thrown.set(e);
                    stillInterrupted.set(Thread.interrupted()); // and clear it: a pool worker runs on
                }
            }, done);
            until(() -> !scoop.parked.isEmpty(), "the client parked");
            t.interrupt();
            assertTrue(done.await(20, TimeUnit.SECONDS), "the interrupt ended the wait");
            assertInstanceOf(WaitInterruptedException.class, thrown.get());
            assertInstanceOf(InterruptedException.class, thrown.get().getCause());
            assertTrue(stillInterrupted.get(), "the unchecked form sets the interrupt status again");
            w.release();
            afterwards(w, kind, scoop.pool(), task);
        }));
    }

    /** Nothing was lost, the handlers serve on, and the client that gave up can use them again. */
    static void afterwards(World w, Kind kind, WeftPool pool, boolean task) throws Exception {
        assertEquals(w.expected(kind), (long) w.a.query(x -> x.value), "the calls logged before the wait ran");
        CountDownLatch again = new CountDownLatch(1);
        start(pool, task, () -> {
            Scoop.separate(w.a, w.b, (v, x) -> {
                v.call(c -> c.value += 100);
                x.call(c -> c.value += 100);
            });
            w.a.call(c -> c.value += 1000);
        }, again);
        assertTrue(again.await(20, TimeUnit.SECONDS));
        assertEquals(w.expected(kind) + 1100, (long) w.a.query(x -> x.value));
        assertEquals(100, (long) w.b.query(x -> x.value));
        assertTrue(w.scoop.parked.isEmpty(), "nobody is left registered as waiting");
    }

    @ParameterizedTest(name = "{0} {1} at {2} workers, task client: {3}")
    @MethodSource("cases")
    void closingTheRuntimeEndsTheWait(Modes m, Kind kind, int workers, boolean task) {
        ConcurrentLinkedQueue<Throwable> reported = new ConcurrentLinkedQueue<>();
        Hang.within(Duration.ofSeconds(60), () -> {
            try (WeftPool pool = WeftPool.builder().parallelism(workers).name("scoop-test").build()) {
                Scoop scoop = m.on(pool, reported);
                World w = new World(scoop);
                w.prepare(kind);
                AtomicReference<Throwable> thrown = new AtomicReference<>();
                CountDownLatch done = new CountDownLatch(1);
                start(pool, task, () -> {
                    try {
                        w.waitIn(kind);
                    } catch (Throwable e) {
                        thrown.set(e);
                    }
                }, done);
                until(() -> !scoop.parked.isEmpty(), "the client parked");
                scoop.close();
                assertTrue(done.await(20, TimeUnit.SECONDS), "the close ended the wait");
                RejectedExecutionException e = assertInstanceOf(RejectedExecutionException.class, thrown.get());
                assertTrue(e.getMessage().contains("closed"), e.getMessage());
                assertTrue(scoop.isClosed());
                // Later work is rejected ...
                assertThrows(RejectedExecutionException.class, () -> scoop.create(new Cell()));
                assertThrows(RejectedExecutionException.class, scoop::newHandler);
                assertThrows(RejectedExecutionException.class, () -> w.a.handler().own(new Cell()));
                assertThrows(RejectedExecutionException.class, () -> Scoop.separate(w.b, v -> { }));
                assertThrows(RejectedExecutionException.class, () -> Scoop.separateAsync(w.b, v -> { }));
                assertThrows(RejectedExecutionException.class, () -> w.b.query(x -> x.value));
                // ... but what was logged drains: the busy call, then the client's calls.
                w.release();
                pool.awaitQuiescence(20, TimeUnit.SECONDS);
            }
        });
        assertTrue(reported.isEmpty(), "no failure: " + reported);
    }

    /** Asynchronous blocks waiting for their condition at close are abandoned, each reported once. */
    @Test
    void asynchronousBlocksStillWaitingAtCloseAreReported() {
        ConcurrentLinkedQueue<Throwable> reported = new ConcurrentLinkedQueue<>();
        try (WeftPool pool = new WeftPool(2)) {
            Scoop scoop = Modes.QOQ.on(pool, reported);
            Separate<Cell> cell = scoop.create(new Cell());
            for (int i = 0; i < 5; i++) {
                Scoop.separateAsync(cell, c -> c.test(x -> x.value > 0), c -> c.call(x -> x.value = -100));
            }
            until(() -> scoop.parked.size() == 5, "five asynchronous blocks suspended");
            scoop.close();
            assertEquals(5, reported.size());
            for (Throwable t : reported) {
                assertInstanceOf(RejectedExecutionException.class, t);
            }
            scoop.close();
            assertEquals(5, reported.size(), "close is idempotent");
        }
    }

    /** A runtime closes with its pool: a waiting thread hears of the shutdown within a poll. */
    @ParameterizedTest
    @MethodSource("dev.weft.scoop.WaitsEndTest#modes")
    void shuttingThePoolDownEndsAWaitInAConditionAndRejectsNewWork(Modes m) {
        Hang.within(Duration.ofSeconds(30), () -> {
            WeftPool pool = new WeftPool(2);
            Scoop scoop = m.on(pool, new ConcurrentLinkedQueue<>());
            Separate<Cell> cell = scoop.create(new Cell());
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    Scoop.separate(cell, c -> c.test(x -> x.value > 0), c -> { });
                } catch (Throwable e) {
                    thrown.set(e);
                }
            });
            t.start();
            until(() -> !scoop.parked.isEmpty(), "the client parked");
            pool.close();
            t.join(20_000);
            assertFalse(t.isAlive(), "the pool's shutdown ended the wait");
            assertInstanceOf(RejectedExecutionException.class, thrown.get());
            assertTrue(scoop.isClosed());
            assertThrows(RejectedExecutionException.class, () -> scoop.create(new Cell()));
        });
    }

    static Stream<Modes> modes() {
        return Stream.of(Modes.values());
    }

    // ---------------------------------------------------------------------------------------------
    // Timed forms

    @ParameterizedTest(name = "{0} {1} at {2} workers, task client: {3}")
    @MethodSource("cases")
    void aDeadlineEndsTheWait(Modes m, Kind kind, int workers, boolean task) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(workers, scoop -> {
            World w = new World(scoop);
            w.prepare(kind);
            AtomicReference<Object> outcome = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            Duration limit = Duration.ofMillis(50);
            start(scoop.pool(), task, () -> {
                if (kind != Kind.RESERVATION) {
                    w.a.call(x -> x.value += 1);
                }
                try {
                    outcome.set(switch (kind) {
                        case QUERY -> {
                            try {
                                yield w.a.query(x -> x.value, limit);
                            } catch (TimeoutException e) {
                                yield e;
                            }
                        }
                        case CONDITION, RESERVATION -> Scoop.separate(w.a, v -> v.test(x -> x.value < 0),
                                v -> v.call(x -> x.value = -1), limit);
                        case CONDITION_TWO -> Scoop.separate(w.a, w.b, (v, x) -> v.test(c -> c.value < 0),
                                (v, x) -> v.call(c -> c.value = -1), limit);
                    });
                } catch (InterruptedException e) {
                    outcome.set(e);
                }
            }, done);
            assertTrue(done.await(20, TimeUnit.SECONDS), "the deadline ended the wait");
            if (kind == Kind.QUERY) {
                assertInstanceOf(TimeoutException.class, outcome.get());
            } else {
                assertEquals(Boolean.FALSE, outcome.get(), "the body did not run");
            }
            w.release();
            assertEquals(kind == Kind.RESERVATION ? 0 : 1, (long) w.a.query(x -> x.value),
                    "the call logged before ran; nothing else did");
            assertTrue(scoop.parked.isEmpty());
        }));
    }

    @Test
    void timedFormsReturnWhatTheBodyReturnsWhenTheConditionHolds() throws Exception {
        Modes.QOQ.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            cell.call(x -> x.value = 5);
            assertEquals(5L, (long) Scoop.separateGet(cell, c -> c.test(x -> x.value > 0), c -> c.queryLong(x -> x.value),
                    Duration.ofSeconds(10)));
            assertTrue(Scoop.separate(cell, c -> c.test(x -> x.value > 0), c -> c.call(x -> x.value++), Duration.ofSeconds(10)));
            assertEquals(6L, (long) cell.query(x -> x.value, Duration.ofSeconds(10)));
            TimeoutException e = assertThrows(TimeoutException.class, () -> Scoop.separateGet(cell,
                    c -> c.test(x -> x.value < 0), c -> c.queryLong(x -> x.value), Duration.ZERO));
            assertTrue(e.getMessage().contains(cell.handler().toString()), e.getMessage());
        });
    }

    /** The timed forms take an interrupt as InterruptedException, clearing the status, as that exception's convention is. */
    @ParameterizedTest
    @MethodSource("dev.weft.scoop.WaitsEndTest#modes")
    void timedFormsThrowInterruptedException(Modes m) {
        Hang.within(Duration.ofSeconds(30), () -> m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            AtomicReference<Boolean> flag = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    Scoop.separate(cell, c -> c.test(x -> x.value > 0), c -> { }, Duration.ofMinutes(5));
                } catch (Throwable e) {
                    thrown.set(e);
                    flag.set(Thread.currentThread().isInterrupted());
                }
            });
            t.start();
            until(() -> !scoop.parked.isEmpty(), "the client parked");
            t.interrupt();
            t.join(20_000);
            assertInstanceOf(InterruptedException.class, thrown.get());
            assertFalse(flag.get());
            // Interrupted on entry: refused at once, like Lock.tryLock(timeout).
            Thread.currentThread().interrupt();
            assertThrows(InterruptedException.class,
                    () -> Scoop.separate(cell, c -> true, c -> { }, Duration.ofMinutes(5)));
            assertFalse(Thread.interrupted());
        }));
    }

    /** Handler-owned: a gate the test opens a step at a time, and the bodies that went through it. */
    static final class Gate {
        long open;
        long bodies;
    }

    /**
     * The race between the handler granting a wait condition and the client giving up: many rounds in which
     * the condition becomes true just as the client is interrupted. Whoever wins, the client either ran its
     * body (and kept the interrupt) or threw without running it — never both, never neither, never a hang;
     * and the body ran exactly as often as the client says.
     */
    @ParameterizedTest
    @MethodSource("dev.weft.scoop.WaitsEndTest#modes")
    void aGrantRacingAnInterruptIsDecidedOnce(Modes m) {
        Hang.within(Duration.ofSeconds(90), () -> m.with(2, scoop -> {
            Separate<Gate> gate = scoop.create(new Gate());
            int rounds = 300;
            long ranBodies = 0;
            for (int i = 0; i < rounds; i++) {
                long round = i + 1L;
                AtomicReference<Boolean> ran = new AtomicReference<>();
                Thread t = new Thread(() -> {
                    try {
                        Scoop.separate(gate, g -> g.test(x -> x.open >= round), g -> g.call(x -> x.bodies++));
                        ran.set(true);
                    } catch (WaitInterruptedException e) {
                        ran.set(false);
                    }
                });
                t.start();
                until(() -> !scoop.parked.isEmpty() || ran.get() != null, "the client parked");
                gate.call(x -> x.open = round); // the condition holds from now on
                t.interrupt();
                t.join(20_000);
                assertFalse(t.isAlive());
                if (ran.get()) {
                    ranBodies++;
                }
                assertEquals(ranBodies, (long) gate.query(x -> x.bodies), "round " + i);
            }
        }));
    }
}
