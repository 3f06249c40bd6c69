package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Stops that race with the end of an activation, with real threads, many times (a jcstress-style test of
 * the race the model checker rarely reaches): the stopper acts the moment the handler has run, while the
 * activation is going idle. Every stop must run the stop procedure, and every later message must be a
 * dead letter.
 */
class StopRaceTest {
    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void aStopWhileTheActivationGoesIdleIsNeverLost(Scheduling scheduling) throws Exception {
        int rounds = 3_000;
        try (Systems.Recorded r = Systems.recorded(2, scheduling)) {
            AtomicInteger handled = new AtomicInteger();
            for (int i = 0; i < rounds; i++) {
                CountDownLatch ran = new CountDownLatch(1);
                ActorRef<String> a = r.system.spawn("a" + i, () -> (ctx, m) -> {
                    handled.incrementAndGet();
                    ran.countDown();
                    return Behavior.same();
                });
                a.tell("one");
                Systems.await(ran, "the message");
                ((ActorCell<String>) a).requestStop();
            }
            awaitNoLiveActors(r.system);
            assertEquals(rounds, handled.get());
        }
    }

    /** Stops racing with sends from another thread: each message is handled or dead-lettered, once. */
    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void aStopRacingWithSendsLosesNoMessage(Scheduling scheduling) throws Exception {
        int rounds = 500;
        int perRound = 50;
        try (Systems.Recorded r = Systems.recorded(2, scheduling)) {
            AtomicInteger handled = new AtomicInteger();
            List<Thread> senders = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                ActorRef<Integer> a = r.system.spawn("a" + i, () -> (ctx, m) -> {
                    handled.incrementAndGet();
                    return Behavior.same();
                });
                CountDownLatch go = new CountDownLatch(1);
                Thread t = Thread.ofPlatform().start(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    for (int k = 0; k < perRound; k++) {
                        a.tell(k);
                    }
                });
                senders.add(t);
                go.countDown();
                Thread.yield();
                ((ActorCell<Integer>) a).requestStop();
                if (senders.size() >= 8) {
                    for (Thread s : senders) {
                        s.join();
                    }
                    senders.clear();
                }
            }
            for (Thread s : senders) {
                s.join();
            }
            awaitNoLiveActors(r.system);
            assertEquals((long) rounds * perRound, handled.get() + r.system.deadLetters(),
                    "every message handled or dead-lettered");
            assertEquals(r.system.deadLetters(), r.deadLetters.size());
        }
    }

    static void awaitNoLiveActors(ActorSystem system) throws InterruptedException {
        awaitNoLiveActorsBut(system, 0);
    }

    /** Waits until at most {@code left} actors live (the others ran their stop procedure). */
    static void awaitNoLiveActorsBut(ActorSystem system, int left) throws InterruptedException {
        long deadline = System.nanoTime() + Systems.WAIT_SECONDS * 1_000_000_000L;
        while (system.liveActors() > left) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(system.liveActors() + " actors never ran their stop procedure");
            }
            Thread.sleep(1);
        }
    }
}
