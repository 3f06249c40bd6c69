package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Death watch (PROTOCOL.md, "Death watch"): Terminated once per watch, also for an actor that had already
 * stopped and across a parent's stop, after the watched actor's last messages, never after unwatch.
 */
class DeathWatchTest {
    /** Commands for a watcher: watch or unwatch an actor, or echo a marker to the inbox. */
    record Watch(ActorRef<?> ref) {
    }

    record Unwatch(ActorRef<?> ref) {
    }

    record Marker(String name) {
    }

    /** Reports each Terminated and each marker to {@code inbox}. */
    static class Watcher implements Behavior<Object> {
        final Inbox inbox;

        Watcher(Inbox inbox) {
            this.inbox = inbox;
        }

        @Override
        public Behavior<Object> receive(ActorContext<Object> ctx, Object m) throws Exception {
            switch (m) {
                case Watch w -> ctx.watch(w.ref());
                case Unwatch u -> ctx.unwatch(u.ref());
                default -> inbox.add(m);
            }
            return this;
        }

        @Override
        public Behavior<Object> onSignal(ActorContext<Object> ctx, Signal signal) {
            inbox.add(signal);
            return this;
        }
    }

    static ActorRef<String> idle(ActorSystem system, String name) {
        return system.spawn(name, () -> (ctx, m) -> m.equals("stop") ? Behavior.stopped() : Behavior.same());
    }

    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void aWatcherGetsTerminatedOnceWhenTheWatchedActorStops(Scheduling scheduling) throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, scheduling)) {
            Inbox inbox = new Inbox();
            ActorRef<Object> w = r.system.spawn("w", () -> new Watcher(inbox));
            ActorRef<String> a = idle(r.system, "a");
            w.tell(new Watch(a));
            w.tell(new Watch(a)); // again: still one watch
            w.tell(new Marker("watching"));
            inbox.expect(new Marker("watching"));
            a.tell("stop");
            inbox.expect(new Signal.Terminated(a));
            w.tell(new Marker("after"));
            inbox.expect(new Marker("after"));
            inbox.expectEmpty();
        }
    }

    @Test
    void watchingAnActorThatAlreadyStoppedDeliversTerminated() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<String> a = idle(r.system, "a");
            a.tell("stop");
            StopRaceTest.awaitNoLiveActors(r.system);
            ActorRef<Object> w = r.system.spawn("w", () -> new Watcher(inbox));
            w.tell(new Watch(a));
            inbox.expect(new Signal.Terminated(a));
            w.tell(new Marker("after"));
            inbox.expect(new Marker("after"));
            inbox.expectEmpty();
        }
    }

    /**
     * The notice is already in the watcher's mailbox when it unwatches (the watcher was busy while the
     * watched actor stopped): it must be dropped. Fails if delivery does not check that the watch still stands.
     */
    @Test
    void unwatchDropsANoticeAlreadyOnItsWay() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<String> a = idle(r.system, "a");
            CountDownLatch busy = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            ActorRef<Object> w = r.system.spawn("w", () -> new Watcher(inbox) {
                @Override
                public Behavior<Object> receive(ActorContext<Object> ctx, Object m) throws Exception {
                    if (m instanceof Unwatch) {
                        busy.countDown();
                        Weft.blocking(() -> release.await(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
                    }
                    return super.receive(ctx, m); // the unwatch: the notice is queued behind this message by now
                }
            });
            w.tell(new Watch(a));
            w.tell(new Unwatch(a));
            Systems.await(busy, "the watcher to block");
            a.tell("stop");
            ActorCell<?> cell = (ActorCell<?>) w;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Systems.WAIT_SECONDS);
            while (!cell.hasMessages()) { // the death notice reached the watcher's queue
                assertTrue(System.nanoTime() < deadline, "the notice never came");
                Thread.sleep(1);
            }
            release.countDown();
            w.tell(new Marker("after"));
            inbox.expect(new Marker("after"));
            inbox.expectEmpty();
        }
    }

    @Test
    void watchWithDeliversTheGivenMessage() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<String> a = idle(r.system, "a");
            ActorRef<Object> w = r.system.spawn("w", () -> (ctx, m) -> {
                if (m instanceof Watch x) {
                    ctx.watchWith(x.ref(), "gone: " + x.ref().path());
                } else {
                    inbox.add(m);
                }
                return Behavior.same();
            });
            w.tell(new Watch(a));
            a.tell("stop");
            inbox.expect("gone: /a");
        }
    }

    /** A watched actor's last messages to its watcher arrive before Terminated. */
    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void terminatedComesAfterTheWatchedActorsLastMessages(Scheduling scheduling) throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, scheduling)) {
            Inbox inbox = new Inbox();
            ActorRef<Object> w = r.system.spawn("w", () -> new Watcher(inbox));
            for (int round = 0; round < 50; round++) {
                int n = 200;
                ActorRef<String> a = r.system.spawn("a" + round, () -> (ctx, m) -> {
                    for (int i = 0; i < n; i++) {
                        w.tell(i);
                    }
                    return Behavior.stopped();
                });
                w.tell(new Watch(a));
                w.tell(new Marker("watching"));
                inbox.expect(new Marker("watching"));
                a.tell("go");
                for (int i = 0; i < n; i++) {
                    inbox.expect(i);
                }
                inbox.expect(new Signal.Terminated(a));
            }
        }
    }

    /** A parent's stop stops its child first: a watcher of both hears of the child, then of the parent. */
    @Test
    void aParentsStopNotifiesTheChildsWatchersFirst() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            Inbox stops = new Inbox();
            AtomicReference<ActorRef<String>> child = new AtomicReference<>();
            CountDownLatch spawned = new CountDownLatch(1);
            ActorRef<String> parent = r.system.spawn("p", () -> Behavior.setup(ctx -> {
                child.set(ctx.spawn("c", () -> new Behavior<String>() {
                    @Override
                    public Behavior<String> receive(ActorContext<String> c, String m) {
                        return this;
                    }

                    @Override
                    public Behavior<String> onSignal(ActorContext<String> c, Signal s) {
                        stops.add("child " + s);
                        return this;
                    }
                }));
                spawned.countDown();
                return new Behavior<String>() {
                    @Override
                    public Behavior<String> receive(ActorContext<String> c, String m) {
                        return this;
                    }

                    @Override
                    public Behavior<String> onSignal(ActorContext<String> c, Signal s) {
                        stops.add("parent " + s);
                        return this;
                    }
                };
            }));
            Systems.await(spawned, "the child");
            ActorRef<Object> w = r.system.spawn("w", () -> new Watcher(inbox));
            w.tell(new Watch(parent));
            w.tell(new Watch(child.get()));
            w.tell(new Marker("watching"));
            inbox.expect(new Marker("watching"));
            r.system.stop(parent);
            inbox.expect(new Signal.Terminated(child.get()));
            inbox.expect(new Signal.Terminated(parent));
            stops.expect("child " + Signal.PostStop.INSTANCE);
            stops.expect("parent " + Signal.PostStop.INSTANCE);
        }
    }

    /**
     * Watches racing with stops, many times, with real threads: each watcher's own handler watches a target
     * while another thread stops it. Every watch gets exactly one Terminated.
     */
    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void watchesRacingWithStopsNotifyExactlyOnce(Scheduling scheduling) throws Exception {
        int rounds = 300;
        int watchersPerTarget = 4;
        try (Systems.Recorded r = Systems.recorded(4, scheduling)) {
            AtomicInteger[] counts = new AtomicInteger[rounds * watchersPerTarget];
            CountDownLatch all = new CountDownLatch(rounds * watchersPerTarget);
            List<ActorRef<Object>> watchers = new ArrayList<>();
            for (int i = 0; i < counts.length; i++) {
                AtomicInteger c = counts[i] = new AtomicInteger();
                watchers.add(r.system.spawn("w" + i, () -> new Behavior<>() {
                    @Override
                    public Behavior<Object> receive(ActorContext<Object> ctx, Object m) {
                        if (m instanceof Watch w) {
                            ctx.watch(w.ref());
                        } else if (m instanceof CountDownLatch flushed) {
                            flushed.countDown();
                        }
                        return this;
                    }

                    @Override
                    public Behavior<Object> onSignal(ActorContext<Object> ctx, Signal s) {
                        if (c.incrementAndGet() == 1) {
                            all.countDown();
                        }
                        return this;
                    }
                }));
            }
            for (int t = 0; t < rounds; t++) {
                ActorRef<String> target = idle(r.system, "t" + t);
                for (int k = 0; k < watchersPerTarget; k++) {
                    watchers.get(t * watchersPerTarget + k).tell(new Watch(target));
                    if (k == watchersPerTarget / 2) {
                        r.system.stop(target); // in the middle of the watches
                    }
                }
            }
            Systems.await(all, "every watcher's Terminated");
            CountDownLatch flushed = new CountDownLatch(watchers.size());
            for (ActorRef<Object> w : watchers) {
                w.tell(flushed);
            }
            Systems.await(flushed, "the watchers to handle everything sent before");
            for (int i = 0; i < counts.length; i++) {
                assertEquals(1, counts[i].get(), "watcher " + i);
            }
            assertTrue(r.failures.isEmpty(), r.failures.toString());
        }
    }

    @Test
    void onlyActorsOfASystemCanBeWatched() throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, Scheduling.ADAPTIVE)) {
            ActorRef<String> foreign = new ActorRef<>() {
                @Override
                public void tell(String message) {
                }

                @Override
                public <R> java.util.concurrent.CompletableFuture<R> ask(
                        java.util.function.Function<ActorRef<R>, ? extends String> request, Duration timeout) {
                    throw new UnsupportedOperationException();
                }

                @Override
                public String path() {
                    return "/elsewhere";
                }
            };
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            r.system.spawn("w", () -> (ctx, m) -> {
                try {
                    ctx.watch(foreign);
                } catch (Throwable t) {
                    thrown.set(t);
                }
                done.countDown();
                return Behavior.same();
            }).tell("go");
            Systems.await(done, "the watch");
            assertTrue(thrown.get() instanceof IllegalArgumentException, String.valueOf(thrown.get()));
            assertTrue(thrown.get().getMessage().contains("/elsewhere"), thrown.get().getMessage());
        }
    }
}
