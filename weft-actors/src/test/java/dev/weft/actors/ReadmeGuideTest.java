package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The examples of weft-actors/README.md, as written there (each between the markers {@code // README:}
 * and {@code // end}), run and checked, so that the guide keeps compiling and doing what it says.
 */
class ReadmeGuideTest {
    // README: death watch
    record Work(String name, ActorRef<String> report) {
    }

    static final class Foreman implements Behavior<Work> {
        private ActorRef<String> report;

        @Override
        public Behavior<Work> receive(ActorContext<Work> ctx, Work w) {
            report = w.report();
            ActorRef<String> worker = ctx.spawn(w.name(), () -> (c, job) -> Behavior.stopped()); // one job, then stop
            ctx.watch(worker);
            worker.tell("dig");
            return this;
        }

        @Override
        public Behavior<Work> onSignal(ActorContext<Work> ctx, Signal signal) {
            if (signal instanceof Signal.Terminated t) {
                report.tell(t.ref().path() + " finished");
            }
            return this;
        }
    }
    // end

    @Test
    void deathWatch() throws Exception {
        try (ActorSystem system = ActorSystem.create()) {
            ActorRef<Work> foreman = system.spawn("foreman", Foreman::new);
            String done = foreman.<String>ask(r -> new Work("digger", r), Duration.ofSeconds(Systems.WAIT_SECONDS))
                    .get();
            assertEquals("/foreman/digger finished", done);
        }
    }

    // README: timers
    record Tick() {
    }

    record Count(ActorRef<Integer> replyTo) {
    }

    static Behavior<Object> heartbeat() {
        return Behavior.setup(ctx -> {
            ctx.timers().startTimerAtFixedRate("beat", new Tick(), Duration.ofMillis(10));
            int[] beats = {0};
            return (c, m) -> {
                switch (m) {
                    case Tick t -> {
                        if (++beats[0] == 5) {
                            c.timers().cancel("beat"); // no Tick is handled after this, even one already sent
                        }
                    }
                    case Count q -> q.replyTo().tell(beats[0]);
                    default -> throw new IllegalArgumentException("unknown " + m);
                }
                return Behavior.same();
            };
        });
    }
    // end

    @Test
    void timers() throws Exception {
        try (ActorSystem system = ActorSystem.create()) {
            ActorRef<Object> hb = system.spawn("heartbeat", ReadmeGuideTest::heartbeat);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Systems.WAIT_SECONDS);
            int beats;
            do {
                beats = hb.<Integer>ask(Count::new, Duration.ofSeconds(Systems.WAIT_SECONDS)).get();
            } while (beats < 5 && System.nanoTime() < deadline);
            Thread.sleep(50);
            assertEquals(5, (int) hb.<Integer>ask(Count::new, Duration.ofSeconds(Systems.WAIT_SECONDS)).get());
        }
    }

    // README: supervision
    static Props flakyConnection() {
        return Props.create().withSupervision(Supervision
                .restartWithBackoff(Duration.ofMillis(10), Duration.ofSeconds(5), 0.2) // 10 ms, 20 ms, 40 ms ...
                .withLimit(5, Duration.ofMinutes(1))); // the sixth failure in a minute stops it
    }

    static Supervision byFailure() {
        return Supervision.deciding(failure -> failure instanceof IllegalArgumentException
                ? Supervision.RESUME // a bad message: skip it
                : Supervision.RESTART.withLimit(3, Duration.ofSeconds(10)));
    }
    // end

    @Test
    void supervision() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            ConcurrentLinkedQueue<String> starts = new ConcurrentLinkedQueue<>();
            ActorRef<String> conn = r.system.spawn("conn", () -> {
                starts.add("start");
                return (c, m) -> {
                    throw new IllegalStateException("connection lost");
                };
            }, flakyConnection());
            for (int i = 0; i < 6; i++) {
                conn.tell("send");
            }
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(6, starts.size(), "the first start and five restarts");
            java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
            ActorRef<Object> parser = r.system.spawn("parser", () -> {
                made.incrementAndGet();
                return new Behavior<>() {
                    int parsed;

                    @Override
                    public Behavior<Object> receive(ActorContext<Object> c, Object m) {
                        if (m instanceof Count q) {
                            q.replyTo().tell(parsed);
                        } else if ((Integer) m < 0) {
                            throw new IllegalArgumentException("negative");
                        } else if ((Integer) m == 0) {
                            throw new IllegalStateException("zero");
                        } else {
                            parsed++;
                        }
                        return this;
                    }
                };
            }, byFailure());
            parser.tell(1);
            parser.tell(-1);
            parser.tell(2);
            Duration wait = Duration.ofSeconds(Systems.WAIT_SECONDS);
            assertEquals(2, (int) parser.<Integer>ask(Count::new, wait).get(), "resumed: the state is kept");
            assertEquals(1, made.get());
            parser.tell(0);
            assertEquals(0, (int) parser.<Integer>ask(Count::new, wait).get(), "restarted: a fresh behaviour");
            assertEquals(2, made.get());
        }
    }

    // README: stash
    record Open() {
    }

    static final class Door implements Behavior<Object> {
        private final List<Object> entered;
        private boolean open;

        Door(List<Object> entered) {
            this.entered = entered;
        }

        @Override
        public Behavior<Object> receive(ActorContext<Object> ctx, Object m) {
            if (m instanceof Open) {
                open = true;
                ctx.unstashAll(); // handled next, in the order they came, before newer messages
            } else if (open) {
                entered.add(m);
            } else {
                ctx.stash(m); // at most Props.withStashCapacity(...) messages; 1,000 by default
            }
            return this;
        }
    }
    // end

    @Test
    void stash() throws Exception {
        try (ActorSystem system = ActorSystem.create()) {
            List<Object> entered = java.util.Collections.synchronizedList(new ArrayList<>());
            ActorRef<Object> door = system.spawn("door", () -> new Door(entered));
            door.tell("ann");
            door.tell("bob");
            door.tell(new Open());
            door.tell("cid");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Systems.WAIT_SECONDS);
            while (entered.size() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(List.of("ann", "bob", "cid"), List.copyOf(entered));
        }
    }

    // README: routers and the receptionist
    record Job(int n, ActorRef<Integer> replyTo) {
    }

    static final ServiceKey<Job> SQUARERS = ServiceKey.of(Job.class, "squarers");

    static Behavior<Job> squarer() {
        return (ctx, job) -> {
            job.replyTo().tell(job.n() * job.n());
            return Behavior.same();
        };
    }

    static List<ActorRef<Job>> routers(ActorSystem system) {
        // a pool: four children, round-robin (or .withRandomRouting(), .withConsistentHashingRouting(...))
        ActorRef<Job> pool = system.spawn("squarers", () -> Routers.pool(4, () -> squarer()));
        // a group: whatever the receptionist lists under the key
        system.receptionist().register(SQUARERS, system.spawn("extra-squarer", () -> squarer()));
        ActorRef<Job> group = system.spawn("squarer-group", () -> Routers.group(SQUARERS));
        return List.of(pool, group);
    }
    // end

    @Test
    void routersAndReceptionist() throws Exception {
        try (ActorSystem system = ActorSystem.create()) {
            Duration wait = Duration.ofSeconds(Systems.WAIT_SECONDS);
            for (ActorRef<Job> router : routers(system)) {
                for (int i = 0; i < 8; i++) { // twice round the pool
                    int n = i;
                    assertEquals(n * n, (int) router.<Integer>ask(r -> new Job(n, r), wait).get());
                }
            }
            assertEquals(1, system.receptionist().find(SQUARERS).size());
        }
    }

    // README: pipeToSelf
    record Fetch(String url) {
    }

    record Fetched(String url, String body) {
    }

    record FetchFailed(String url, Throwable cause) {
    }

    static Behavior<Object> fetcher(Function<String, CompletableFuture<String>> http, ActorRef<Object> results) {
        return (ctx, m) -> {
            switch (m) {
                case Fetch f -> ctx.pipeToSelf(http.apply(f.url()), (body, failure) -> failure == null
                        ? new Fetched(f.url(), body) : new FetchFailed(f.url(), failure));
                case Fetched f -> results.tell(f); // back in the actor: its state is safe to touch here
                case FetchFailed f -> results.tell(f);
                default -> throw new IllegalArgumentException("unknown " + m);
            }
            return Behavior.same();
        };
    }
    // end

    @Test
    void pipeToSelf() throws Exception {
        try (ActorSystem system = ActorSystem.create()) {
            ConcurrentLinkedQueue<Object> got = new ConcurrentLinkedQueue<>();
            ActorRef<Object> results = system.spawn("results", () -> (c, m) -> {
                got.add(m);
                return Behavior.same();
            });
            ActorRef<Object> f = system.spawn("fetcher", () -> fetcher(
                    url -> CompletableFuture.supplyAsync(() -> "<html>" + url, system.pool()), results));
            f.tell(new Fetch("a"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Systems.WAIT_SECONDS);
            while (got.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(new Fetched("a", "<html>a"), got.peek());
        }
    }

    // README: bounded mailboxes and dead letters
    static ActorSystem quietSystem() {
        return ActorSystem.builder()
                .logDeadLetters(3, Duration.ofMinutes(1)) // default: 10 per 5 minutes; 0 turns the log off
                .onDeadLetter((to, message) -> { /* every one, e.g. to a metric */ })
                .build();
    }

    static ActorRef<Double> meter(ActorSystem system) {
        return system.spawn("meter", () -> (ctx, sample) -> Behavior.same(),
                Props.create().withMailbox(10_000, Overflow.DROP_OLDEST)); // or DROP_NEWEST, or FAIL the sender
    }
    // end

    @Test
    void boundedAndDeadLetters() throws Exception {
        try (ActorSystem system = quietSystem()) {
            ActorRef<Double> m = meter(system);
            m.tell(1.0);
            system.stop(m);
            StopRaceTest.awaitNoLiveActors(system);
            long before = system.deadLetters();
            m.tell(2.0);
            assertEquals(before + 1, system.deadLetters());
        }
    }
}
