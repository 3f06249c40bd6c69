package dev.weft.actors.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.actors.ActorRef;
import dev.weft.actors.ActorSystem;
import dev.weft.actors.Behavior;
import dev.weft.actors.Signal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * TestProbe against a real system: its expectations pass when they should and fail (with an
 * AssertionError, within their timeout) when they should not. The probe also checks, through the public
 * API only, the actors module's death watch and timers.
 */
class TestProbeTest {
    ActorSystem system;

    @BeforeEach
    void start() {
        system = ActorSystem.builder().parallelism(2).build();
    }

    @AfterEach
    void close() {
        system.close();
    }

    record Get(ActorRef<Integer> replyTo) {
    }

    @Test
    void expectMessageAndNoMessage() {
        TestProbe<Integer> probe = TestProbe.create(system);
        ActorRef<Get> seven = system.spawn("seven", () -> (ctx, g) -> {
            g.replyTo().tell(7);
            return Behavior.same();
        });
        seven.tell(new Get(probe.ref()));
        assertEquals(7, probe.expectMessage(7));
        probe.expectNoMessage();
        seven.tell(new Get(probe.ref()));
        seven.tell(new Get(probe.ref()));
        assertEquals(List.of(7, 7), probe.receiveMessages(2));
        seven.tell(new Get(probe.ref()));
        assertEquals(7, probe.expectMessageClass(Integer.class));
    }

    @Test
    void expectationsFailWithinTheirTimeout() {
        TestProbe<String> probe = TestProbe.create(system, "p");
        long t0 = System.nanoTime();
        AssertionError none = assertThrows(AssertionError.class, () -> probe.receiveMessage(Duration.ofMillis(50)));
        assertTrue(System.nanoTime() - t0 >= Duration.ofMillis(50).toNanos(), "it waited the whole timeout");
        assertTrue(none.getMessage().contains("/p"), none.getMessage());
        probe.ref().tell("x");
        AssertionError wrong = assertThrows(AssertionError.class, () -> probe.expectMessage("y"));
        assertTrue(wrong.getMessage().contains("got x"), wrong.getMessage());
        probe.ref().tell("z");
        assertThrows(AssertionError.class, () -> probe.expectNoMessage(Duration.ofMillis(50)));
        ActorRef<String> immortal = system.spawn("immortal", () -> (c, m) -> Behavior.same());
        AssertionError alive = assertThrows(AssertionError.class,
                () -> probe.expectTerminated(immortal, Duration.ofMillis(50)));
        assertTrue(alive.getMessage().contains("/immortal did not stop"), alive.getMessage());
    }

    @Test
    void expectTerminatedSeesAStopBeforeOrAfterTheCall() {
        TestProbe<Object> probe = TestProbe.create(system);
        ActorRef<String> a = system.spawn("a", () -> (c, m) -> Behavior.stopped());
        a.tell("stop");
        probe.expectTerminated(a); // probably stopped already
        ActorRef<String> b = system.spawn("b", () -> (c, m) -> Behavior.same());
        Thread stopper = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            system.stop(b);
        });
        probe.expectTerminated(b); // stops while the probe waits
        try {
            stopper.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** Death watch and timers through the public API, checked with a probe. */
    @Test
    void aWatcherReportsTerminatedAndATimerTicksThroughTheProbe() {
        TestProbe<String> probe = TestProbe.create(system);
        ActorRef<String> watched = system.spawn("watched", () -> (c, m) -> Behavior.stopped());
        system.spawn("watcher", () -> Behavior.<String>setup(ctx -> {
            ctx.watch(watched);
            ctx.timers().startSingleTimer("t", "tick", Duration.ofMillis(5));
            return new Behavior<>() {
                @Override
                public Behavior<String> receive(dev.weft.actors.ActorContext<String> c, String m) {
                    probe.ref().tell(m);
                    return this;
                }

                @Override
                public Behavior<String> onSignal(dev.weft.actors.ActorContext<String> c, Signal s) {
                    probe.ref().tell(String.valueOf(s));
                    return this;
                }
            };
        }));
        probe.expectMessage("tick");
        watched.tell("stop");
        probe.expectMessage(String.valueOf(new Signal.Terminated(watched)));
        probe.expectNoMessage();
    }
}
