package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Bounded mailboxes (PROTOCOL.md, "Bounded mailboxes"): each overflow policy, with the actor held in a
 * handler so that the queue really fills; concurrent senders never get more than the capacity admitted.
 */
class BoundedMailboxTest {
    /** An actor that blocks in its first message ("hold") until released, then reports every message. */
    static final class Held {
        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final Inbox inbox = new Inbox();
        ActorRef<Object> ref;

        Held(ActorSystem system, Props props) throws InterruptedException {
            ref = system.spawn("held", () -> (ctx, m) -> {
                if (m.equals("hold")) {
                    holding.countDown();
                    Weft.blocking(() -> release.await(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
                } else {
                    inbox.add(m);
                }
                return Behavior.same();
            }, props);
            ref.tell("hold");
            Systems.await(holding, "the held handler");
        }
    }

    @Test
    void dropNewestKeepsTheFirstCapacityMessages() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Held h = new Held(r.system, Props.create().withMailbox(3, Overflow.DROP_NEWEST));
            for (int i = 0; i < 10; i++) {
                h.ref.tell(i);
            }
            assertEquals(List.of(3, 4, 5, 6, 7, 8, 9), List.copyOf(r.deadLetters), "dropped at once, by the sender");
            h.release.countDown();
            h.inbox.expect(0);
            h.inbox.expect(1);
            h.inbox.expect(2);
            h.ref.tell("after"); // room again
            h.inbox.expect("after");
        }
    }

    @Test
    void dropOldestKeepsTheLastCapacityMessages() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Held h = new Held(r.system, Props.create().withMailbox(3, Overflow.DROP_OLDEST));
            for (int i = 0; i < 10; i++) {
                h.ref.tell(i);
            }
            h.release.countDown();
            h.inbox.expect(7);
            h.inbox.expect(8);
            h.inbox.expect(9);
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), List.copyOf(r.deadLetters));
            h.ref.tell("after");
            h.inbox.expect("after");
        }
    }

    @Test
    void failTellsTheSender() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Held h = new Held(r.system, Props.create().withMailbox(2, Overflow.FAIL));
            h.ref.tell(1);
            h.ref.tell(2);
            MailboxOverflowException e = assertThrows(MailboxOverflowException.class, () -> h.ref.tell(3));
            assertTrue(e.getMessage().contains("/held"), e.getMessage());
            ExecutionException asked = assertThrows(ExecutionException.class,
                    () -> h.ref.ask(x -> x, Duration.ofSeconds(Systems.WAIT_SECONDS)).get());
            assertTrue(asked.getCause() instanceof MailboxOverflowException, String.valueOf(asked.getCause()));
            assertEquals(0, r.system.deadLetters(), "a refused message is not a dead letter: it was never sent");
            h.release.countDown();
            h.inbox.expect(1);
            h.inbox.expect(2);
        }
    }

    /** Signals do not count: a watch notice reaches a full mailbox. */
    @Test
    void signalsPassAFullMailbox() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            ActorRef<String> watched = r.system.spawn("watched", () -> (c, m) -> Behavior.stopped());
            ActorRef<Object> w = r.system.spawn("w", () -> new Behavior<>() {
                @Override
                public Behavior<Object> receive(ActorContext<Object> ctx, Object m) throws Exception {
                    if (m.equals("hold")) {
                        ctx.watch(watched);
                        holding.countDown();
                        Weft.blocking(() -> release.await(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
                    } else {
                        inbox.add(m);
                    }
                    return this;
                }

                @Override
                public Behavior<Object> onSignal(ActorContext<Object> ctx, Signal s) {
                    inbox.add(s);
                    return this;
                }
            }, Props.create().withMailbox(1, Overflow.DROP_NEWEST));
            w.tell("hold");
            Systems.await(holding, "the held handler");
            w.tell("kept");
            w.tell("dropped");
            watched.tell("stop");
            StopRaceTest.awaitNoLiveActorsBut(r.system, 1);
            release.countDown();
            inbox.expect("kept");
            inbox.expect(new Signal.Terminated(watched));
            assertEquals(List.of("dropped"), List.copyOf(r.deadLetters));
        }
    }

    /** Eight threads flood a held actor: exactly the capacity is admitted, the rest are dead letters. */
    @ParameterizedTest
    @EnumSource(value = Overflow.class, names = {"DROP_NEWEST", "DROP_OLDEST"})
    void concurrentSendersNeverGetMoreThanTheCapacityHandled(Overflow overflow) throws Exception {
        int capacity = 100;
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Held h = new Held(r.system, Props.create().withMailbox(capacity, overflow));
            LongAdder sent = new LongAdder();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < 5_000; i++) {
                        h.ref.tell(i);
                        sent.increment();
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            h.ref.tell("end"); // still held: the mailbox is full
            h.release.countDown();
            int handled = 0;
            if (overflow == Overflow.DROP_OLDEST) {
                while (!h.inbox.next("the end").equals("end")) {
                    handled++;
                }
                assertEquals(capacity - 1, handled, "the newest capacity, the end marker among them");
                assertEquals(sent.sum() + 1 - capacity, r.system.deadLetters());
            } else {
                for (int i = 0; i < capacity; i++) {
                    h.inbox.next("message " + i);
                }
                h.ref.tell("end"); // room again
                assertEquals("end", h.inbox.next("the end"), "the first end was dropped");
                assertEquals(sent.sum() - capacity + 1, r.system.deadLetters());
            }
        }
    }

    @Test
    void badMailboxSettingsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Props.create().withMailbox(0, Overflow.FAIL));
        assertThrows(NullPointerException.class, () -> Props.create().withMailbox(1, null));
        assertThrows(IllegalArgumentException.class, () -> Props.create().withStashCapacity(-1));
    }
}
