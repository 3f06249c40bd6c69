package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Many actors per worker, many more workers than cores, outside senders and actor-to-actor traffic with
 * random delays: every message is handled exactly once, each sender's messages to one actor arrive in send
 * order, no actor ever runs two handlers at once, and each actor's plain (non-volatile) state is seen
 * whole by its next message whichever worker runs it.
 */
class OrderingStressTest {
    /** A message: who sent it (an actor index, or ACTORS + thread index), its sequence number from that
     * sender to this receiver, and how many more hops its chain makes. */
    record Msg(int from, long seq, int hops) {
    }

    static List<Arguments> configs() {
        List<Arguments> out = new ArrayList<>();
        for (Scheduling s : Systems.ALL) {
            out.add(Arguments.of(s, 1));
            out.add(Arguments.of(s, 8));
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("configs")
    void everyMessageOnceInSenderOrderOneAtATime(Scheduling scheduling, int parallelism) throws Exception {
        int actors = 64 * Math.max(parallelism, 2); // 64+ actors per worker
        int threads = 4;
        int perThread = 5_000;
        int hops = 20;
        long chains = (long) threads * perThread;
        try (Systems.Recorded r = Systems.recorded(parallelism, scheduling, 16)) {
            ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
            LongAdder handled = new LongAdder();
            CountDownLatch ended = new CountDownLatch((int) chains);
            @SuppressWarnings("unchecked")
            ActorRef<Msg>[] refs = new ActorRef[actors];
            int senders = actors + threads;
            for (int i = 0; i < actors; i++) {
                int me = i;
                refs[i] = r.system.spawn("n" + i, () -> new Behavior<>() {
                    // Plain fields, confined to the actor: the mailbox protocol makes them visible from one
                    // message to the next, whichever worker runs it.
                    final long[] lastFrom = new long[senders];
                    final long[] nextTo = new long[actors];
                    final SplittableRandom random = new SplittableRandom(me);
                    final AtomicInteger inside = new AtomicInteger();
                    long count;

                    @Override
                    public Behavior<Msg> receive(ActorContext<Msg> ctx, Msg m) {
                        if (inside.incrementAndGet() != 1) {
                            violations.add("two handlers at once in " + ctx.self().path());
                        }
                        if (m.seq() != lastFrom[m.from()] + 1) {
                            violations.add(ctx.self().path() + " got seq " + m.seq() + " from " + m.from()
                                    + " after " + lastFrom[m.from()]);
                        }
                        lastFrom[m.from()] = m.seq();
                        count++;
                        handled.increment();
                        int d = random.nextInt(256);
                        if (d == 0) {
                            Thread.yield();
                        } else if (d < 8) {
                            long until = System.nanoTime() + 2_000;
                            while (System.nanoTime() < until) {
                                Thread.onSpinWait();
                            }
                        }
                        inside.decrementAndGet();
                        if (m.hops() == 0) {
                            ended.countDown();
                        } else {
                            int to = random.nextInt(actors);
                            refs[to].tell(new Msg(me, ++nextTo[to], m.hops() - 1));
                        }
                        return this;
                    }
                });
            }
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int from = actors + t;
                ts.add(Thread.ofPlatform().start(() -> {
                    SplittableRandom random = new SplittableRandom(from);
                    long[] nextTo = new long[actors];
                    for (int k = 0; k < perThread; k++) {
                        int to = random.nextInt(actors);
                        refs[to].tell(new Msg(from, ++nextTo[to], hops));
                        if ((k & 127) == 0) {
                            Thread.yield();
                        }
                    }
                }));
            }
            for (Thread t : ts) {
                t.join();
            }
            Systems.await(ended, "every chain's last hop");
            assertEquals(List.of(), List.copyOf(violations));
            assertEquals(chains * (hops + 1), handled.sum(), "each message handled exactly once");
            assertTrue(r.failures.isEmpty() && r.deadLetters.isEmpty(), r.failures + " " + r.deadLetters);
        }
    }

    /**
     * One sender flooding one fast receiver, which keeps going idle and being woken: each send races with
     * the receiver's going idle. A message that finds the receiver idle must not overtake the sender's
     * previous one, still queued (the fast path checks the mailbox is empty).
     */
    @ParameterizedTest
    @MethodSource("configs")
    void aHotPairKeepsSendOrder(Scheduling scheduling, int parallelism) throws Exception {
        int n = 400_000;
        try (Systems.Recorded r = Systems.recorded(parallelism, scheduling)) {
            CountDownLatch done = new CountDownLatch(2);
            ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
            Behavior<Integer> receiver = new Behavior<>() {
                int last;

                @Override
                public Behavior<Integer> receive(ActorContext<Integer> ctx, Integer m) {
                    if (m != last + 1) {
                        violations.add(ctx.self().path() + ": " + m + " after " + last);
                    }
                    last = m;
                    if (m == n) {
                        done.countDown();
                    }
                    return this;
                }
            };
            ActorRef<Integer> fromOutside = r.system.spawn("from-outside", () -> receiver);
            ActorRef<Integer> fromActor = r.system.spawn("from-actor", () -> new Behavior<Integer>() {
                int last;

                @Override
                public Behavior<Integer> receive(ActorContext<Integer> ctx, Integer m) {
                    if (m != last + 1) {
                        violations.add(ctx.self().path() + ": " + m + " after " + last);
                    }
                    last = m;
                    if (m == n) {
                        done.countDown();
                    }
                    return this;
                }
            });
            // A worker-side sender: it sends a burst per tick, then ticks itself (so bursts alternate with
            // the receiver's activations on the same and on other workers).
            ActorRef<Integer> sender = r.system.spawn("sender", () -> new Behavior<Integer>() {
                int next = 1;

                @Override
                public Behavior<Integer> receive(ActorContext<Integer> ctx, Integer burst) {
                    for (int i = 0; i < burst && next <= n; i++) {
                        fromActor.tell(next++);
                    }
                    if (next <= n) {
                        ctx.self().tell(1 + (next % 7));
                    }
                    return this;
                }
            });
            sender.tell(1);
            for (int i = 1; i <= n; i++) {
                fromOutside.tell(i);
            }
            Systems.await(done, "the last message of each pair");
            assertEquals(List.of(), List.copyOf(violations).subList(0, Math.min(5, violations.size())));
        }
    }
}
