package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Actors that keep their worker busy with local traffic — sending themselves messages, ping-ponging, passing
 * a token around a ring — must not starve outside submissions or other actors (akka #17341: Akka's
 * fork-on-send of 2014 starved exactly these shapes and was reverted, PR #17405). Each test checks
 * behaviour, with a generous deadline, never timing; each runs every time.
 */
class FairnessTest {
    record Ping(int n, ActorRef<Integer> replyTo) {
    }

    private static final Duration ANSWER = Duration.ofSeconds(Systems.WAIT_SECONDS);

    /** An actor that sends itself a tick for every tick until stopped, counting them. */
    static Behavior<String> selfLooper(AtomicLong ticks) {
        return (ctx, m) -> {
            ticks.incrementAndGet();
            ctx.self().tell("tick");
            return Behavior.same();
        };
    }

    static ActorRef<Ping> echo(ActorSystem system) {
        return system.spawn("echo", () -> (ctx, p) -> {
            p.replyTo().tell(p.n());
            return Behavior.same();
        });
    }

    /** Sends {@code n} pings one after the other from this (outside) thread; each must be answered. */
    static void pingFromOutside(ActorRef<Ping> echo, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            int k = i;
            int answer = echo.<Integer>ask(r -> new Ping(k, r), ANSWER).get(ANSWER.toSeconds(), TimeUnit.SECONDS);
            assertEquals(i, answer);
        }
    }

    static List<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (Scheduling s : Systems.ALL) {
            for (int p : new int[] {1, 2}) {
                out.add(Arguments.of(s, p));
            }
        }
        return out;
    }

    /** Outside messages get in beside busy actors: parallelism 2, two self-loopers, 1,000 outside pings to a third actor. */
    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void twoSelfLoopersDoNotStarveOutsidePings(Scheduling scheduling) throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, scheduling)) {
            AtomicLong ticks = new AtomicLong();
            r.system.spawn("loop-1", () -> selfLooper(ticks)).tell("tick");
            r.system.spawn("loop-2", () -> selfLooper(ticks)).tell("tick");
            pingFromOutside(echo(r.system), 1_000);
            assertTrue(ticks.get() > 0, "the loopers ran too");
            assertTrue(r.failures.isEmpty(), r.failures.toString());
        }
    }

    /** More self-loopers than workers (N+1): a new actor still receives its message. */
    @ParameterizedTest
    @MethodSource("shapes")
    void selfLoopersOnEveryWorkerDoNotStarveANewActor(Scheduling scheduling, int parallelism) throws Exception {
        for (int loopers : new int[] {parallelism, parallelism + 1}) {
            try (Systems.Recorded r = Systems.recorded(parallelism, scheduling)) {
                AtomicLong ticks = new AtomicLong();
                for (int i = 0; i < loopers; i++) {
                    r.system.spawn("loop-" + i, () -> selfLooper(ticks)).tell("tick");
                }
                while (ticks.get() < 10_000) {
                    Thread.onSpinWait(); // every worker is busy looping
                }
                CountDownLatch got = new CountDownLatch(1);
                r.system.spawn("newcomer", () -> (ctx, m) -> {
                    got.countDown();
                    return Behavior.same();
                }).tell("hello");
                Systems.await(got, "the newcomer's message with " + loopers + " loopers");
            }
        }
    }

    /** A looper that spawns and messages a newcomer from inside (a send from a busy worker). */
    @ParameterizedTest
    @MethodSource("shapes")
    void aNewcomerMessagedFromInsideALoopRuns(Scheduling scheduling, int parallelism) throws Exception {
        try (Systems.Recorded r = Systems.recorded(parallelism, scheduling)) {
            AtomicLong ticks = new AtomicLong();
            CountDownLatch got = new CountDownLatch(1);
            for (int i = 0; i < parallelism; i++) {
                int id = i;
                r.system.spawn("loop-" + i, () -> (ctx, m) -> {
                    if (ticks.incrementAndGet() == 20_000 && id >= 0) {
                        ctx.spawn("newcomer", () -> (c, x) -> {
                            got.countDown();
                            return Behavior.same();
                        }).tell("hello");
                    }
                    ctx.self().tell("tick");
                    return Behavior.same();
                }).tell("tick");
            }
            Systems.await(got, "the newcomer's message");
        }
    }

    /** Pairs that ping-pong forever (a chain of forks on one worker) and outside pings. */
    @ParameterizedTest
    @MethodSource("shapes")
    void pingPongPairsDoNotStarveOutsidePings(Scheduling scheduling, int parallelism) throws Exception {
        try (Systems.Recorded r = Systems.recorded(parallelism, scheduling)) {
            AtomicLong hops = new AtomicLong();
            record Ball(ActorRef<Ball> other) {
            }
            for (int i = 0; i < parallelism + 1; i++) {
                Behavior<Ball> player = (ctx, b) -> {
                    hops.incrementAndGet();
                    b.other().tell(new Ball(ctx.self()));
                    return Behavior.same();
                };
                ActorRef<Ball> a = r.system.spawn("a" + i, () -> player);
                ActorRef<Ball> b = r.system.spawn("b" + i, () -> player);
                a.tell(new Ball(b));
            }
            pingFromOutside(echo(r.system), 300);
            assertTrue(hops.get() > 0);
        }
    }

    /**
     * A token passed around a ring of many actors: no single actor runs often, so only a bound per worker
     * (not per actor) makes the chain yield. The ring also checks that the nesting of forked activations on
     * a worker's stack stays bounded: half a million hops on one worker would otherwise overflow it.
     */
    @ParameterizedTest
    @MethodSource("shapes")
    void aTokenRingDoesNotStarveOutsidePingsNorOverflowTheStack(Scheduling scheduling, int parallelism)
            throws Exception {
        try (Systems.Recorded r = Systems.recorded(parallelism, scheduling)) {
            int size = 5_000;
            AtomicLong hops = new AtomicLong();
            CountDownLatch lapped = new CountDownLatch(100);
            List<ActorRef<Integer>> ring = new ArrayList<>();
            @SuppressWarnings("unchecked")
            ActorRef<Integer>[] next = new ActorRef[size];
            for (int i = 0; i < size; i++) {
                int me = i;
                ring.add(r.system.spawn("r" + i, () -> (ctx, token) -> {
                    hops.incrementAndGet();
                    if (me == 0) {
                        lapped.countDown();
                    }
                    next[me].tell(token + 1);
                    return Behavior.same();
                }));
            }
            for (int i = 0; i < size; i++) {
                next[i] = ring.get((i + 1) % size);
            }
            ring.get(0).tell(0);
            pingFromOutside(echo(r.system), 200);
            Systems.await(lapped, "100 laps of the ring (500,000 hops)");
            assertTrue(r.failures.isEmpty(), "no StackOverflowError or other failure: " + r.failures);
        }
    }

    /** Self-loopers and a worker-side sender: pings sent by an actor (not from outside) are answered too. */
    @Test
    void pingsFromAnActorAreAnsweredDespiteLoopers() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            AtomicLong ticks = new AtomicLong();
            for (int i = 0; i < 3; i++) {
                r.system.spawn("loop-" + i, () -> selfLooper(ticks)).tell("tick");
            }
            ActorRef<Ping> echo = echo(r.system);
            CountDownLatch done = new CountDownLatch(1);
            ActorRef<Integer> pinger = r.system.spawn("pinger", () -> (ctx, n) -> {
                if (n == 1_000) {
                    done.countDown();
                    return Behavior.stopped();
                }
                echo.tell(new Ping(n + 1, ctx.self()));
                return Behavior.same();
            });
            pinger.tell(0);
            Systems.await(done, "1,000 pings sent and answered between actors");
        }
    }

    /** weft-core's chain bound ({@code WeftPool.spawn}) at the default worker stack size. */
    private static final int CHAIN = 1024;

    /**
     * The chain bound counts messages, not activations (PROTOCOL.md, "Chain"): an actor with a backlog at
     * one worker lets the inbox in after at most about {@link #CHAIN} messages plus a batch, not after
     * {@code CHAIN} batches (weft-core's bound on spawn starts, which activations charge with their messages). The looper submits a task itself and counts how many of its own messages
     * run before the task does: its activations are all that runs, so the count shows the bound exactly,
     * whatever the machine's load. Counting activations instead (64 messages each) lets about 65,000 by.
     */
    @ParameterizedTest
    @EnumSource(value = Scheduling.class, names = {"ADAPTIVE", "FORK_ON_SEND"})
    void aBackloggedActorLetsTheInboxInAfterAChainOfMessages(Scheduling scheduling) throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, scheduling, 64)) {
            int samples = 20;
            long[] overtaken = new long[samples];
            CountDownLatch sampled = new CountDownLatch(samples);
            ActorRef<Integer> looper = r.system.spawn("looper", () -> new Behavior<>() {
                long handled;
                int next;
                final boolean[] pending = {false};

                @Override
                public Behavior<Integer> receive(ActorContext<Integer> ctx, Integer m) {
                    handled++;
                    if (m == 0) { // keep a backlog: 64 messages queued at all times
                        for (int i = 0; i < 64; i++) {
                            ctx.self().tell(1);
                        }
                    } else {
                        ctx.self().tell(1);
                    }
                    if (!pending[0] && next < samples && handled % 5_000 == 0) {
                        pending[0] = true;
                        long at = handled;
                        int k = next++;
                        ctx.system().pool().execute(() -> {
                            overtaken[k] = handled - at; // plain read: this runs between the looper's activations
                            pending[0] = false;
                            sampled.countDown();
                        });
                    }
                    return this;
                }
            });
            looper.tell(0);
            Systems.await(sampled, "the inbox tasks");
            long worst = 0;
            for (long o : overtaken) {
                worst = Math.max(worst, o);
            }
            long bound = 3L * (CHAIN + 64);
            assertTrue(worst <= bound, "the looper handled " + worst + " messages before an inbox task ran (bound "
                    + bound + ")");
            r.system.stop(looper);
        }
    }
}
