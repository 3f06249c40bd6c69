package dev.weft.bench.actors;

import dev.weft.actors.ActorRef;
import dev.weft.actors.ActorSystem;
import dev.weft.actors.Behavior;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.Props;
import org.apache.pekko.pattern.Patterns;

/**
 * Fairness of asks under load: at one worker, {@code loopers} actors send themselves messages without end
 * while an outside thread asks a third actor, one ask at a time; prints the round-trip times (median, 99th
 * percentile, maximum) for Weft actors and Pekko in the same JVM, in turn. The loopers never stop during a
 * measurement, so the asks measure how long outside work waits behind actors that keep their worker busy.
 *
 * <pre>
 * java -cp ... dev.weft.bench.actors.AskUnderLoad [workers=1] [loopers=2] [asks=500] [rounds=3]
 * </pre>
 */
public final class AskUnderLoad {
    private static final Duration PEKKO_WAIT = Duration.ofSeconds(5);

    private AskUnderLoad() {
    }

    record Ping(ActorRef<Integer> replyTo) {
    }

    static final class PekkoLooper extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().matchAny(m -> self().tell(m, self())).build();
        }
    }

    static final class PekkoEcho extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().matchAny(m -> sender().tell(1, self())).build();
        }
    }

    public static void main(String[] args) throws Exception {
        int workers = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        int loopers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int asks = args.length > 2 ? Integer.parseInt(args[2]) : 500;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        System.out.printf(Locale.ROOT, "asks under load: %d workers, %d self-loopers, %d asks one at a time%n",
                workers, loopers, asks);
        Duration timeout = Duration.ofSeconds(30);
        for (int round = 0; round < rounds; round++) {
            double[] w;
            try (ActorSystem weft = ActorSystem.builder().parallelism(workers).build()) {
                for (int i = 0; i < loopers; i++) {
                    weft.<String>spawn("loop" + i, () -> (ctx, m) -> {
                        ctx.self().tell(m);
                        return Behavior.same();
                    }).tell("tick");
                }
                ActorRef<Ping> echo = weft.spawn("echo", () -> (ctx, p) -> {
                    p.replyTo().tell(1);
                    return Behavior.same();
                });
                w = new double[asks];
                for (int i = 0; i < asks; i++) {
                    long t0 = System.nanoTime();
                    echo.<Integer>ask(Ping::new, timeout).get(30, TimeUnit.SECONDS);
                    w[i] = (System.nanoTime() - t0) / 1e6;
                }
            }
            double[] p;
            try (PekkoRuntime pekko = new PekkoRuntime(workers)) {
                for (int i = 0; i < loopers; i++) {
                    pekko.system.actorOf(Props.create(PekkoLooper.class, PekkoLooper::new))
                            .tell("tick", org.apache.pekko.actor.ActorRef.noSender());
                }
                org.apache.pekko.actor.ActorRef echo = pekko.system.actorOf(Props.create(PekkoEcho.class,
                        PekkoEcho::new));
                p = new double[asks];
                for (int i = 0; i < asks && p != null; i++) {
                    long t0 = System.nanoTime();
                    try {
                        Patterns.ask(echo, "ping", PEKKO_WAIT).toCompletableFuture().get(30, TimeUnit.SECONDS);
                        p[i] = (System.nanoTime() - t0) / 1e6;
                    } catch (java.util.concurrent.ExecutionException e) {
                        p = null; // starved: Pekko's fork-join worker never looks at outside submissions
                    }
                }
            }
            System.out.printf(Locale.ROOT, "round %d  weft: median %6.3f ms, p99 %7.3f ms, max %7.3f ms   pekko: %s%n",
                    round, q(w, 0.5), q(w, 0.99), q(w, 1), p == null ? "no answer within " + PEKKO_WAIT.toSeconds()
                            + " s (starved)" : String.format(Locale.ROOT, "median %6.3f ms, p99 %7.3f ms, max %7.3f ms",
                                    q(p, 0.5), q(p, 0.99), q(p, 1)));
        }
    }

    private static double q(double[] xs, double f) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.floor(f * (s.length - 1)))];
    }
}
