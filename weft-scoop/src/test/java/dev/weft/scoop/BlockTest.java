package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The API's behaviour inside one client: calls, queries, nesting, the handler as its own client, misuse. */
class BlockTest {
    /** A list that only its handler may touch. */
    static final class Log {
        final List<String> entries = new ArrayList<>();

        void add(String s) {
            entries.add(s);
        }

        int size() {
            return entries.size();
        }

        String joined() {
            return String.join(",", entries);
        }
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aQuerySeesEveryCallLoggedBeforeIt(Modes m) {
        for (int p : new int[] {1, 2, 4}) {
            m.with(p, scoop -> {
                Separate<Log> log = scoop.create(new Log());
                Scoop.separate(log, l -> {
                    for (int i = 0; i < 500; i++) {
                        String s = Integer.toString(i);
                        l.call(x -> x.add(s));
                        if (i % 100 == 99) {
                            assertEquals(i + 1, l.queryInt(Log::size));
                        }
                    }
                });
                // From a worker (the handler is then spawned on the client's worker) and from outside.
                String inPool = scoop.pool().invoke(() -> Scoop.separateGet(log, l -> {
                    l.call(x -> x.add("w"));
                    return l.query(Log::joined);
                }));
                assertTrue(inPool.endsWith("498,499,w"), inPool);
                assertEquals(501, (int) log.query(Log::size));
            });
        }
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aNestedBlockOnTheSameHandlerJoinsTheEnclosingBlock(Modes m) {
        m.with(2, scoop -> {
            Separate<Log> log = scoop.create(new Log());
            Separate<Log> other = log.handler().own(new Log()); // same handler, another object
            Scoop.separate(log, outer -> {
                outer.call(x -> x.add("a"));
                Scoop.separate(other, inner -> {
                    inner.call(x -> x.add("b"));
                    // Joined, not queued behind the outer block: a query here would otherwise wait forever.
                    assertEquals(1, inner.queryInt(Log::size));
                });
                outer.call(x -> x.add("c"));
                assertEquals("a,c", outer.query(Log::joined));
            });
            assertEquals("b", other.query(Log::joined));
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aCallThatReservesItsOwnHandlerRunsDirectly(Modes m) {
        m.with(2, scoop -> {
            Separate<Log> log = scoop.create(new Log());
            Separate<Log> sibling = log.handler().own(new Log());
            AtomicReference<String> seen = new AtomicReference<>();
            log.call(x -> {
                x.add("in-call");
                // The client is this handler: the block is an ordinary, synchronous access.
                Scoop.separate(sibling, s -> {
                    s.call(y -> y.add("direct"));
                    seen.set(s.query(Log::joined));
                });
            });
            assertEquals("in-call", log.query(Log::joined));
            assertEquals("direct", seen.get());
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void handlersCallEachOtherThroughBlocksInTheirCalls(Modes m) {
        m.with(2, scoop -> {
            // a's call queries b, whose call queries c: clients that are handlers.
            Separate<Log> c = scoop.create(new Log());
            Separate<Log> b = scoop.create(new Log());
            Separate<Log> a = scoop.create(new Log());
            c.call(x -> x.add("c0"));
            b.call(x -> x.add(c.query(Log::joined) + "+b"));
            a.call(x -> x.add(b.query(Log::joined) + "+a"));
            assertEquals("c0+b+a", a.query(Log::joined));
        });
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void blocksOverSeveralHandlersGiveViewsInArgumentOrder(Modes m) {
        m.with(2, scoop -> {
            Separate<Log> x = scoop.create(new Log());
            Separate<Log> y = scoop.create(new Log());
            Separate<Log> z = x.handler().own(new Log());
            Scoop.separate(y, x, (vy, vx) -> {
                vy.call(o -> o.add("y"));
                vx.call(o -> o.add("x"));
            });
            Scoop.separateAll(List.of(z, y, x), vs -> {
                assertEquals(3, vs.size());
                Blocks.<Log>cast(vs.get(0)).call(o -> o.add("z"));
                assertEquals("y", Blocks.<Log>cast(vs.get(1)).query(Log::joined));
                assertEquals("x", Blocks.<Log>cast(vs.get(2)).query(Log::joined));
            });
            assertEquals("z", z.query(Log::joined));
            assertEquals("x|y", Scoop.separateGet(x, y, (vx, vy) -> vx.query(Log::joined) + "|" + vy.query(Log::joined)));
        });
    }

    @Test
    void aViewUsedAfterItsBlockOrFromAnotherThreadIsRejected() throws Exception {
        Modes.QOQ.with(2, scoop -> {
            Separate<Log> log = scoop.create(new Log());
            AtomicReference<Reserved<Log>> leaked = new AtomicReference<>();
            AtomicReference<Throwable> fromOther = new AtomicReference<>();
            Scoop.separate(log, l -> {
                leaked.set(l);
                Thread t = new Thread(() -> {
                    try {
                        l.call(x -> x.add("bad"));
                    } catch (Throwable e) {
                        fromOther.set(e);
                    }
                });
                t.start();
                try {
                    t.join();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            assertTrue(fromOther.get() instanceof IllegalStateException, String.valueOf(fromOther.get()));
            assertThrows(IllegalStateException.class, () -> leaked.get().call(x -> x.add("late")));
            assertThrows(IllegalStateException.class, () -> leaked.get().queryInt(Log::size));
            assertEquals(0, (int) log.query(Log::size));
        });
    }

    @Test
    void badArgumentsAreRejectedWithClearErrors() {
        try (WeftPool pool = new WeftPool(1); WeftPool other = new WeftPool(1)) {
            Scoop scoop = Scoop.on(pool);
            Separate<Log> log = scoop.create(new Log());
            Separate<Log> foreign = Scoop.on(other).create(new Log());
            NullPointerException npe = assertThrows(NullPointerException.class, () -> Scoop.on(null));
            assertEquals("pool", npe.getMessage());
            assertEquals("body", assertThrows(NullPointerException.class, () -> Scoop.separate(log, null)).getMessage());
            assertEquals("a", assertThrows(NullPointerException.class, () -> Scoop.separate(null, l -> { })).getMessage());
            assertEquals("when", assertThrows(NullPointerException.class,
                    () -> Scoop.separate(log, (java.util.function.Predicate<Reserved<Log>>) null, l -> { })).getMessage());
            assertEquals("object", assertThrows(NullPointerException.class, () -> scoop.create(null)).getMessage());
            assertEquals("action", assertThrows(NullPointerException.class, () -> log.call(null)).getMessage());
            assertEquals("query", assertThrows(NullPointerException.class, () -> log.query(null)).getMessage());
            assertEquals("handler", assertThrows(NullPointerException.class,
                    () -> Scoop.builder(pool).failureHandler(null)).getMessage());
            Scoop.separate(log, l -> {
                assertEquals("action", assertThrows(NullPointerException.class, () -> l.call(null)).getMessage());
                assertEquals("query", assertThrows(NullPointerException.class, () -> l.query(null)).getMessage());
            });
            IllegalArgumentException iae = assertThrows(IllegalArgumentException.class,
                    () -> Scoop.separate(log, foreign, (a, b) -> { }));
            assertTrue(iae.getMessage().contains("different Scoop runtimes"), iae.getMessage());
            assertThrows(IllegalArgumentException.class, () -> Scoop.separateAll(List.of(), vs -> { }));
            // The handler still works after the rejected calls.
            log.call(x -> x.add("ok"));
            assertEquals("ok", log.query(Log::joined));
        }
    }

    @Test
    void theRuntimeReportsItsConfiguration() {
        try (WeftPool pool = new WeftPool(1)) {
            Scoop s = Scoop.builder(pool).queueOfQueues(false).syncCoalescing(false).build();
            assertSame(pool, s.pool());
            assertTrue(!s.queueOfQueues() && !s.syncCoalescing());
            assertTrue(s.toString().contains("lock-based") && s.toString().contains("no coalescing"), s.toString());
            Handler h = s.newHandler();
            assertSame(s, h.scoop());
            Separate<Log> r = h.own(new Log());
            assertSame(h, r.handler());
            assertTrue(r.toString().contains("Log") && r.toString().contains(h.toString()), r.toString());
        }
    }
}
