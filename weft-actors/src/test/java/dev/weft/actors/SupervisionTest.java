package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    @Test
    void aRestartLimitStopsTheActorOnceItIsExceeded() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicInteger made = new AtomicInteger();
            ActorRef<Cmd> c = r.system.spawn("c", () -> {
                made.incrementAndGet();
                return new Counter();
            }, Supervision.RESTART.withLimit(2, Duration.ofMinutes(10)));
            c.tell(new Cmd("boom"));
            c.tell(new Cmd("boom"));
            c.tell(new Cmd("inc"));
            assertEquals(1, get(c), "two restarts allowed");
            c.tell(new Cmd("boom")); // the third, within the window: stop
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(3, made.get());
            assertTrue(r.failures.isEmpty(), "stopped, not escalated");
        }
    }

    @Test
    void aRestartLimitCanEscalateAndItsWindowStartsAgain() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            ActorRef<Cmd> c = r.system.spawn("c", Counter::new,
                    Supervision.RESTART.withLimit(1, Duration.ofMinutes(10)).escalateAfterLimit());
            c.tell(new Cmd("boom"));
            c.tell(new Cmd("boom"));
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(1, r.failures.size());
            assertSame(Counter.BOOM, r.failures.peek().failure());

            // a window of 1 ms: failures far apart are each the first of a new window
            ActorRef<Cmd> d = r.system.spawn("d", Counter::new, Supervision.RESTART.withLimit(1, Duration.ofMillis(1)));
            for (int i = 0; i < 3; i++) {
                c.tell(new Cmd("inc")); // a dead letter: c stopped
                d.tell(new Cmd("boom"));
                assertEquals(0, get(d), "restarted afresh");
                Thread.sleep(5);
            }
            assertEquals(1, r.system.liveActors());
        }
    }

    @Test
    void aBackoffRestartWaitsLongerEachTimeAndKeepsWhatArrivesMeanwhile() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Duration min = Duration.ofMillis(40);
            java.util.Queue<Long> starts = new java.util.concurrent.ConcurrentLinkedQueue<>();
            ActorRef<Cmd> c = r.system.spawn("c", () -> {
                starts.add(System.nanoTime());
                return new Counter();
            }, Supervision.restartWithBackoff(min, Duration.ofSeconds(10), 0.0));
            long failedAt = System.nanoTime();
            c.tell(new Cmd("boom"));
            c.tell(new Cmd("inc")); // arrives during the wait: kept for the fresh behaviour
            c.tell(new Cmd("inc"));
            assertEquals(2, get(c));
            long firstWait = starts.stream().skip(1).findFirst().orElseThrow() - failedAt;
            assertTrue(firstWait >= min.toNanos(), "restarted after " + firstWait + " ns, before the backoff");
            failedAt = System.nanoTime();
            c.tell(new Cmd("boom"));
            assertEquals(0, get(c));
            long secondWait = starts.stream().skip(2).findFirst().orElseThrow() - failedAt;
            assertTrue(secondWait >= 2 * min.toNanos(), "the second backoff doubles: " + secondWait + " ns");
            assertTrue(r.failures.isEmpty());
        }
    }

    @Test
    void aBackoffWaitKeepsAtMostTheStashCapacity() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            ActorRef<Cmd> c = r.system.spawn("c", Counter::new, Props.create()
                    .withSupervision(Supervision.restartWithBackoff(Duration.ofMillis(50), Duration.ofSeconds(1), 0.2))
                    .withStashCapacity(3));
            c.tell(new Cmd("boom"));
            for (int i = 0; i < 5; i++) {
                c.tell(new Cmd("inc"));
            }
            long deadline = System.nanoTime() + WAIT.toNanos();
            Integer count = null;
            while (count == null && System.nanoTime() < deadline) {
                // an ask during the wait finds the stash full: a dead letter, and a timeout here
                count = c.<Integer>ask(x -> new Cmd("get", x), Duration.ofMillis(100)).handle((v, t) -> v).get();
            }
            assertEquals(3, count, "three kept");
            assertTrue(r.system.deadLetters() >= 2, "the two beyond the capacity are dead letters");
        }
    }

    @Test
    void aDecidingPolicyPicksByTheFailure() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicInteger made = new AtomicInteger();
            ActorRef<Cmd> c = r.system.spawn("c", () -> {
                made.incrementAndGet();
                return new Counter();
            }, Supervision.deciding(
                    t -> t instanceof IllegalArgumentException ? Supervision.RESUME : Supervision.RESTART));
            c.tell(new Cmd("inc"));
            c.tell(new Cmd("unknown-op")); // IllegalArgumentException: resume
            c.tell(new Cmd("inc"));
            assertEquals(2, get(c));
            c.tell(new Cmd("boom")); // IllegalStateException: restart
            assertEquals(0, get(c));
            assertEquals(2, made.get());
            ActorRef<Cmd> d = r.system.spawn("d", Counter::new, Supervision.deciding(t -> null));
            d.tell(new Cmd("boom"));
            StopRaceTest.awaitNoLiveActorsBut(r.system, 1);
            assertEquals(1, r.failures.size(), "heard before the actor left the live count");
            Throwable f = r.failures.peek().failure();
            assertInstanceOf(IllegalStateException.class, f, "a decider that returns null escalates");
            assertSame(Counter.BOOM, f.getSuppressed()[0]);
        }
    }

    @Test
    void supervisionValuesRejectNonsense() {
        assertThrows(IllegalStateException.class, () -> Supervision.STOP.withLimit(1, Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> Supervision.RESTART.withLimit(-1, Duration.ofSeconds(1)));
        assertThrows(IllegalStateException.class, () -> Supervision.RESTART.escalateAfterLimit());
        assertThrows(IllegalArgumentException.class,
                () -> Supervision.restartWithBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1), 0));
        assertThrows(IllegalArgumentException.class,
                () -> Supervision.restartWithBackoff(Duration.ofSeconds(1), Duration.ofSeconds(2), 1.5));
        assertEquals("Supervision.RESTART.withLimit(3, PT10S).escalateAfterLimit()",
                Supervision.RESTART.withLimit(3, Duration.ofSeconds(10)).escalateAfterLimit().toString());
    }
}
