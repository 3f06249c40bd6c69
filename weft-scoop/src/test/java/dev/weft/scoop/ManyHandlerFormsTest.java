package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The block forms over several handlers — {@code separateAll} with a wait condition and with a value,
 * {@code separateAsync} over two handlers and {@code separateAllAsync} over any — and the primitive forms
 * of a lone query, under every mode and at 1, 2 and 8 workers.
 */
class ManyHandlerFormsTest {
    /** A handler-owned FIFO buffer. */
    static final class Buffer {
        final ArrayDeque<Integer> items = new ArrayDeque<>();

        boolean nonEmpty() {
            return !items.isEmpty();
        }
    }

    /** Handler-owned counter. */
    static final class Cell {
        long value;
    }

    static Stream<Arguments> modesAndWorkers() {
        List<Arguments> out = new ArrayList<>();
        for (Modes m : Modes.values()) {
            for (int workers : new int[] {1, 2, 8}) {
                out.add(Arguments.of(m, workers));
            }
        }
        return out.stream();
    }

    @SuppressWarnings("unchecked")
    static Reserved<Buffer> buf(Reserved<?> v) {
        return (Reserved<Buffer>) v;
    }

    static void sleepRandomly(SplittableRandom r) {
        if (r.nextInt(8) == 0) {
            LockSupport.parkNanos(r.nextInt(50_000));
        }
    }

