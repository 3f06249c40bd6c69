package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Asks at volume (PROTOCOL.md, "Asks"): answered from many workers, their completions batched per worker
 * and run by whichever worker takes the batch, with many more workers than cores; bursts with timeouts far
 * too short, where every future still completes, once, with the answer or a TimeoutException.
 */
class AskTest {
    record Req(int n, ActorRef<Integer> replyTo) {
    }

    static Behavior<Req> echo() {
        return (ctx, r) -> {
            r.replyTo().tell(r.n());
            return Behavior.same();
        };
    }

    @ParameterizedTest
    @EnumSource(Scheduling.class)
    void manyAsksFromManyThreadsToManyActorsAreAnsweredOnce(Scheduling scheduling) throws Exception {
        try (Systems.Recorded r = Systems.recorded(8, scheduling)) {
            int actors = 64;
            List<ActorRef<Req>> echoes = new ArrayList<>();
            for (int i = 0; i < actors; i++) {
                echoes.add(r.system.spawn("echo" + i, AskTest::echo));
            }
            // actors that ask too: their asks are answered on workers, completed by the workers' batches
            AtomicInteger wrong = new AtomicInteger();
            List<Thread> threads = new ArrayList<>();
            List<CompletableFuture<?>> all = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < 4; t++) {
                int seed = t;
                threads.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        int n = seed * 1_000_000 + i;
                        all.add(echoes.get(n % actors).<Integer>ask(x -> new Req(n, x),
                                Duration.ofSeconds(Systems.WAIT_SECONDS)).thenAccept(v -> {
                                    if (v != n) {
                                        wrong.incrementAndGet();
                                    }
                                }));
                    }
                }));
            }
            ActorRef<Integer> asker = r.system.spawn("asker", () -> (ctx, k) -> {
                for (int i = 0; i < 1_000; i++) {
                    int n = k * 10_000 + i;
                    all.add(echoes.get(i % actors).<Integer>ask(x -> new Req(n, x),
                            Duration.ofSeconds(Systems.WAIT_SECONDS)).thenAccept(v -> {
                                if (v != n) {
                                    wrong.incrementAndGet();
                                }
                            }));
                }
                return Behavior.same();
            });
            for (int k = 0; k < 10; k++) {
                asker.tell(k);
            }
            for (Thread t : threads) {
                t.join();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Systems.WAIT_SECONDS);
            while (all.size() < 50_000 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(50_000, all.size());
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(Systems.WAIT_SECONDS, TimeUnit.SECONDS);
            assertEquals(0, wrong.get());
            assertEquals(0, r.system.deadLetters(), "no second answer, no late one");
        }
    }

    /** Timeouts far below the time the burst takes: each future completes, once, one way or the other. */
    @Test
    void aBurstWithTooShortTimeoutsCompletesEveryFuture() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            ActorRef<Req> echo = r.system.spawn("echo", AskTest::echo);
            int n = 50_000;
            List<CompletableFuture<Integer>> fs = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int k = i;
                fs.add(echo.ask(x -> new Req(k, x), Duration.ofNanos(1 + (i % 3) * 500_000)));
            }
            int answered = 0;
            int timedOut = 0;
            for (int i = 0; i < n; i++) {
                try {
                    assertEquals(i, fs.get(i).get(Systems.WAIT_SECONDS, TimeUnit.SECONDS));
                    answered++;
                } catch (ExecutionException e) {
                    assertInstanceOf(TimeoutException.class, e.getCause());
                    timedOut++;
                }
            }
            assertEquals(n, answered + timedOut);
            // every request is handled; the answers to timed-out asks are dead letters
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Systems.WAIT_SECONDS);
            while (r.system.deadLetters() < timedOut && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(timedOut, r.system.deadLetters());
        }
    }

    @Test
    void aTimeoutSaysWhoDidNotAnswerAndCarriesNoTimerStack() throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, Scheduling.ADAPTIVE)) {
            ActorRef<Req> silent = r.system.spawn("silent", () -> (c, m) -> Behavior.same());
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> silent.<Integer>ask(x -> new Req(1, x), Duration.ofMillis(5)).get());
            TimeoutException t = assertInstanceOf(TimeoutException.class, e.getCause());
            assertEquals("no reply from /silent within PT0.005S", t.getMessage());
            assertEquals(0, t.getStackTrace().length);
            assertTrue(r.failures.isEmpty());
        }
    }
}
