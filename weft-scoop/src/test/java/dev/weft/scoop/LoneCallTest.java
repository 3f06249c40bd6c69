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
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
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
     * Whether {@code cell.call(action)}, from a task of {@code pool}, ran on the calling thread before
     * {@code call} returned (a lone call on its client) rather than through the handler's queue.
     * {@code action} must store its thread in {@link Cell#ranOn}, which a query clears first.
     *
     * <p>Which thread, not only whether it had run: a queued call's activation is a fork of the calling
     * worker, but a thief may take it at once and run it before {@code call} returns — on a pool of one worker
     * too, where a spare thread that compensated for an earlier blocked client may still be looking for work
     * (a test that asked only "had it run?" failed so on a loaded machine). {@code ranOn} is read racily: it
     * is this thread only if this thread wrote it, after the query cleared it.
     */
    static boolean ranBeforeReturn(WeftPool pool, Separate<Cell> cell, Consumer<Cell> action) {
        cell.query(c -> c.ranOn = null);
        return pool.invoke(() -> {
            cell.call(action);
            return cell.object.ranOn == Thread.currentThread();
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

    /**
     * {@link #warm}, then the class taken for short whatever its samples said: on a loaded machine a few of
     * them, timed while the thread was preempted or the code still cold, can leave a short call's class below
     * the bar, and a test of what a lone call does on its client needs it there.
     */
    static void warmShort(WeftPool pool, Separate<Cell> cell, Consumer<Cell> action) {
        warm(pool, cell, action);
        takeForShort(action);
    }

    /** Sets {@code action}'s class to short, whatever its samples said so far. */
    static void takeForShort(Consumer<Cell> action) {
        Inline.of(new Client(null), action).score = Inline.MAX_SCORE;
    }

    /**
     * Occupies one worker of {@code pool} until {@code release} is counted down (at most 10 s) and returns once
     * it has started: the task, whose value says whether it was released in time.
     */
    static Future<Boolean> occupyAWorkerUntil(WeftPool pool, CountDownLatch release) throws InterruptedException {
        CountDownLatch busy = new CountDownLatch(1);
        Future<Boolean> blocker = pool.submit(() -> {
            busy.countDown();
            try {
                return release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        assertTrue(busy.await(10, TimeUnit.SECONDS), "the blocker never started");
        return blocker;
    }

    @Test
    void aShortLoneCallOnAnIdleHandlerRunsOnItsClient() {
        Modes.QOQ.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            warmShort(scoop.pool(), cell, MARK);
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
            warmShort(scoop.pool(), cell, COUNT);
            CountDownLatch looping = new CountDownLatch(1);
            CountDownLatch otherHalf = new CountDownLatch(1);
            Future<Boolean> blocker = occupyAWorkerUntil(scoop.pool(), looping);
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

    /**
     * A client that logs queued calls one after another forks nothing after its first call spawned the
     * handler's activation on its own worker, where the activation waits as a latent fork: each further call
     * serves the steal requests of a worker that turned hungry meanwhile, so the handler runs while the client
     * is still logging. (Without that the loop below logs its two million calls, the handler runs none of them
     * until it ends, and the assertion fails.) The other worker is kept busy until the activation is spawned.
     */
    @Test
    void aClientLoggingQueuedCallsHandsTheHandlersActivationToAWorkerThatTurnsHungry() throws Exception {
        try (WeftPool pool = new WeftPool(2)) {
            Scoop scoop = Scoop.builder(pool).loneCallsOnClient(false).build(); // every call is queued
            Separate<Cell> cell = scoop.create(new Cell());
            CountDownLatch spawned = new CountDownLatch(1);
            Future<Boolean> blocker = occupyAWorkerUntil(pool, spawned);
            long[] logged = new long[1];
            boolean[] ranWhileLogging = new boolean[1];
            pool.run(() -> {
                cell.call(COUNT);                                  // spawns the activation, on this worker
                spawned.countDown();                               // the other worker goes idle and asks for work
                long n = 1;
                while (readRacily(cell) == 0 && n < 2_000_000) {
                    cell.call(COUNT);
                    n++;
                }
                logged[0] = n;
                ranWhileLogging[0] = readRacily(cell) > 0;
            });
            assertTrue(blocker.get(10, TimeUnit.SECONDS), "the blocker was not released");
            assertTrue(ranWhileLogging[0], "the handler ran none of " + logged[0] + " calls while they were logged");
            assertEquals(logged[0], (long) cell.query(c -> c.value), "every logged call ran once");
        }
    }

    @Test
    void switchedOffEveryCallGoesThroughTheQueue() {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        try (WeftPool pool = new WeftPool(1)) {
            Scoop on = Scoop.on(pool);
            Separate<Cell> a = on.create(new Cell());
            warmShort(pool, a, MARK);
            assertTrue(ranBeforeReturn(pool, a, MARK), "the control: on by default, the call ran on the client");
            Scoop off = Scoop.builder(pool).loneCallsOnClient(false).failureHandler(failures::add).build();
            assertFalse(off.loneCallsOnClient());
            Separate<Cell> b = off.create(new Cell());
            warmShort(pool, b, MARK);
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
            warmShort(scoop.pool(), cell, THROW);
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

    /** Records which client the calling thread runs as, each time it runs. */
    static final List<Client> SEEN = new ArrayList<>();
    /** The two handlers' cells that {@link #NEST} queries. */
    @SuppressWarnings("unchecked")
    static final Separate<Cell>[] NESTED = (Separate<Cell>[]) new Separate<?>[2];
    static final Consumer<Cell> NEST = c -> {
        c.ranOn = Thread.currentThread();
        SEEN.add(Client.current());
        Separate<Cell> k = NESTED[0];
        Separate<Cell> m = NESTED[1];
        k.query(x -> {                                   // a lone query, inside the lone call
            SEEN.add(Client.current());
            m.query(y -> SEEN.add(Client.current()));    // and one inside that
            SEEN.add(Client.current());
            return 0;
        });
        SEEN.add(Client.current());
        c.value++;
    };

    /**
     * A lone call runs as its handler's client without storing it in the thread's context (Client.Context),
     * and lone queries made inside it, nested two deep, each run as their own handler's client and then give
     * the thread back to the one they ran in; after the call the thread is its own client again.
     */
    @Test
    void loneQueriesInsideALoneCallEachRunAsTheirHandlerAndGiveTheCallerBack() {
        Modes.QOQ.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            NESTED[0] = scoop.create(new Cell());
            NESTED[1] = scoop.create(new Cell());
            warmShort(scoop.pool(), cell, NEST);
            SEEN.clear();
            Client[] self = new Client[2];
            Thread[] client = new Thread[1];
            scoop.pool().run(() -> {
                client[0] = Thread.currentThread();
                self[0] = Client.current();
                cell.call(NEST);
                self[1] = Client.current();
            });
            assertSame(client[0], cell.query(c -> c.ranOn), "the call ran on its client");
            Client h = cell.handler().asClient;
            Client k = NESTED[0].handler().asClient;
            Client m = NESTED[1].handler().asClient;
            assertEquals(List.of(h, k, m, k, h), SEEN, "who the thread ran as, in order");
            assertSame(self[0], self[1], "the thread is its own client again after the call");
            assertEquals(null, self[0].handler);
        });
    }

    /**
     * A scope that changes the client inside a lone call or query (a handler's run or a block helped by a
     * wait in it) sets the lone scope aside and gives it back, with its handler, when it ends, even after a
     * lone query nested in it took another handler; and a wait anywhere inside still counts as the lone
     * call's ({@link Inline#parking}).
     */
    @Test
    void aScopeOpenedInsideALoneCallGivesTheLoneCallBack() {
        Modes.QOQ.with(1, scoop -> {
            Handler h = scoop.newHandler();
            Handler k = scoop.newHandler();
            Client own = new Client(null);
            Client other = new Client(null);
            Client.Context ctx = new Client.Context(null, own);
            assertSame(own, ctx.client());
            ctx.takeLone(h);                         // what a lone call on h sets
            ctx.loneCall = true;
            assertSame(h.asClient, ctx.client());
            Object saved = ctx.enter(other);
            assertSame(other, ctx.client(), "the scope's client");
            assertTrue(ctx.loneCall, "still inside the lone call, for parking");
            ctx.takeLone(k);                         // a lone query on k inside the scope, ended
            assertSame(k.asClient, ctx.client());
            ctx.endLone(null);
            ctx.leave(saved);
            assertSame(h.asClient, ctx.client(), "the lone call on h is back");
            ctx.endLone(null);                       // the lone call ends
            assertSame(own, ctx.client());
            Object plain = ctx.enter(other);         // no lone scope open: nothing set aside
            assertSame(own, plain);
            ctx.leave(plain);
            assertSame(own, ctx.client());
        });
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
            warmShort(scoop.pool(), cell, MARK);
            assertTrue(ranBeforeReturn(scoop.pool(), cell, MARK), "the control: a plain client runs it");
            cell.query(c -> c.ranOn = null);
            boolean inBlock = scoop.pool().invoke(() -> Scoop.separateGet(other, o -> {
                cell.call(MARK);
                return cell.object.ranOn == Thread.currentThread(); // as ranBeforeReturn reads it
            }));
            assertFalse(inBlock, "a client in a block queues");
            cell.query(c -> c.ranOn = null);
            boolean[] inHandler = new boolean[1];
            other.call(o -> {
                cell.call(MARK);
                inHandler[0] = cell.object.ranOn == Thread.currentThread();
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
                c.ranOn = Thread.currentThread();
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

    /**
     * One contended try: a root task runs {@code holder}, which holds the handler while {@link #holding} asks
     * it to, and {@code waiters} others, once the first is inside (at most 10 ms), each tell it so through
     * {@code announce} and call {@link #MARK_SECOND}. One root task each: each goes to an idle worker of its
     * own (a fork might wait for its parent's worker, and then one thread would run them one after the other).
     * Waits for all, 20 s each, and returns their threads: the holder's, then the waiters'.
     */
    static Thread[] holdAndCall(WeftPool pool, Separate<Cell> cell, Runnable holder, int waiters,
            Consumer<Thread> announce) throws Exception {
        Thread[] clients = new Thread[1 + waiters];
        List<Future<?>> tasks = new ArrayList<>();
        tasks.add(pool.submit(() -> {
            clients[0] = Thread.currentThread();
            holder.run();
        }));
        for (int k = 1; k <= waiters; k++) {
            int me = k;
            tasks.add(pool.submit(() -> {
                long giveUp = System.nanoTime() + 10_000_000L;
                while (holding && System.nanoTime() < giveUp) { // until the first client is inside hold
                    Thread.onSpinWait();
                }
                clients[me] = Thread.currentThread();
                announce.accept(clients[me]);
                cell.call(MARK_SECOND);
            }));
        }
        tasks.get(0).get(20, TimeUnit.SECONDS);
        for (Future<?> waiter : tasks.subList(1, tasks.size())) {
            try {
                waiter.get(20, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("a waiting call did not end 20 s after the holder let the handler go: the"
                        + " holder's release did not wake it");
            }
        }
        return clients;
    }

    static volatile boolean holding;
    static volatile boolean secondCalls;
    static volatile Thread heldBy;
    /** Short while nobody holds it (so its class is timed as short); holds the handler while asked to. */
    static final Consumer<Cell> HOLD = c -> {
        if (holding) {
            heldBy = Thread.currentThread();
            secondCalls = false;
            holding = false;                      // "I am inside": the other client may call now
            long giveUp = System.nanoTime() + 10_000_000L; // the other client may not have started: a lost try
            while (!secondCalls && System.nanoTime() < giveUp) {
                Thread.onSpinWait();
            }
            long until = System.nanoTime() + 10_000L; // a moment more, inside the waiter's patience (20 µs)
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
        c.value++;
    };
    static final Consumer<Cell> MARK_SECOND = c -> {
        c.value++;
        c.ranOn = Thread.currentThread();
        markedNanos = System.nanoTime();
    };
    /** When {@link #MARK_SECOND} last ran. */
    static volatile long markedNanos;

    /**
     * A lone call that finds another client's lone call holding the handler waits for it, as a lock's waiter
     * would, and then runs on its own client; before, it was queued, and the holder's release ran it on the
     * holder's worker. Timing decides single tries — the second call may come after the hold, or its waiter
     * gives up after Handler.clientWaitNanos and queues when the holder is off its CPU (two busy clients
     * and a JIT thread on a 2-core machine keep it off for whole stretches) — so the test tries for up to 5
     * s and asks for one try that both sides see: the call ran on its own client, and the handler counted
     * a wait that was won.
     */
    @Test
    void aLoneCallWaitsForAnotherClientsLoneCallAndRunsOnItsOwnClient() {
        Hang.within(Duration.ofSeconds(60), () -> Modes.QOQ.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            warm(scoop.pool(), cell, HOLD);        // each try below takes both for short
            warm(scoop.pool(), cell, MARK_SECOND);
            int onSecondClient = 0;
            int contended = 0;
            long won = 0;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (onSecondClient == 0 && System.nanoTime() < end) {
                // A held call takes microseconds: if one was sampled, its class would be timed as long and
                // queued from then on; and a cold sample may time the other as long. Take both for short.
                takeForShort(HOLD);
                takeForShort(MARK_SECOND);
                heldBy = null;
                holding = true;
                Thread[] clients =
                        holdAndCall(scoop.pool(), cell, () -> cell.call(HOLD), 1, t -> secondCalls = true);
                Thread first = clients[0];
                Thread second = clients[1];
                long wonBefore = won;
                Thread ranOn = cell.query(c -> c.ranOn);
                won = cell.query(c -> cell.handler().loneWaitsWon());
                if (first != second && heldBy == first) { // two clients, the first holding it on its own worker
                    contended++;
                    if (ranOn == second && won > wonBefore) {
                        onSecondClient++;
                    }
                }
            }
            assertTrue(onSecondClient > 0, "in " + contended + " contended tries in 5 s, no lone call waited for the"
                    + " other's and ran on its own client (waits won: " + won + ")");
        }));
    }

    static volatile Handler parkedOn;
    /** The waiters of a try, as they announce themselves; {@link #HOLD_UNTIL_ASLEEP} watches them. */
    static volatile AtomicReferenceArray<Thread> sleepers = new AtomicReferenceArray<>(0);
    static volatile boolean sawAsleep;
    /**
     * Like {@link #HOLD}, but holds the handler until each of {@link #sleepers} has been seen asleep on it
     * ({@link #parkedOn} its blocker), each at some moment (at most 2 s).
     */
    static final Consumer<Cell> HOLD_UNTIL_ASLEEP = c -> {
        if (holding) {
            heldBy = Thread.currentThread();
            holding = false;
            AtomicReferenceArray<Thread> ws = sleepers;
            int unseen = (1 << ws.length()) - 1;
            long giveUp = System.nanoTime() + 2_000_000_000L;
            while (unseen != 0 && System.nanoTime() < giveUp) {
                for (int k = 0; k < ws.length(); k++) {
                    Thread w = ws.get(k);
                    if (w != null && LockSupport.getBlocker(w) == parkedOn) {
                        unseen &= ~(1 << k);
                    }
                }
                Thread.onSpinWait();
            }
            sawAsleep = unseen == 0;
        }
        c.value++;
    };

    /** One try of {@link #HOLD_UNTIL_ASLEEP} with {@code waiters} waiting clients; their threads as holdAndCall's. */
    static Thread[] holdUntilAsleep(WeftPool pool, Separate<Cell> cell, int waiters) throws Exception {
        takeForShort(HOLD_UNTIL_ASLEEP);
        takeForShort(MARK_SECOND);
        heldBy = null;
        AtomicReferenceArray<Thread> ws = new AtomicReferenceArray<>(waiters);
        sleepers = ws;
        sawAsleep = false;
        holding = true;
        AtomicInteger announced = new AtomicInteger();
        return holdAndCall(pool, cell, () -> cell.call(HOLD_UNTIL_ASLEEP), waiters,
                t -> ws.set(announced.getAndIncrement(), t));
    }

    /** Runs {@code body} with the lone-call wait's bound and patience set as given, then puts them back. */
    static void withWaitBounds(long boundNanos, long patienceNanos, Runnable body) {
        long bound = Handler.clientWaitNanos;
        long patience = Handler.clientPatienceNanos;
        Handler.clientWaitNanos = boundNanos;
        Handler.clientPatienceNanos = patienceNanos;
        try {
            body.run();
        } finally {
            Handler.clientWaitNanos = bound;
            Handler.clientPatienceNanos = patience;
        }
    }

    /**
     * A lone call that waited past its first looks parks, and the holder's release wakes it: it then takes
     * the handler and runs on its own client. The wait's bound is made a minute here, so a waiter that only
     * woke at its bound would end long after the test's patience (20 s); woken by the release, it ends at
     * once. Tries until one try has the two calls on two workers with the waiter seen parked (at most 5 s).
     */
    @Test
    void aParkedWaiterIsWokenByTheHoldersReleaseAndRunsOnItsOwnClient() {
        triesUntilAsleep(2, 1, "in 5 s of tries, no waiter was seen parked on the held handler",
                (cell, clients, waitsWon) -> {
                    Thread first = clients[0];
                    Thread second = clients[1];
                    if (!(sawAsleep && heldBy == first && first != second)) {
                        return false;
                    }
                    assertSame(second, cell.query(c -> c.ranOn), "the woken waiter ran its call on its own client");
                    assertEquals(1, waitsWon, "the waiter took the handler once it was let go");
                    return true;
                });
    }

    /** What a test checks after one try of {@link #triesUntilAsleep}; false if the try does not count. */
    interface AsleepCheck {
        boolean check(Separate<Cell> cell, Thread[] clients, long waitsWon);
    }

    /**
     * Tries {@link #holdUntilAsleep} with {@code waiters} waiting clients on a fresh handler of a pool of
     * {@code workers}, the wait's bound made a minute (so that no waiter queues while the hold lasts), until
     * {@code check} counts a try (at most 5 s); fails with {@code never} if none counted. {@code check} gets
     * the try's client threads and the waits the handler's waiters won in it.
     */
    static void triesUntilAsleep(int workers, int waiters, String never, AsleepCheck check) {
        withWaitBounds(TimeUnit.SECONDS.toNanos(60), Handler.CLIENT_PATIENCE_NANOS,
                () -> Hang.within(Duration.ofSeconds(120), () -> Modes.QOQ.with(workers, scoop -> {
                    Separate<Cell> cell = scoop.create(new Cell());
                    parkedOn = cell.handler();
                    warm(scoop.pool(), cell, HOLD_UNTIL_ASLEEP);
                    warm(scoop.pool(), cell, MARK_SECOND);
                    boolean checked = false;
                    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                    while (!checked && System.nanoTime() < end) {
                        long wonBefore = cell.query(c -> cell.handler().loneWaitsWon());
                        Thread[] clients = holdUntilAsleep(scoop.pool(), cell, waiters);
                        long won = cell.query(c -> cell.handler().loneWaitsWon());
                        checked = check.check(cell, clients, won - wonBefore);
                    }
                    assertTrue(checked, never);
                })));
    }

    /**
     * A step of a run of short calls: 5 µs each (half of what {@link Inline} takes for short), so that the
     * handler is let go only rarely, and then for nanoseconds.
     */
    static final Consumer<Cell> STEP = c -> {
        long end = System.nanoTime() + Inline.SHORT_NANOS / 2;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        c.value++;
    };

    static volatile long waitFrom;
    static volatile long runEnd;

    /**
     * A waiter's bound is on a hold that makes no progress: behind another client's run of short lone calls,
     * each ending a block, it goes on waiting past the bound, as a lock's waiter would, and runs on its own
     * client when it takes the handler (at the run's end, or in one of its gaps). Before, it queued once the
     * bound had passed since its first look, and the holder's next release ran the call on the holder's
     * worker. Here the bound is made 20 ms (so that a holder preempted on a loaded machine does not end the
     * waits, as the default 20 µs would) and the patience a minute, and the run goes on for 200 ms after it
     * takes the other call's announcement. A try counts if the two calls were on two workers and the run went
     * on for at least 100 ms after the waiting call began; one such try must see the call run on its own client
     * having won a wait that lasted three times the bound or more (a bounded wait that ends late, its waiter
     * woken milliseconds after the bound, does not reach that). Tries for at most 60 s (a few seconds on a
     * quiet 2-core box; up to ~20 s beside two busy loops): a waiter often takes the handler in a gap of the
     * run early, which proves nothing either way.
     */
    @Test
    void aWaiterWaitsPastTheBoundWhileAnotherClientsRunOfCallsGoesOnAndRunsOnItsOwnClient() {
        withWaitBounds(TimeUnit.MILLISECONDS.toNanos(20), TimeUnit.SECONDS.toNanos(60),
                () -> Hang.within(Duration.ofSeconds(180), () -> Modes.QOQ.with(2, scoop -> {
                    Separate<Cell> cell = scoop.create(new Cell());
                    warm(scoop.pool(), cell, STEP);
                    warm(scoop.pool(), cell, MARK_SECOND);
                    int counted = 0;
                    boolean waitedPast = false;
                    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                    while (!waitedPast && System.nanoTime() < end) {
                        takeForShort(STEP);
                        takeForShort(MARK_SECOND);
                        secondCalls = false;
                        holding = true;
                        long wonBefore = cell.query(c -> cell.handler().loneWaitsWon());
                        Thread[] clients = holdAndCall(scoop.pool(), cell, () -> {
                            cell.call(STEP);
                            holding = false; // in the run: the other client may call now
                            long giveUp = System.nanoTime() + 10_000_000L;
                            while (!secondCalls && System.nanoTime() < giveUp) {
                                cell.call(STEP);
                            }
                            long until = System.nanoTime() + 200_000_000L;
                            for (int i = 1; System.nanoTime() < until; i++) {
                                cell.call(STEP);
                                if ((i & 1023) == 0) {
                                    takeForShort(STEP); // a few samples timed across a preemption would queue it
                                }
                            }
                            runEnd = System.nanoTime();
                        }, 1, t -> {
                            waitFrom = System.nanoTime();
                            secondCalls = true;
                        });
                        Thread ranOn = cell.query(c -> c.ranOn);
                        long won = cell.query(c -> cell.handler().loneWaitsWon());
                        if (clients[0] != clients[1] && runEnd - waitFrom > 100_000_000L) {
                            counted++;
                            waitedPast = ranOn == clients[1] && won > wonBefore
                                    && markedNanos - waitFrom > 3 * Handler.clientWaitNanos;
                        }
                    }
                    assertTrue(waitedPast, "in " + counted + " tries with a run of calls on one worker going on for"
                            + " 100 ms or more after a call on another began, that call never waited three times the"
                            + " bound and then ran on its own client");
                })));
    }

    /**
     * A wait that progress keeps extending still ends behind a client that polls the handler with lone queries
     * in a tight loop until the waiting call changes what they read (each query ends a block, and the poller
     * lets the handler go only in gaps of nanoseconds): the waiter takes the handler in one of those gaps, or,
     * past its patience, queues, and the poller's next query serves the call first. Each try must end (20 s)
     * with the call run once; five tries with the poll and the call on two workers.
     */
    @Test
    void aCallWaitingBehindAClientPollingWithLoneQueriesRunsAndEndsThePoll() {
        Hang.within(Duration.ofSeconds(120), () -> Modes.QOQ.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            warm(scoop.pool(), cell, MARK_SECOND);
            int tries = 0;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (tries < 5 && System.nanoTime() < end) {
                takeForShort(MARK_SECOND);
                long before = cell.queryLong(c -> c.value);
                holding = true;
                Thread[] clients = holdAndCall(scoop.pool(), cell, () -> {
                    holding = false;
                    // A tight loop (no pause, no clock): gaps of nanoseconds between two queries; at most
                    // ~20 s of queries at ~20 ns each.
                    for (long i = 0; i < 1_000_000_000L && cell.queryLong(c -> c.value) == before; i++) {
                        // poll
                    }
                }, 1, t -> { });
                assertEquals(before + 1, cell.queryLong(c -> c.value), "the call ran once");
                if (clients[0] != clients[1]) {
                    tries++;
                }
            }
            assertEquals(5, tries, "tries with the poll and the call on two workers");
        }));
    }

    /**
     * Two clients wait for a third's hold: one parks for the holder's release, and the other, rather than
     * spin beside it (which took the holder's processor time wherever clients outnumber processors), sleeps
     * between its looks; both then take the handler in turn and run on their own clients.
     */
    @Test
    void aThirdWaiterSleepsWhileAnotherIsParkedForTheRelease() {
        triesUntilAsleep(3, 2, "in 5 s of tries, the two waiters were never both seen asleep on the held handler",
                (cell, clients, waitsWon) -> {
                    if (!sawAsleep) {
                        return false;
                    }
                    assertEquals(2, waitsWon, "each waiter took the handler once it was let go");
                    return true;
                });
    }

    /** Exclusive, in each client's order, nothing lost: lone calls and queries of clients that wait for each other. */
    @ParameterizedTest
    @ValueSource(ints = {2, 8})
    void contendedLoneCallsRunAloneInEachClientsOrder(int workers) {
        Hang.within(Duration.ofSeconds(120), () -> Modes.QOQ.with(workers, scoop -> {
            int clients = 4;
            int calls = 20_000;
            Separate<Ledger> ledger = scoop.create(new Ledger(clients));
            scoop.pool().run(() -> Weft.parallelFor(0, clients, k -> {
                for (int i = 0; i < calls; i++) {
                    int seq = i;
                    if (i % 97 == 0) {
                        Scoop.separate(ledger, l -> l.call(x -> x.enter(k, seq)));   // a block: queued
                    } else if (i % 31 == 0) {
                        long seen = ledger.queryLong(x -> x.last[k]);                // a lone query
                        if (seen != seq - 1) {
                            throw new AssertionError("client " + k + " saw " + seen + " before its call " + seq);
                        }
                        ledger.call(x -> x.enter(k, seq));
                    } else {
                        ledger.call(x -> x.enter(k, seq));                             // lone, often contended
                    }
                }
            }));
            Ledger l = ledger.query(x -> x);
            assertEquals(List.of(), l.wrong, "calls overlapped or ran out of their client's order");
            for (int k = 0; k < clients; k++) {
                assertEquals(calls - 1, l.last[k], "client " + k + "'s last call");
            }
            assertEquals((long) clients * calls, l.total);
        }));
    }

    /** Handler-owned: checks that calls never overlap and that each client's calls come in its order. */
    static final class Ledger {
        final long[] last;
        final List<String> wrong = new ArrayList<>();
        long total;
        int inside;

        Ledger(int clients) {
            last = new long[clients];
            java.util.Arrays.fill(last, -1);
        }

        void enter(int client, int seq) {
            if (inside++ != 0) {
                wrong.add("overlap at client " + client + " call " + seq);
            }
            if (last[client] != seq - 1 && wrong.size() < 10) {
                wrong.add("client " + client + ": call " + seq + " after " + last[client]);
            }
            last[client] = seq;
            total++;
            inside--;
        }
    }
}