    /**
     * Three producers fill three buffers at their own pace; two consumers each take one item from every
     * buffer at once, in a block whose condition needs all three non-empty. No item is lost or taken twice,
     * and a body never finds a buffer empty.
     */
    @ParameterizedTest
    @MethodSource("modesAndWorkers")
    void separateAllWithAConditionTakesOneFromEachBufferOnceAllHaveOne(Modes m, int workers) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(workers, scoop -> {
            int perBuffer = 300;
            List<Separate<Buffer>> bufs = List.of(scoop.create(new Buffer()), scoop.create(new Buffer()),
                    scoop.create(new Buffer()));
            ConcurrentLinkedQueue<Long> taken = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            for (int b = 0; b < 3; b++) {
                Separate<Buffer> mine = bufs.get(b);
                int base = b * 1_000_000;
                threads.add(new Thread(() -> {
                    SplittableRandom r = new SplittableRandom(base);
                    for (int i = 0; i < perBuffer; i++) {
                        int item = base + i;
                        mine.call(x -> x.items.add(item));
                        sleepRandomly(r);
                    }
                }));
            }
            for (int c = 0; c < 2; c++) {
                threads.add(new Thread(() -> {
                    try {
                        for (int i = 0; i < perBuffer / 2; i++) {
                            long sum = Scoop.separateAllGet(bufs,
                                    vs -> vs.stream().allMatch(v -> buf(v).test(Buffer::nonEmpty)),
                                    vs -> vs.stream().mapToLong(v -> buf(v).queryInt(x -> x.items.remove())).sum());
                            taken.add(sum);
                        }
                    } catch (Throwable t) {
                        errors.add(t);
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join(50_000);
                assertFalse(t.isAlive(), "a producer or consumer did not finish");
            }
            assertTrue(errors.isEmpty(), () -> "consumers failed: " + errors);
            long expected = 0;
            for (int b = 0; b < 3; b++) {
                for (int i = 0; i < perBuffer; i++) {
                    expected += b * 1_000_000L + i;
                }
            }
            assertEquals(perBuffer, taken.size());
            assertEquals(expected, taken.stream().mapToLong(Long::longValue).sum(), "every item taken once");
            for (Separate<Buffer> b : bufs) {
                assertEquals(0, b.queryInt(x -> x.items.size()));
            }
        }));
    }

    /** A block over many accounts with a value sees them all at one instant: transfers never show. */
    @ParameterizedTest
    @MethodSource("modesAndWorkers")
    void separateAllGetSeesAConsistentTotalWhileTransfersRun(Modes m, int workers) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(workers, scoop -> {
            List<Separate<Cell>> accounts = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                Cell c = new Cell();
                c.value = 100;
                accounts.add(scoop.create(c));
            }
            CountDownLatch done = new CountDownLatch(2);
            for (int t = 0; t < 2; t++) {
                int seed = t;
                new Thread(() -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    for (int i = 0; i < 2_000; i++) {
                        Separate<Cell> from = accounts.get(r.nextInt(5));
                        Separate<Cell> to = accounts.get(r.nextInt(5));
                        long amount = r.nextInt(10);
                        Scoop.separate(from, to, (f, x) -> {
                            f.call(c -> c.value -= amount);
                            x.call(c -> c.value += amount);
                        });
                    }
                    done.countDown();
                }).start();
            }
            @SuppressWarnings("unchecked")
            java.util.function.Function<Reserved<?>, Reserved<Cell>> cell = v -> (Reserved<Cell>) v;
            while (done.getCount() > 0) {
                long total = Scoop.separateAllGet(accounts,
                        vs -> vs.stream().mapToLong(v -> cell.apply(v).queryLong(c -> c.value)).sum());
                assertEquals(500, total, "a transfer was seen half done");
            }
            assertTrue(done.await(50, TimeUnit.SECONDS));
        }));
    }

    /**
     * Many asynchronous blocks over two buffers, each moving one item once the first has one: they wait
     * without a thread (at 1 worker, 200 of them), and every item arrives exactly once.
     */
    @ParameterizedTest
    @MethodSource("modesAndWorkers")
    void separateAsyncOverTwoHandlersMovesEveryItemOnceItsConditionHolds(Modes m, int workers) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(workers, scoop -> {
            int n = 200;
            Separate<Buffer> from = scoop.create(new Buffer());
            Separate<Buffer> to = scoop.create(new Buffer());
            CountDownLatch moved = new CountDownLatch(n);
            for (int i = 0; i < n; i++) {
                Scoop.separateAsync(from, to, (f, t) -> f.test(Buffer::nonEmpty), (f, t) -> {
                    int x = f.queryInt(b -> b.items.remove());
                    t.call(b -> b.items.add(x));
                    moved.countDown();
                });
            }
            for (int i = 0; i < n; i++) {
                int item = i;
                from.call(b -> b.items.add(item));
            }
            assertTrue(moved.await(50, TimeUnit.SECONDS), () -> moved.getCount() + " blocks never ran");
            List<Integer> arrived = to.query(b -> new ArrayList<>(b.items));
            assertEquals(n, arrived.size());
            assertEquals(n, arrived.stream().distinct().count(), "an item moved twice");
            assertEquals(0, from.queryInt(b -> b.items.size()));
        }));
    }

    /** An asynchronous block over three handlers is ordered after the caller's earlier blocks on them. */
    @ParameterizedTest
    @MethodSource("modesAndWorkers")
    void separateAllAsyncRunsAfterTheCallersEarlierBlocks(Modes m, int workers) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(workers, scoop -> {
            List<Separate<Cell>> cells = List.of(scoop.create(new Cell()), scoop.create(new Cell()),
                    scoop.create(new Cell()));
            for (int round = 1; round <= 50; round++) {
                long k = round;
                for (Separate<Cell> c : cells) {
                    c.call(x -> x.value = k);
                }
                AtomicReference<List<Long>> seen = new AtomicReference<>();
                CountDownLatch ran = new CountDownLatch(1);
                Scoop.separateAllAsync(cells, null, vs -> {
                    List<Long> values = new ArrayList<>();
                    for (Reserved<?> v : vs) {
                        @SuppressWarnings("unchecked")
                        Reserved<Cell> c = (Reserved<Cell>) v;
                        values.add(c.queryLong(x -> x.value));
                    }
                    seen.set(values);
                    ran.countDown();
                });
                assertTrue(ran.await(20, TimeUnit.SECONDS), "the asynchronous block ran");
                assertEquals(List.of(k, k, k), seen.get());
            }
        }));
    }

    /** A multi-handler asynchronous block still waiting at close is abandoned and reported, exactly once. */
    @ParameterizedTest
    @MethodSource("dev.weft.scoop.WaitsEndTest#modes")
    void multiHandlerAsynchronousBlocksWaitingAtCloseAreReportedOnce(Modes m) {
        ConcurrentLinkedQueue<Throwable> reported = new ConcurrentLinkedQueue<>();
        try (WeftPool pool = new WeftPool(2)) {
            Scoop scoop = m.on(pool, reported);
            Separate<Cell> a = scoop.create(new Cell());
            Separate<Cell> b = scoop.create(new Cell());
            for (int i = 0; i < 20; i++) {
                Scoop.separateAsync(a, b, (x, y) -> x.test(c -> c.value > 0), (x, y) -> y.call(c -> c.value++));
            }
            WaitsEndTest.until(() -> scoop.parked.size() == 20, "twenty asynchronous blocks waiting");
            scoop.close();
            pool.awaitQuiescence(20, TimeUnit.SECONDS);
            assertEquals(20, reported.size(), () -> "reported: " + reported);
            for (Throwable t : reported) {
                assertInstanceOf(java.util.concurrent.RejectedExecutionException.class, t);
            }
            scoop.close();
            assertEquals(20, reported.size(), "close is idempotent");
        }
    }

    /**
     * Closing while the blocks' wakes fire: each asynchronous block either runs its body or is reported,
     * exactly once. (Close once read the wake of an attempt that had already been fired and respawned, and
     * cancelled the next attempt's: the block was reported as abandoned and then reported again when that
     * attempt found the runtime closed — or ran its body after the report.)
     */
    @ParameterizedTest
    @MethodSource("dev.weft.scoop.WaitsEndTest#modes")
    void asynchronousBlocksClosedWhileTheirWakesFireEndExactlyOnce(Modes m) throws Exception {
        SplittableRandom random = new SplittableRandom(m.ordinal() * 7919L + 17);
        int blocks = 24;
        for (int round = 0; round < 60; round++) {
            ConcurrentLinkedQueue<Throwable> reported = new ConcurrentLinkedQueue<>();
            java.util.concurrent.atomic.AtomicInteger ran = new java.util.concurrent.atomic.AtomicInteger();
            try (WeftPool pool = new WeftPool(round % 2 == 0 ? 2 : 8)) {
                Scoop scoop = m.on(pool, reported);
                Separate<Cell> a = scoop.create(new Cell());
                Separate<Cell> b = scoop.create(new Cell());
                for (int i = 0; i < blocks; i++) {
                    Scoop.separateAsync(a, b, (x, y) -> x.test(c -> c.value % 5 == 4), (x, y) -> ran.incrementAndGet());
                }
                java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
                Thread churn = new Thread(() -> {
                    try {
                        while (!stop.get()) {
                            a.call(c -> c.value += 2); // each block end on a fires the waiting blocks' wakes
                        }
                    } catch (java.util.concurrent.RejectedExecutionException closed) {
                        // the runtime closed: done
                    }
                });
                churn.start();
                LockSupport.parkNanos(random.nextLong(2_000_000));
                scoop.close();
                stop.set(true);
                churn.join(20_000);
                assertFalse(churn.isAlive(), "the churning client ended");
                assertTrue(pool.awaitQuiescence(20, TimeUnit.SECONDS), "quiescent");
                for (Throwable t : reported) {
                    assertInstanceOf(java.util.concurrent.RejectedExecutionException.class, t, () -> "reported: " + t);
                }
                int round0 = round;
                assertEquals(blocks, ran.get() + reported.size(),
                        () -> "round " + round0 + ": ran " + ran.get() + ", reported " + reported);
            }
        }
    }

    /** Nothing waits for an asynchronous block: its body's failure goes to the failure handler. */
    @ParameterizedTest
    @MethodSource("dev.weft.scoop.WaitsEndTest#modes")
    void aMultiHandlerAsynchronousBlocksFailureGoesToTheFailureHandler(Modes m) throws Exception {
        ConcurrentLinkedQueue<Throwable> reported = new ConcurrentLinkedQueue<>();
        try (WeftPool pool = new WeftPool(2)) {
            Scoop scoop = m.on(pool, reported);
            Separate<Cell> a = scoop.create(new Cell());
            Separate<Cell> b = scoop.create(new Cell());
            IllegalStateException boom = new IllegalStateException("boom");
            Scoop.separateAsync(a, b, (x, y) -> {
                throw boom;
            });
            WaitsEndTest.until(() -> !reported.isEmpty(), "the failure reported");
            assertSame(boom, reported.peek());
            assertEquals(1, reported.size());
        }
    }

    /**
     * The primitive lone queries see every call their client logged before (the fast path takes the
     * handler only when it is idle with nothing queued), from threads and from pool tasks.
     */
    @ParameterizedTest
    @MethodSource("modesAndWorkers")
    void primitiveLoneQueriesSeeTheClientsEarlierCalls(Modes m, int workers) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(workers, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            int clients = 4;
            int rounds = 2_000;
            ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
            Runnable client = () -> {
                for (int i = 1; i <= rounds; i++) {
                    cell.call(x -> x.value++);
                    long seen = switch (i % 4) {
                        case 0 -> cell.queryLong(x -> x.value);
                        case 1 -> cell.queryInt(x -> (int) x.value);
                        case 2 -> (long) cell.queryDouble(x -> x.value);
                        default -> cell.test(x -> x.value >= 0) ? cell.query(x -> x.value) : -1;
                    };
                    if (seen < i) {
                        wrong.add("after " + i + " own increments a query saw " + seen);
                    }
                }
            };
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < clients / 2; i++) {
                threads.add(new Thread(client));
            }
            threads.forEach(Thread::start);
            scoop.pool().invoke(() -> {
                for (int i = 0; i < clients / 2; i++) {
                    scoop.pool().spawn(client);
                }
                return null;
            });
            for (Thread t : threads) {
                t.join(50_000);
                assertFalse(t.isAlive());
            }
            scoop.pool().awaitQuiescence(50, TimeUnit.SECONDS);
            assertTrue(wrong.isEmpty(), () -> wrong.size() + " stale reads, e.g. " + wrong.peek());
            assertEquals((long) clients * rounds, cell.queryLong(x -> x.value));
        }));
    }

    /**
     * A lone query whose function opens a block on its own handler: in the queued path the block nests in
     * the query's block; the fast path, which holds the handler while the query runs, must not make it wait
     * for itself (it runs the query as the handler's client).
     */
    @ParameterizedTest
    @MethodSource("modesAndWorkers")
    void aLoneQueryThatOpensABlockOnItsOwnHandlerDoesNotWaitForItself(Modes m, int workers) {
        Hang.within(Duration.ofSeconds(30), () -> m.with(workers, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            cell.call(x -> x.value = 7);
            long fromThread = cell.query(x -> Scoop.separateGet(cell, c -> c.queryLong(y -> y.value)));
            long fromTask = scoop.pool().invoke(() -> cell.queryLong(x -> Scoop.separateGet(cell, c -> {
                c.call(y -> y.value++);
                return c.queryLong(y -> y.value);
            })));
            assertEquals(7, fromThread);
            assertEquals(8, fromTask);
        }));
    }

    /** A timed block over several handlers whose condition never holds gives up with false, reserving nothing. */
    @Test
    void aTimedSeparateAllGivesUpAndLeavesTheHandlersFree() throws Exception {
        Modes.QOQ.with(2, scoop -> {
            List<Separate<Cell>> cells = List.of(scoop.create(new Cell()), scoop.create(new Cell()),
                    scoop.create(new Cell()));
            @SuppressWarnings("unchecked")
            boolean ran = Scoop.separateAll(cells, vs -> ((Reserved<Cell>) vs.get(0)).test(c -> c.value > 0),
                    vs -> { }, Duration.ofMillis(50));
            assertFalse(ran);
            for (Separate<Cell> c : cells) {
                c.call(x -> x.value = 1);
                assertEquals(1, c.queryLong(x -> x.value), "the handler is free after the timeout");
            }
        });
    }
}
