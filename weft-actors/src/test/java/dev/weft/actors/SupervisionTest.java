package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Failures in handlers: each policy, escalation through parents, and the system's failure listener. */
class SupervisionTest {
    static final Duration WAIT = Duration.ofSeconds(Systems.WAIT_SECONDS);

    record Cmd(String op, ActorRef<Integer> replyTo) {
        Cmd(String op) {
            this(op, null);
        }
    }

    /** Counts "inc"s; "boom" throws; "get" replies with the count. */
    static final class Counter implements Behavior<Cmd> {
        static final IllegalStateException BOOM = new IllegalStateException("boom");
        int count;

        @Override
        public Behavior<Cmd> receive(ActorContext<Cmd> ctx, Cmd c) {
            switch (c.op()) {
                case "inc" -> count++;
                case "boom" -> throw BOOM;
                case "get" -> c.replyTo().tell(count);
                default -> throw new IllegalArgumentException(c.op());
            }
            return this;
        }
    }

    static int get(ActorRef<Cmd> a) throws Exception {
        return a.<Integer>ask(r -> new Cmd("get", r), WAIT).get();
    }

    @Test
    void resumeKeepsTheStateAndGoesOn() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            ActorRef<Cmd> c = r.system.spawn("c", Counter::new, Supervision.RESUME);
            c.tell(new Cmd("inc"));
            c.tell(new Cmd("boom"));
            c.tell(new Cmd("inc"));
            assertEquals(2, get(c));
            assertEquals(1, r.system.failures());
            assertTrue(r.failures.isEmpty(), "a resumed failure does not escalate");
        }
    }

    @Test
    void restartTakesAFreshBehaviourFromTheFactoryKeepsTheMailboxAndStopsChildren() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicInteger made = new AtomicInteger();
            AtomicReference<ActorRef<String>> child = new AtomicReference<>();
            ActorRef<Cmd> c = r.system.spawn("c", () -> {
                made.incrementAndGet();
                Counter counter = new Counter();
                return (ctx, cmd) -> {
                    if (cmd.op().equals("child")) {
                        child.set(ctx.spawn("kid", () -> (x, m) -> Behavior.same()));
                        return Behavior.same();
                    }
                    return counter.receive(ctx, cmd);
                };
            }, Supervision.RESTART);
            c.tell(new Cmd("child"));
            c.tell(new Cmd("inc"));
            c.tell(new Cmd("inc"));
            c.tell(new Cmd("boom"));
            c.tell(new Cmd("inc")); // queued behind the failure: kept, handled by the fresh state
            assertEquals(1, get(c));
            assertEquals(2, made.get(), "the factory made the initial and the restarted behaviour");
            StopRaceTest.awaitNoLiveActorsBut(r.system, 1);
            long before = r.system.deadLetters();
            child.get().tell("late");
            assertEquals(before + 1, r.system.deadLetters(), "the child stopped at the restart");
            assertTrue(r.failures.isEmpty());
        }
    }

    @Test
    void stopSendsLaterMessagesToTheDeadLetters() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            ActorRef<Cmd> c = r.system.spawn("c", Counter::new, Supervision.STOP);
            c.tell(new Cmd("boom"));
            c.tell(new Cmd("inc"));
            StopRaceTest.awaitNoLiveActors(r.system);
            c.tell(new Cmd("inc"));
            assertEquals(2, r.system.deadLetters(), "the queued and the later message");
            assertTrue(r.failures.isEmpty(), "STOP handles the failure: nothing escalates");
            assertEquals(1, r.system.failures());
        }
    }

    @Test
    void aTopLevelActorEscalatesToTheFailureListenerAndStops() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            ActorRef<Cmd> c = r.system.spawn("c", Counter::new);
            c.tell(new Cmd("boom"));
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(1, r.failures.size());
            Systems.Failure f = r.failures.peek();
            assertSame(c, f.actor());
            assertSame(Counter.BOOM, f.failure(), "the original exception, unwrapped");
        }
    }

    /** Spawns a "child" Counter with the given policy on "spawn", forwards other commands to it. */
    static Behavior<Cmd> parentOf(Supervision childPolicy, AtomicReference<ActorRef<Cmd>> child, AtomicInteger made) {
        made.incrementAndGet();
        return (ctx, cmd) -> {
            if (cmd.op().equals("spawn")) {
                child.set(ctx.spawn("child", Counter::new, childPolicy));
            } else {
                child.get().tell(cmd);
            }
            return Behavior.same();
        };
    }

    @Test
    void anEscalatedFailureIsHandledByTheParentsPolicyResume() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicReference<ActorRef<Cmd>> child = new AtomicReference<>();
            AtomicInteger made = new AtomicInteger();
            ActorRef<Cmd> p = r.system.spawn("p", () -> parentOf(Supervision.ESCALATE, child, made),
                    Supervision.RESUME);
            p.tell(new Cmd("spawn"));
            p.tell(new Cmd("boom"));
            StopRaceTest.awaitNoLiveActorsBut(r.system, 1); // the child stopped, the parent lives
            p.tell(new Cmd("spawn"));
            p.tell(new Cmd("inc"));
            assertEquals(1, get(p), "the parent goes on, spawns a new child and forwards to it");
            assertEquals(1, made.get(), "RESUME kept the parent's behaviour");
            assertTrue(r.failures.isEmpty(), "absorbed by the parent");
        }
    }

    @Test
    void anEscalatedFailureIsHandledByTheParentsPolicyRestart() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicReference<ActorRef<Cmd>> child = new AtomicReference<>();
            AtomicInteger made = new AtomicInteger();
            ActorRef<Cmd> p = r.system.spawn("p", () -> parentOf(Supervision.ESCALATE, child, made),
                    Supervision.RESTART);
            p.tell(new Cmd("spawn"));
            p.tell(new Cmd("boom"));
            StopRaceTest.awaitNoLiveActorsBut(r.system, 1);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (made.get() < 2 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(2, made.get(), "the parent restarted from its factory");
            assertTrue(r.failures.isEmpty());
        }
    }

    @Test
    void aFailureEscalatesThroughEveryEscalatingAncestorToTheListener() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicReference<ActorRef<Cmd>> grandchild = new AtomicReference<>();
            CountDownLatch ready = new CountDownLatch(1);
            ActorRef<String> top = r.system.spawn("top", () -> (ctx, m) -> {
                ctx.spawn("mid", () -> (c2, m2) -> {
                    grandchild.set(c2.spawn("leaf", Counter::new));
                    ready.countDown();
                    return Behavior.same();
                }).tell("go");
                return Behavior.same();
            });
            top.tell("go");
            Systems.await(ready, "the leaf");
            grandchild.get().tell(new Cmd("boom"));
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(1, r.failures.size(), r.failures.toString());
            assertSame(grandchild.get(), r.failures.peek().actor(), "the listener hears which actor failed");
            assertSame(Counter.BOOM, r.failures.peek().failure());
        }
    }

    @Test
    void aFactoryThatFailsAtRestartStopsTheActorAndEscalates() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicInteger made = new AtomicInteger();
            IllegalStateException factoryFailure = new IllegalStateException("no second life");
            ActorRef<Cmd> c = r.system.spawn("c", () -> {
                if (made.incrementAndGet() > 1) {
                    throw factoryFailure;
                }
                return new Counter();
            }, Supervision.RESTART);
            c.tell(new Cmd("boom"));
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(1, r.failures.size());
            Throwable t = r.failures.peek().failure();
            assertSame(factoryFailure, t);
            assertEquals(List.of(Counter.BOOM), List.of(t.getSuppressed()), "the handler's failure rides along");
        }
    }

    @Test
    void errorsAndNullBehavioursAreFailuresToo() throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, Scheduling.ADAPTIVE)) {
            ActorRef<Integer> a = r.system.spawn("a", () -> (ctx, m) -> {
                if (m == 0) {
                    throw new AssertionError("an error");
                }
                return null;
            }, Supervision.RESUME);
            ActorRef<Integer> b = r.system.spawn("b", () -> (ctx, m) -> null);
            a.tell(0);
            a.tell(1);
            b.tell(1);
            StopRaceTest.awaitNoLiveActorsBut(r.system, 1);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while ((r.system.failures() < 3 || r.failures.isEmpty()) && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(3, r.system.failures());
            Throwable f = r.failures.peek().failure();
            assertInstanceOf(NullPointerException.class, f);
            assertTrue(f.getMessage().contains("Behavior.same()"), f.getMessage());
        }
    }
}
