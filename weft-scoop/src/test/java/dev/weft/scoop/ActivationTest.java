package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How handlers run on Weft (West, Nanz, Meyer 2015 §3, on a work-stealing pool): a handler is a task only while it has
 * work, is started on the worker of the client that woke it, runs calls off the client's thread and
 * queries on it; dynamic sync coalescing saves the round trip of queries that follow a sync.
 */
class ActivationTest {
    /** Handler-owned. */
    static final class Cell {
        long value;
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aHandlerWokenByACallStartsOnTheClientsWorker(Modes m) {
        m.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            AtomicReference<Thread> client = new AtomicReference<>();
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            AtomicBoolean clientFinished = new AtomicBoolean();
            AtomicBoolean afterClient = new AtomicBoolean();
            scoop.pool().run(() -> {
                client.set(Thread.currentThread());
                cell.call(x -> {
                    ranOn.set(Thread.currentThread());
                    afterClient.set(clientFinished.get());
                });
                clientFinished.set(true);
            });
            cell.query(x -> x.value);
            assertSame(client.get(), ranOn.get(), "the activation was a fork on the client's worker");
            assertTrue(afterClient.get(), "it ran when the client's task drained, not in the client's place");
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void callsRunOnAWorkerAndQueriesOnTheClient(Modes m) {
        m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            Thread me = Thread.currentThread();
            AtomicReference<Thread> callThread = new AtomicReference<>();
            Thread queryThread = Scoop.separateGet(cell, c -> {
                c.call(x -> callThread.set(Thread.currentThread()));
                return c.query(x -> Thread.currentThread());
            });
            assertSame(me, queryThread, "client-run query");
            assertNotSame(me, callThread.get());
            assertSame(scoop.pool(), poolOf(callThread.get(), scoop.pool()));
        });
    }

    static WeftPool poolOf(Thread t, WeftPool expected) {
        return t.getName().startsWith("scoop-test") ? expected : null;
    }

    /** Many handlers, each used once: idle handlers are objects, not threads. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void idleHandlersCostNoThreads(int parallelism) {
        // A pool of its own name: threads of other tests' pools (all named "scoop-test") may still be
        // leaving when this one counts.
        String name = "scoop-idle-" + parallelism + "-" + System.nanoTime();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        try (WeftPool pool = WeftPool.builder().parallelism(parallelism).name(name).build()) {
            Scoop scoop = Modes.QOQ.on(pool, failures);
            List<Separate<Cell>> cells = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) {
                Separate<Cell> c = scoop.create(new Cell());
                c.call(x -> x.value++);
                cells.add(c);
            }
            long total = 0;
            for (Separate<Cell> c : cells) {
                total += c.query(x -> x.value);
            }
            assertEquals(20_000, total);
            long poolThreads = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith(name)).count();
            assertTrue(poolThreads <= 2L * parallelism + 1, "pool threads: " + poolThreads);
        }
        assertTrue(failures.isEmpty(), () -> "unexpected undelivered failures: " + failures);
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void coalescingSavesTheRoundTripOfQueriesAfterASync(Modes m) {
        m.with(2, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            Scoop.separateGet(cell, c -> c.queryLong(x -> x.value)); // warm: one sync, and a happens-before edge
            long before = cell.handler().syncsServed();
            Scoop.separate(cell, c -> {
                c.call(x -> x.value++);
                for (int i = 0; i < 10; i++) {
                    assertEquals(1, c.queryLong(x -> x.value));
                }
                c.call(x -> x.value++);
                for (int i = 0; i < 10; i++) {
                    assertEquals(2, c.queryLong(x -> x.value));
                }
            });
            Scoop.separateGet(cell, c -> c.queryLong(x -> x.value)); // one more sync; reading after it sees the counter
            long syncs = cell.handler().syncsServed() - before;
            long expected = m.coalescing ? 2 + 1 : 20 + 1;
            assertEquals(expected, syncs, "query round trips");
        });
    }
}
