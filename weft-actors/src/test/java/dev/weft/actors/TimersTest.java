package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Actors' timers (PROTOCOL.md, "Timers"): single, fixed-delay and fixed-rate timers, replacement under a
 * key, cancellation that holds even for a message already in the mailbox, cancellation at stop and restart,
 * and one scheduler thread for all of them.
 */
class TimersTest {
    record Start(String kind, Duration every) {
    }

    /** Starts timers on {@link Start}, cancels on "cancel", reports what it gets. */
    static Behavior<Object> ticker(Inbox inbox) {
        return (ctx, m) -> {
            switch (m) {
                case Start s -> {
                    switch (s.kind()) {
                        case "single" -> ctx.timers().startSingleTimer("t", "tick", s.every());
                        case "delay" -> ctx.timers().startTimerWithFixedDelay("t", "tick", s.every());
                        case "rate" -> ctx.timers().startTimerAtFixedRate("t", "tick", s.every());
                        default -> throw new IllegalArgumentException(s.kind());
                    }
                }
                case String c when c.equals("cancel") -> {
                    ctx.timers().cancel("t");
                    inbox.add("cancelled, active: " + ctx.timers().isTimerActive("t"));
                }
                case String b when b.equals("boom") -> throw new IllegalStateException("boom");
                default -> inbox.add(m);
            }
            return Behavior.same();
        };
    }

