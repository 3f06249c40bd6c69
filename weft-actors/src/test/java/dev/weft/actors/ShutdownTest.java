package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import dev.weft.WeftPool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Closing a system and its pool: with messages in flight, from inside a handler, with a handler that does
 * not return, and on a pool shut down under it. Nothing hangs, and every message is either handled or
 * counted as a dead letter.
 */
class ShutdownTest {
    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void closeWithMessagesInFlightAccountsForEveryMessage(Scheduling scheduling) throws Exception {
        Systems.Recorded r = Systems.recorded(2, scheduling);
        int actors = 200;
        LongAdder handled = new LongAdder();
        LongAdder sent = new LongAdder();
        @SuppressWarnings("unchecked")
        ActorRef<Integer>[] refs = new ActorRef[actors];
        for (int i = 0; i < actors; i++) {
            int me = i;
            refs[i] = r.system.spawn("a" + i, () -> (ctx, hops) -> {
                handled.increment();
                if (hops > 0) {
                    sent.increment();
                    refs[(me * 31 + hops) % actors].tell(hops - 1); // actor-to-actor traffic meanwhile
                }
                return Behavior.same();
            });
        }
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch underWay = new CountDownLatch(4); // each sender has sent its first 1,000
        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int seed = t;
            senders.add(Thread.ofPlatform().start(() -> {
                for (int k = 0; !stop.get(); k++) {
                    sent.increment();
                    refs[(k * 7 + seed) % actors].tell(1_000);
                    if (k == 1_000) {
                        underWay.countDown();
                    }
                }
            }));
        }
        assertTrue(underWay.await(Systems.WAIT_SECONDS, TimeUnit.SECONDS), "the senders never got going");
        r.system.close(); // senders still sending: later messages are dead letters
        stop.set(true);
        for (Thread s : senders) {
            s.join();
        }
        assertEquals(0, r.system.liveActors());
        assertTrue(r.system.deadLetters() > 0, "some messages were in flight");
        assertEquals(sent.sum(), handled.sum() + r.system.deadLetters(), "handled + dead letters = sent");
        assertTrue(r.system.pool().isTerminated(), "the system's own pool is closed with it");
        assertThrows(IllegalStateException.class, () -> r.system.spawn("late", () -> (c, m) -> Behavior.same()));
    }

    @Test
    void closeFromInsideAHandlerStopsEverythingWithoutWaitingForItself() throws Exception {
        Systems.Recorded r = Systems.recorded(1, Scheduling.ADAPTIVE);
        ActorRef<String> other = r.system.spawn("other", () -> (ctx, m) -> Behavior.same());
        CountDownLatch closing = new CountDownLatch(1);
        ActorRef<String> closer = r.system.spawn("closer", () -> (ctx, m) -> {
            ctx.system().close();
            closing.countDown();
            return Behavior.same();
        });
        other.tell("x");
        closer.tell("close");
        Systems.await(closing, "close() to return inside the handler");
        assertTrue(r.system.pool().awaitTermination(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(0, r.system.liveActors());
        r.system.close(); // again, from outside: a no-op that returns
    }

    @Test
    void closeGivesUpOnAHandlerThatDoesNotReturnWithAClearError() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        ActorSystem system = ActorSystem.builder().parallelism(2).closeTimeout(Duration.ofMillis(200)).build();
        ActorRef<String> stuck = system.spawn("stuck", () -> (ctx, m) -> {
            entered.countDown();
            Weft.blocking(() -> release.await(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
            return Behavior.same();
        });
        stuck.tell("wait");
        Systems.await(entered, "the stuck handler");
        IllegalStateException e = assertThrows(IllegalStateException.class, system::close);
        assertTrue(e.getMessage().contains("/stuck"), e.getMessage());
        release.countDown();
        assertTrue(system.pool().awaitTermination(Systems.WAIT_SECONDS, TimeUnit.SECONDS), "it finishes later");
        assertEquals(0, system.liveActors());
    }

    /** A given pool shut down under the system: activations are refused; messages become dead letters. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aPoolShutDownUnderTheSystemLosesNoMessage(int parallelism) throws Exception {
        WeftPool pool = new WeftPool(parallelism);
        LongAdder dead = new LongAdder();
        ActorSystem system = ActorSystem.builder().pool(pool).onDeadLetter((a, m) -> dead.increment()).build();
        LongAdder handled = new LongAdder();
        ActorRef<Integer> a = system.spawn("a", () -> (ctx, m) -> {
            handled.increment();
            return Behavior.same();
        });
        for (int i = 0; i < 1_000; i++) {
            a.tell(i);
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
        for (int i = 0; i < 1_000; i++) {
            a.tell(i);
        }
        assertEquals(2_000, handled.sum() + system.deadLetters());
        assertEquals(system.deadLetters(), dead.sum());
        assertEquals(0, system.liveActors(), "the refused actor stopped");
        system.close();
    }

    @Test
    void anAskStillWaitingAtCloseFailsAndAnAskAfterCloseFailsAtOnce() throws Exception {
        ActorSystem system = ActorSystem.builder().parallelism(1).build();
        CountDownLatch asked = new CountDownLatch(1);
        ActorRef<ActorRef<String>> silent = system.spawn("silent", () -> (ctx, replyTo) -> {
            asked.countDown();
            return Behavior.same();
        });
        java.util.concurrent.CompletableFuture<String> pending = silent.ask(r -> r, Duration.ofHours(1));
        Systems.await(asked, "the request");
        system.close();
        java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> pending.get(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof java.util.concurrent.TimeoutException, e.toString());
        java.util.concurrent.CompletableFuture<String> late = silent.ask(r -> r, Duration.ofHours(1));
        assertThrows(java.util.concurrent.ExecutionException.class, () -> late.get(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(1, system.deadLetters(), "the late request");
    }
}
