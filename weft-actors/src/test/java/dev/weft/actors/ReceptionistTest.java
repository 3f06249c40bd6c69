package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The receptionist: register, find, subscribe in order, and no stopped actor left registered. */
class ReceptionistTest {
    static final ServiceKey<String> KEY = ServiceKey.of(String.class, "echo");

    @Test
    void registerFindSubscribeAndLeaveOnStop() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Receptionist rec = r.system.receptionist();
            Inbox inbox = new Inbox();
            ActorRef<Receptionist.Listing<String>> subscriber = r.system.spawn("sub", () -> (c, l) -> {
                inbox.add(l.refs());
                return Behavior.same();
            });
            rec.subscribe(KEY, subscriber);
            inbox.expect(Set.of());
            ActorRef<String> a = r.system.spawn("a", () -> (c, m) -> Behavior.same());
            ActorRef<String> b = r.system.spawn("b", () -> (c, m) -> Behavior.same());
            rec.register(KEY, a);
            rec.register(KEY, a); // again: no change, no listing
            rec.register(KEY, b);
            inbox.expect(Set.of(a));
            inbox.expect(Set.of(a, b));
            assertEquals(List.of(a, b), new ArrayList<>(rec.find(KEY)), "in registration order");
            r.system.stop(a);
            inbox.expect(Set.of(b));
            rec.deregister(KEY, b);
            inbox.expect(Set.of());
            assertEquals(Set.of(), rec.find(KEY));
            assertEquals(Set.of(), rec.find(ServiceKey.of(String.class, "other")));
            rec.unsubscribe(KEY, subscriber);
            rec.register(KEY, b);
            assertEquals(Set.of(b), rec.find(KEY));
            subscriber.tell(new Receptionist.Listing<>(KEY, Set.of())); // a marker: no listing came before it
            inbox.expect(Set.of());
            inbox.expectEmpty();
        }
    }

    /** Registrations racing with stops: no stopped actor stays registered. */
    @Test
    void registrationsRacingWithStopsLeaveNoStoppedActor() throws Exception {
        try (Systems.Recorded r = Systems.recorded(4, Scheduling.ADAPTIVE)) {
            Receptionist rec = r.system.receptionist();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int id = t;
                threads.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < 3_000; i++) {
                        ActorRef<String> a = r.system.spawn("a" + id + "-" + i, () -> (c, m) -> Behavior.same());
                        if (i % 2 == 0) {
                            r.system.stop(a);
                            rec.register(KEY, a);
                        } else {
                            rec.register(KEY, a);
                            r.system.stop(a);
                        }
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(Set.of(), rec.find(KEY));
        }
    }

    @Test
    void onlyActorsRegister() throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, Scheduling.ADAPTIVE)) {
            ActorRef<String> a = r.system.spawn("a", () -> (c, m) -> Behavior.same());
            ActorRef<String> foreign = new ActorRef<>() {
                @Override
                public void tell(String message) {
                }

                @Override
                public <R> java.util.concurrent.CompletableFuture<R> ask(
                        java.util.function.Function<ActorRef<R>, ? extends String> request, java.time.Duration t) {
                    throw new UnsupportedOperationException();
                }

                @Override
                public String path() {
                    return "/elsewhere";
                }
            };
            assertTrue(assertThrows(IllegalArgumentException.class,
                    () -> r.system.receptionist().register(KEY, foreign)).getMessage().contains("/elsewhere"));
            assertThrows(NullPointerException.class, () -> r.system.receptionist().register(null, a));
            assertEquals("ServiceKey[echo: java.lang.String]", KEY.toString());
        }
    }
}