    @Test
    void aSingleTimerSendsOnceNoEarlierThanItsDelay() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<Object> a = r.system.spawn("a", () -> ticker(inbox));
            long t0 = System.nanoTime();
            a.tell(new Start("single", Duration.ofMillis(20)));
            inbox.expect("tick");
            assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(20), "never early");
            a.tell(new Start("single", Duration.ofMillis(30))); // a marker behind the would-be second tick
            inbox.expect("tick");
            inbox.expectEmpty();
        }
    }

    @Test
    void periodicTimersRepeatUntilCancelled() throws Exception {
        for (String kind : new String[] {"delay", "rate"}) {
            try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
                Inbox inbox = new Inbox();
                ActorRef<Object> a = r.system.spawn("a", () -> ticker(inbox));
                a.tell(new Start(kind, Duration.ofMillis(2)));
                for (int i = 0; i < 5; i++) {
                    inbox.expect("tick");
                }
                a.tell("cancel");
                Object o;
                while ((o = inbox.next("the cancellation")).equals("tick")) {
                    // ticks sent before the cancel
                }
                assertEquals("cancelled, active: false", o, kind);
                // any tick in flight at the cancel is dropped; a marker after a few more periods shows none came
                a.tell(new Start("single", Duration.ofMillis(20)));
                assertEquals("tick", inbox.next("the marker"), kind);
                inbox.expectEmpty();
            }
        }
    }

    /**
     * The wheel's thread falls behind by many periods (an entry that holds it for 30 ms): fixed-rate and
     * fixed-delay timers go on. (A first version computed a late fixed-rate timer's next deadline as an
     * overflow and stopped it.)
     */
    @Test
    void periodicTimersSurviveALateWheel() throws Exception {
        for (String kind : new String[] {"delay", "rate"}) {
            try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
                Inbox inbox = new Inbox();
                ActorRef<Object> a = r.system.spawn("a", () -> ticker(inbox));
                a.tell(new Start(kind, Duration.ofMillis(1)));
                inbox.expect("tick");
                CountDownLatch held = new CountDownLatch(1);
                r.system.wheel.schedule(new TimerWheel.Entry() {
                    @Override
                    long expire(long now) {
                        try {
                            Thread.sleep(30);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        held.countDown();
                        return -1;
                    }
                }, 0);
                Systems.await(held, "the wheel to be held");
                inbox.received.clear();
                for (int i = 0; i < 5; i++) {
                    assertEquals("tick", inbox.next("a tick after the wheel fell behind"), kind);
                }
            }
        }
    }

    /**
     * The timer's message is already in the mailbox (the actor was busy when it fired) when the handler
     * cancels the timer: it must not be handled. Fails if a fired timer's message is handled without
     * checking that its timer is still current.
     */
    @Test
    void aCancelledTimersMessageAlreadyInTheMailboxIsNotHandled() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            CountDownLatch busy = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            ActorRef<Object> a = r.system.spawn("a", () -> (ctx, m) -> {
                switch (m) {
                    case String arm when arm.equals("arm") -> {
                        ctx.timers().startSingleTimer("t", "tick", Duration.ofMillis(1));
                        busy.countDown();
                        Weft.blocking(() -> release.await(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
                        ctx.timers().cancel("t"); // the tick is queued behind this message by now
                    }
                    default -> inbox.add(m);
                }
                return Behavior.same();
            });
            a.tell("arm");
            Systems.await(busy, "the handler");
            ActorCell<?> cell = (ActorCell<?>) a;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Systems.WAIT_SECONDS);
            while (!cell.hasMessages()) {
                assertTrue(System.nanoTime() < deadline, "the timer never fired");
                Thread.sleep(1);
            }
            release.countDown();
            a.tell("marker");
            inbox.expect("marker");
            inbox.expectEmpty();
        }
    }

    @Test
    void startingATimerUnderAKeyInUseReplacesIt() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<Object> a = r.system.spawn("a", () -> (ctx, m) -> {
                if (m.equals("arm")) {
                    ctx.timers().startSingleTimer("k", "first", Duration.ofMillis(1));
                    ctx.timers().startSingleTimer("k", "second", Duration.ofMillis(10));
                    ctx.timers().startSingleTimer("other", "third", Duration.ofMillis(30));
                } else {
                    inbox.add(m);
                }
                return Behavior.same();
            });
            a.tell("arm");
            inbox.expect("second");
            inbox.expect("third");
            inbox.expectEmpty();
        }
    }

    @Test
    void timersEndWithAStopAndARestart() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<Object> a = r.system.spawn("a", () -> ticker(inbox), Supervision.RESTART);
            a.tell(new Start("delay", Duration.ofMillis(1)));
            inbox.expect("tick");
            a.tell("boom"); // the restart cancels the timer; ticks queued behind it are dropped
            a.tell("probe");
            while (!inbox.next("the probe").equals("probe")) {
                // ticks handled before the failure
            }
            a.tell(new Start("single", Duration.ofMillis(30))); // 30 periods of the old timer
            inbox.expect("tick");
            inbox.expectEmpty();

            ActorRef<Object> b = r.system.spawn("b", () -> ticker(inbox));
            b.tell(new Start("delay", Duration.ofMillis(1)));
            inbox.expect("tick");
            long dead = r.system.deadLetters();
            r.system.stop(b);
            StopRaceTest.awaitNoLiveActorsBut(r.system, 1);
            inbox.received.clear();
            a.tell(new Start("single", Duration.ofMillis(30)));
            inbox.expect("tick");
            inbox.expectEmpty();
            assertEquals(dead, r.system.deadLetters(), "a stopped actor's timer sends nothing, not even dead letters");
            assertEquals(1, r.system.failures());
        }
    }

    /** Thousands of timers of hundreds of actors: each fires once, all on the system's one timer thread. */
    @Test
    void manyTimersShareOneSchedulerThread() throws Exception {
        int actors = 200;
        int timersEach = 50;
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            CountDownLatch all = new CountDownLatch(actors * timersEach);
            for (int i = 0; i < actors; i++) {
                int[] seen = new int[timersEach];
                ActorRef<Integer> a = r.system.spawn("a" + i, () -> (ctx, k) -> {
                    if (k < 0) {
                        for (int t = 0; t < timersEach; t++) {
                            ctx.timers().startSingleTimer(t, t, Duration.ofMillis(t % 20));
                        }
                    } else if (seen[k]++ == 0) {
                        all.countDown();
                    }
                    return Behavior.same();
                });
                a.tell(-1);
            }
            Systems.await(all, "every timer");
            long timerThreads = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("weft-actors-timer") && t.isAlive()).count();
            // one per live system: this test's, and at most those other test classes left running
            assertTrue(timerThreads >= 1 && timerThreads < 10, timerThreads + " timer threads");
        }
    }

    @Test
    void badTimerArgumentsAreRejected() throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            r.system.spawn("a", () -> (ctx, m) -> {
                Timers<Object> t = ctx.timers();
                inbox.add(assertThrows(IllegalArgumentException.class,
                        () -> t.startSingleTimer("k", "m", Duration.ofMillis(-1))).getClass());
                inbox.add(assertThrows(IllegalArgumentException.class,
                        () -> t.startTimerAtFixedRate("k", "m", Duration.ZERO)).getClass());
                inbox.add(assertThrows(NullPointerException.class,
                        () -> t.startTimerWithFixedDelay(null, "m", Duration.ofMillis(1))).getClass());
                assertFalse(t.isTimerActive("k"));
                inbox.add("done");
                return Behavior.same();
            }).tell("go");
            inbox.expect(IllegalArgumentException.class);
            inbox.expect(IllegalArgumentException.class);
            inbox.expect(NullPointerException.class);
            inbox.expect("done");
        }
    }
}
