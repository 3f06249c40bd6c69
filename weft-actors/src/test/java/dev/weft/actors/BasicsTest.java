package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The API's contract: messages, become, children, ask, paths and errors for bad input. */
class BasicsTest {
    record Ping(int n, ActorRef<Ping> replyTo) {
    }

    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void aPairPingPongsToTheEnd(Scheduling scheduling) throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, scheduling)) {
            CountDownLatch done = new CountDownLatch(1);
            int rounds = 100_000;
            Behavior<Ping> player = (ctx, p) -> {
                if (p.n() == rounds) {
                    done.countDown();
                    return Behavior.same();
                }
                p.replyTo().tell(new Ping(p.n() + 1, ctx.self()));
                return Behavior.same();
            };
            ActorRef<Ping> a = r.system.spawn("a", () -> player);
            ActorRef<Ping> b = r.system.spawn("b", () -> player);
            a.tell(new Ping(0, b));
            Systems.await(done, "the last ping");
            assertTrue(r.failures.isEmpty(), r.failures.toString());
        }
    }

    /** A behaviour that changes itself: it alternates between collecting and echoing. */
    @Test
    void becomeHandlesTheNextMessageWithTheReturnedBehaviour() throws Exception {
        try (ActorSystem system = ActorSystem.builder().parallelism(2).build()) {
            List<String> seen = new ArrayList<>();
            CountDownLatch done = new CountDownLatch(1);
            ActorRef<String> a = system.spawn("alternator", () -> new Upper(seen, done));
            for (String s : List.of("a", "B", "c", "D", "end")) {
                a.tell(s);
            }
            Systems.await(done, "end");
            assertEquals(List.of("A", "B", "C", "D"), seen); // written by the actor, read after its latch
        }
    }

    record Upper(List<String> seen, CountDownLatch done) implements Behavior<String> {
        @Override
        public Behavior<String> receive(ActorContext<String> ctx, String m) {
            if (m.equals("end")) {
                done.countDown();
                return Behavior.stopped();
            }
            seen.add(m.toUpperCase());
            return new Lower(seen, done);
        }
    }

    record Lower(List<String> seen, CountDownLatch done) implements Behavior<String> {
        @Override
        public Behavior<String> receive(ActorContext<String> ctx, String m) {
            if (m.equals("end")) {
                done.countDown();
                return Behavior.stopped();
            }
            seen.add(m);
            return new Upper(seen, done);
        }
    }

    @Test
    void childrenHavePathsUnderTheirParentAndStopWithIt() throws Exception {
        try (ActorSystem system = ActorSystem.builder().parallelism(2).build()) {
            AtomicReference<ActorRef<String>> child = new AtomicReference<>();
            CountDownLatch spawned = new CountDownLatch(1);
            ActorRef<String> parent = system.spawn("parent", () -> (ctx, m) -> {
                if (m.equals("spawn")) {
                    child.set(ctx.spawn("kid", () -> (c, x) -> Behavior.same()));
                    spawned.countDown();
                    return Behavior.same();
                }
                return Behavior.stopped();
            });
            parent.tell("spawn");
            Systems.await(spawned, "the child");
            assertEquals("/parent", parent.path());
            assertEquals("/parent/kid", child.get().path());
            assertEquals(2, system.liveActors());
            parent.tell("stop");
            long deadline = System.nanoTime() + Duration.ofSeconds(Systems.WAIT_SECONDS).toNanos();
            while (system.liveActors() > 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(0, system.liveActors(), "the child stops with its parent");
            long before = system.deadLetters();
            child.get().tell("late");
            assertEquals(before + 1, system.deadLetters());
        }
    }

    record Add(int a, int b, ActorRef<Integer> replyTo) {
    }

    @Test
    void askCompletesWithTheReplyOffTheRepliersHandler() throws Exception {
        try (ActorSystem system = ActorSystem.builder().parallelism(2).build()) {
            ThreadLocal<Boolean> inHandler = ThreadLocal.withInitial(() -> false);
            ActorRef<Add> adder = system.spawn("adder", () -> (ctx, m) -> {
                inHandler.set(true);
                try {
                    m.replyTo().tell(m.a() + m.b());
                } finally {
                    inHandler.set(false);
                }
                return Behavior.same();
            });
            AtomicReference<String> callback = new AtomicReference<>();
            CompletableFuture<Integer> f = adder.ask(r -> new Add(2, 3, r), Duration.ofSeconds(Systems.WAIT_SECONDS));
            CompletableFuture<Integer> g = f.thenApply(x -> {
                callback.set((inHandler.get() ? "in handler" : "outside handler") + " on "
                        + (WeftPool.current() == system.pool() ? "pool" : "other"));
                return x * 10;
            });
            assertEquals(50, g.get());
            if (callback.get() != null && !callback.get().contains("other")) {
                assertEquals("outside handler on pool", callback.get());
            }
            // Async stages default to the system's pool, not the JDK's common pool.
            assertSame(system.pool(), f.thenApplyAsync(x -> WeftPool.current()).get());
        }
    }

    @Test
    void askTimesOutAndALateReplyIsADeadLetter() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicReference<ActorRef<Integer>> held = new AtomicReference<>();
            CountDownLatch asked = new CountDownLatch(1);
            ActorRef<Add> silent = r.system.spawn("silent", () -> (ctx, m) -> {
                held.set(m.replyTo());
                asked.countDown();
                return Behavior.same();
            });
            CompletableFuture<Integer> f = silent.ask(x -> new Add(1, 1, x), Duration.ofMillis(50));
            ExecutionException e = assertThrows(ExecutionException.class, f::get);
            assertInstanceOf(TimeoutException.class, e.getCause());
            Systems.await(asked, "the request");
            held.get().tell(2);
            assertEquals(List.of(2), List.copyOf(r.deadLetters), "the reply after the timeout");
            assertEquals(1, r.system.deadLetters());
        }
    }

    @Test
    void badInputIsRejectedWithClearErrors() throws Exception {
        try (ActorSystem system = ActorSystem.builder().parallelism(1).build()) {
            ActorRef<String> a = system.spawn("a", () -> (ctx, m) -> Behavior.same());
            assertEquals("message", assertThrows(NullPointerException.class, () -> a.tell(null)).getMessage());
            assertThrows(NullPointerException.class, () -> system.spawn(null, () -> (c, m) -> Behavior.same()));
            assertThrows(NullPointerException.class, () -> system.spawn("x", null));
            assertThrows(IllegalArgumentException.class, () -> system.spawn("", () -> (c, m) -> Behavior.same()));
            assertThrows(IllegalArgumentException.class, () -> system.spawn("a/b", () -> (c, m) -> Behavior.same()));
            assertThrows(NullPointerException.class, () -> system.spawn("x", () -> null));
            assertThrows(IllegalArgumentException.class, () -> system.spawn("x", Behavior::same));
            assertThrows(IllegalArgumentException.class, () -> a.ask(r -> "q", Duration.ZERO));
            assertThrows(NullPointerException.class, () -> a.ask(r -> null, Duration.ofSeconds(1)));
            assertThrows(IllegalArgumentException.class, () -> ActorSystem.builder().throughput(0));
            assertThrows(IllegalArgumentException.class, () -> ActorSystem.builder().parallelism(0));
            assertNotNull(system.toString());
        }
    }

    @Test
    void aSystemOnAGivenPoolLeavesThePoolRunning() throws Exception {
        try (WeftPool pool = new WeftPool(2)) {
            AtomicInteger got = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(1);
            try (ActorSystem system = ActorSystem.create(pool)) {
                ActorRef<Integer> a = system.spawn("a", () -> (ctx, m) -> {
                    got.addAndGet(m);
                    done.countDown();
                    return Behavior.same();
                });
                a.tell(7);
                Systems.await(done, "the message");
                assertSame(pool, system.pool());
            }
            assertEquals(7, got.get());
            assertEquals(42, (int) pool.invoke(() -> 42), "the pool still runs");
            ActorSystem closed = ActorSystem.create(pool);
            closed.close();
            assertThrows(IllegalStateException.class, () -> closed.spawn("late", () -> (c, m) -> Behavior.same()));
        }
    }
}
