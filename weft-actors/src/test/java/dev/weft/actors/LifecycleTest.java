package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The lifecycle: PreRestart and PostStop, setup behaviours, stopping from outside (system.stop), and the
 * two-phase stop (PROTOCOL.md, "Stopping in two phases"): a parent finishes after its children.
 */
class LifecycleTest {
    /** Reports its signals and its messages; "boom" throws, "stop" stops. */
    static final class Reporter implements Behavior<String> {
        final Inbox inbox;
        final int incarnation;

        Reporter(Inbox inbox, int incarnation) {
            this.inbox = inbox;
            this.incarnation = incarnation;
        }

        @Override
        public Behavior<String> receive(ActorContext<String> ctx, String m) {
            switch (m) {
                case "boom" -> throw new IllegalStateException("boom");
                case "stop" -> {
                    return Behavior.stopped();
                }
                default -> inbox.add(incarnation + ":" + m);
            }
            return this;
        }

        @Override
        public Behavior<String> onSignal(ActorContext<String> ctx, Signal s) {
            inbox.add(incarnation + ":" + s);
            return this;
        }
    }

    @Test
    void preRestartGoesToTheOldBehaviourPostStopToTheLast() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            AtomicInteger made = new AtomicInteger();
            ActorRef<String> a = r.system.spawn("a", () -> new Reporter(inbox, made.incrementAndGet()),
                    Supervision.RESTART);
            a.tell("x");
            a.tell("boom");
            a.tell("y");
            a.tell("stop");
            inbox.expect("1:x");
            inbox.expect("1:" + Signal.PreRestart.INSTANCE);
            inbox.expect("2:y");
            inbox.expect("2:" + Signal.PostStop.INSTANCE);
            StopRaceTest.awaitNoLiveActors(r.system);
            inbox.expectEmpty();
            assertTrue(r.failures.isEmpty());
        }
    }

    @Test
    void aFailingPostStopIsReportedAndTheActorStillStops() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            IllegalStateException oops = new IllegalStateException("oops");
            ActorRef<String> a = r.system.spawn("a", () -> new Behavior<String>() {
                @Override
                public Behavior<String> receive(ActorContext<String> ctx, String m) {
                    return Behavior.stopped();
                }

                @Override
                public Behavior<String> onSignal(ActorContext<String> ctx, Signal s) {
                    throw oops;
                }
            });
            a.tell("stop");
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(1, r.failures.size());
            assertSame(oops, r.failures.peek().failure());
        }
    }

    @Test
    void systemStopStopsATopLevelActorFromOutsideAndRefusesOthers() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            AtomicReference<ActorRef<String>> child = new AtomicReference<>();
            CountDownLatch spawned = new CountDownLatch(1);
            ActorRef<String> a = r.system.spawn("a", () -> Behavior.setup(ctx -> {
                child.set(ctx.spawn("kid", () -> new Reporter(inbox, 2)));
                spawned.countDown();
                return new Reporter(inbox, 1);
            }));
            Systems.await(spawned, "the setup (it runs without a message)");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.system.stop(child.get()));
            assertTrue(e.getMessage().contains("/a/kid"), e.getMessage());
            a.tell("hello");
            inbox.expect("1:hello");
            r.system.stop(a);
            inbox.expect("2:" + Signal.PostStop.INSTANCE); // the child finishes first
            inbox.expect("1:" + Signal.PostStop.INSTANCE);
            StopRaceTest.awaitNoLiveActors(r.system);
            long before = r.system.deadLetters();
            a.tell("late");
            assertEquals(before + 1, r.system.deadLetters());
            r.system.stop(a); // again: nothing happens
            try (ActorSystem other = ActorSystem.builder().parallelism(1).build()) {
                ActorRef<String> foreign = other.spawn("b", () -> (c, m) -> Behavior.same());
                assertThrows(IllegalArgumentException.class, () -> r.system.stop(foreign));
            }
        }
    }

    @Test
    void aSetupRunsAtTheStartAndAgainAtEachRestart() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            AtomicInteger setups = new AtomicInteger();
            ActorRef<String> a = r.system.spawn("a", () -> Behavior.setup(ctx -> {
                inbox.add("setup " + setups.incrementAndGet() + " on " + ctx.self().path());
                return new Reporter(inbox, setups.get());
            }), Supervision.RESTART);
            inbox.expect("setup 1 on /a");
            a.tell("boom");
            a.tell("after");
            inbox.expect("1:" + Signal.PreRestart.INSTANCE);
            inbox.expect("setup 2 on /a");
            inbox.expect("2:after");
        }
    }

    @Test
    void aStoppingParentWaitsForAChildThatIsStillHandlingAMessage() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            CountDownLatch inHandler = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicReference<ActorRef<String>> child = new AtomicReference<>();
            ActorRef<String> p = r.system.spawn("p", () -> Behavior.setup(ctx -> {
                child.set(ctx.spawn("slow", () -> new Behavior<String>() {
                    @Override
                    public Behavior<String> receive(ActorContext<String> c, String m) throws Exception {
                        inHandler.countDown();
                        dev.weft.Weft.blocking(
                                () -> release.await(Systems.WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS));
                        return this;
                    }

                    @Override
                    public Behavior<String> onSignal(ActorContext<String> c, Signal s) {
                        inbox.add("child " + s);
                        return this;
                    }
                }));
                return new Reporter(inbox, 1);
            }));
            p.tell("spawned?");
            inbox.expect("1:spawned?");
            child.get().tell("work");
            Systems.await(inHandler, "the child's handler");
            r.system.stop(p);
            assertEquals(2, r.system.liveActors(), "the parent waits for its child");
            release.countDown();
            inbox.expect("child " + Signal.PostStop.INSTANCE);
            inbox.expect("1:" + Signal.PostStop.INSTANCE);
            StopRaceTest.awaitNoLiveActors(r.system);
        }
    }
}
