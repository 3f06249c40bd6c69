package dev.weft.bench.actors;

import dev.weft.actors.ActorRef;
import dev.weft.actors.ActorSystem;
import dev.weft.actors.Behavior;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.Props;
import org.apache.pekko.pattern.Patterns;

/**
 * Asks in bursts: one outside thread issues {@code asks} asks, without waiting, to one echo
 * actor with a short timeout; then waits for all. Reports the time to issue them, the time until all were
 * answered or timed out, and the share that timed out, for Weft actors and Pekko in the same JVM, in turn.
 * A timeout is a failure of the program the issue describes, not a benchmark detail: the echo answers at
 * once, so an ask times out only if the runtime is too slow to get the request through in time.
 *
 * <pre>
 * java -cp ... dev.weft.bench.actors.AskBurst [workers=2] [asks=100000] [timeoutMs=2] [rounds=5]
 * </pre>
 */
public final class AskBurst {
    private AskBurst() {
    }

    record Req(int n, ActorRef<Integer> replyTo) {
    }

    record PekkoReq(int n, org.apache.pekko.actor.ActorRef replyTo) {
    }

    static final class PekkoEcho extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().match(PekkoReq.class, r -> r.replyTo().tell(r.n(), self())).build();
        }
    }

    record Result(double issueMs, double totalMs, int timedOut) {
    }

    public static void main(String[] args) throws Exception {
        int workers = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int asks = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        long timeoutMs = args.length > 2 ? Long.parseLong(args[2]) : 2;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Duration timeout = Duration.ofMillis(timeoutMs);
        System.out.printf(Locale.ROOT, "ask burst: %d asks, timeout %d ms, %d workers, %d rounds (first is warm-up)%n",
                asks, timeoutMs, workers, rounds);
        try (ActorSystem weft = ActorSystem.builder().parallelism(workers).build();
                PekkoRuntime pekko = new PekkoRuntime(workers)) {
            ActorRef<Req> echo = weft.spawn("echo", () -> (ctx, r) -> {
                r.replyTo().tell(r.n());
                return Behavior.same();
            });
            org.apache.pekko.actor.ActorRef pekkoEcho = pekko.system.actorOf(Props.create(PekkoEcho.class,
                    PekkoEcho::new));
            for (int round = 0; round < rounds; round++) {
                Result w = weft(echo, asks, timeout);
                Result p = pekko(pekkoEcho, asks, timeout);
                System.out.printf(Locale.ROOT,
                        "round %d  weft: issue %7.1f ms, all done %7.1f ms, timed out %5.1f%%   "
                                + "pekko: issue %7.1f ms, all done %7.1f ms, timed out %5.1f%%%n",
                        round, w.issueMs, w.totalMs, 100.0 * w.timedOut / asks, p.issueMs, p.totalMs,
                        100.0 * p.timedOut / asks);
            }
        }
    }

    static Result weft(ActorRef<Req> echo, int asks, Duration timeout) throws Exception {
        @SuppressWarnings("unchecked")
        CompletableFuture<Integer>[] fs = new CompletableFuture[asks];
        System.gc();
        long t0 = System.nanoTime();
        for (int i = 0; i < asks; i++) {
            int n = i;
            fs[i] = echo.ask(r -> new Req(n, r), timeout);
        }
        long t1 = System.nanoTime();
        int timedOut = 0;
        for (int i = 0; i < asks; i++) {
            timedOut += outcome(fs[i], i);
        }
        long t2 = System.nanoTime();
        return new Result((t1 - t0) / 1e6, (t2 - t0) / 1e6, timedOut);
    }

    static Result pekko(org.apache.pekko.actor.ActorRef echo, int asks, Duration timeout) throws Exception {
        @SuppressWarnings("unchecked")
        CompletionStage<Object>[] fs = new CompletionStage[asks];
        System.gc();
        long t0 = System.nanoTime();
        for (int i = 0; i < asks; i++) {
            int n = i;
            fs[i] = Patterns.askWithReplyTo(echo, r -> new PekkoReq(n, r), timeout);
        }
        long t1 = System.nanoTime();
        int timedOut = 0;
        for (int i = 0; i < asks; i++) {
            timedOut += outcome(fs[i].toCompletableFuture(), i);
        }
        long t2 = System.nanoTime();
        return new Result((t1 - t0) / 1e6, (t2 - t0) / 1e6, timedOut);
    }

    /** 1 if the ask timed out, 0 if it got its answer; anything else is an error. */
    private static int outcome(CompletableFuture<?> f, int expected) throws Exception {
        try {
            Object v = f.get(60, TimeUnit.SECONDS);
            if (!Integer.valueOf(expected).equals(v)) {
                throw new IllegalStateException("ask " + expected + " answered " + v);
            }
            return 0;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof java.util.concurrent.TimeoutException
                    || e.getCause() instanceof org.apache.pekko.pattern.AskTimeoutException) {
                return 1;
            }
            throw e;
        }
    }
}
