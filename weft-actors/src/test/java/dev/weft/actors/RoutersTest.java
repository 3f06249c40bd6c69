package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Pool and group routers with each routing logic. */
class RoutersTest {
    record Job(int n, String key) {
    }

    /** Routees count what they get per routee path, and count down a latch per job. */
    static final class Tally {
        final ConcurrentHashMap<String, AtomicInteger> perRoutee = new ConcurrentHashMap<>();
        final ConcurrentHashMap<String, String> keyToRoutee = new ConcurrentHashMap<>();
        final AtomicInteger inconsistent = new AtomicInteger();
        volatile CountDownLatch jobs = new CountDownLatch(0);

        Behavior<Job> routee() {
            return (ctx, j) -> {
                String me = ctx.self().path();
                perRoutee.computeIfAbsent(me, k -> new AtomicInteger()).incrementAndGet();
                String before = keyToRoutee.putIfAbsent(j.key(), me);
                if (before != null && !before.equals(me)) {
                    inconsistent.incrementAndGet();
                }
                if (j.n() < 0) {
                    return Behavior.stopped();
                }
                jobs.countDown();
                return Behavior.same();
            };
        }
    }

    static void send(ActorRef<Job> router, Tally t, int n, int keys) throws InterruptedException {
        t.jobs = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            router.tell(new Job(i, "k" + (i % keys)));
        }
        Systems.await(t.jobs, "the jobs");
    }

    @Test
    void aRoundRobinPoolSpreadsEvenly() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Tally t = new Tally();
            ActorRef<Job> pool = r.system.spawn("pool", () -> Routers.pool(4, t::routee));
            send(pool, t, 400, 400);
            assertEquals(4, t.perRoutee.size());
            for (Map.Entry<String, AtomicInteger> e : t.perRoutee.entrySet()) {
                assertTrue(e.getKey().startsWith("/pool/$"), e.getKey());
                assertEquals(100, e.getValue().get(), e.getKey());
            }
            assertEquals(5, r.system.liveActors(), "the router and its four routees");
        }
    }

    @Test
    void aRandomPoolReachesEveryRoutee() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Tally t = new Tally();
            ActorRef<Job> pool = r.system.spawn("pool", () -> Routers.pool(4, t::routee).withRandomRouting());
            send(pool, t, 2_000, 2_000);
            assertEquals(4, t.perRoutee.size(), "each of 4 routees missed by 2,000 random picks: odds 4 * 0.75^2000");
        }
    }

    @Test
    void consistentHashingKeepsAKeyOnOneRouteeAndMovesOnlyTheLeaversKeys() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Tally t = new Tally();
            ActorRef<Job> pool = r.system.spawn("pool",
                    () -> Routers.pool(5, t::routee).withConsistentHashingRouting(16, Job::key));
            send(pool, t, 1_000, 50);
            assertEquals(0, t.inconsistent.get(), "each key on one routee");
            assertTrue(t.perRoutee.size() >= 3, "50 keys spread: " + t.perRoutee.keySet());
            Map<String, String> before = new HashMap<>(t.keyToRoutee);
            // stop the routee of k0 (a job with n < 0 stops the routee that gets it) and route again
            String leaver = before.get("k0");
            pool.tell(new Job(-1, "k0"));
            StopRaceTest.awaitNoLiveActorsBut(r.system, 5);
            t.keyToRoutee.clear();
            send(pool, t, 1_000, 50);
            assertEquals(0, t.inconsistent.get());
            for (Map.Entry<String, String> e : before.entrySet()) {
                if (!e.getValue().equals(leaver)) {
                    assertEquals(e.getValue(), t.keyToRoutee.get(e.getKey()), "key " + e.getKey() + " moved");
                } else {
                    assertTrue(!t.keyToRoutee.get(e.getKey()).equals(leaver), "the leaver's key moved");
                }
            }
        }
    }

    @Test
    void aPoolStopsWhenItsLastRouteeStopsAndRestartsFailingRoutees() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicInteger made = new AtomicInteger();
            ActorRef<String> pool = r.system.spawn("pool", () -> Routers.pool(2, () -> {
                made.incrementAndGet();
                return (c, m) -> switch (m) {
                    case "boom" -> throw new IllegalStateException("boom");
                    case "stop" -> Behavior.stopped();
                    default -> Behavior.same();
                };
            }));
            pool.tell("boom"); // the default routee supervision restarts it
            pool.tell("x");
            long deadline = System.nanoTime() + Systems.WAIT_SECONDS * 1_000_000_000L;
            while (made.get() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(3, made.get());
            assertEquals(3, r.system.liveActors());
            pool.tell("stop");
            pool.tell("stop");
            StopRaceTest.awaitNoLiveActors(r.system);
            assertTrue(r.failures.isEmpty(), r.failures.toString());
        }
    }

    static final ServiceKey<Job> WORKERS = ServiceKey.of(Job.class, "workers");

    @Test
    void aGroupRoutesToWhatTheReceptionistLists() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Tally t = new Tally();
            ActorRef<Job> group = r.system.spawn("group", () -> Routers.group(WORKERS));
            group.tell(new Job(0, "nobody")); // no routee yet: a dead letter
            long deadline = System.nanoTime() + Systems.WAIT_SECONDS * 1_000_000_000L;
            while (r.system.deadLetters() < 1 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(1, r.system.deadLetters());
            for (int i = 0; i < 3; i++) {
                r.system.receptionist().register(WORKERS, r.system.spawn("w" + i, t::routee));
            }
            // the listing reaches the router as a message, after the registrations: route once it has all three
            deadline = System.nanoTime() + Systems.WAIT_SECONDS * 1_000_000_000L;
            while (t.perRoutee.size() < 3 && System.nanoTime() < deadline) {
                send(group, t, 30, 30);
            }
            assertEquals(3, t.perRoutee.size());
            assertThrows(IllegalStateException.class, () -> Routers.group(WORKERS).withRouteeProps(Props.create()));
            assertThrows(IllegalArgumentException.class, () -> Routers.pool(0, t::routee));
        }
    }
}
