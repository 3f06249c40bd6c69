package dev.weft.bench.actors;

import dev.weft.actors.ActorSystem;
import dev.weft.actors.Scheduling;
import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The actors suite's engines and the runtimes behind them, created once per worker count and shared by a
 * workload's runs: Weft actor systems on the runner's Weft pool of that size, and Pekko actor systems of
 * that parallelism.
 */
final class ActorEngines implements AutoCloseable {
    /** The subject: fork-on-send with per-actor adaptive switching. */
    static final Engine WEFT = Engine.onWeft("weft-actors", "Weft actors");
    /** Ablation: fork-on-send always, no adaptive switching. */
    static final Engine WEFT_FORK = Engine.onWeft("weft-actors-fork", "Weft actors, fork-on-send only");
    /** Ablation (Pinto et al.'s "centralized pooling"): every activation submitted to the pool's inbox. */
    static final Engine WEFT_NOFORK = Engine.onWeft("weft-actors-nofork", "Weft actors, no fork-on-send");
    /** The reference: Apache Pekko classic actors on its default fork-join dispatcher. */
    static final Engine PEKKO = Engine.of("pekko", "Apache Pekko 1.7.0");

    static final List<Engine> ALL = List.of(WEFT, WEFT_FORK, WEFT_NOFORK, PEKKO);

    /**
     * Messages an actor handles per activation before it yields, for Weft actors and Pekko alike, so that
     * the comparison is about scheduling, not batch size (Pekko's default is 5; see PekkoRuntime).
     */
    static final int THROUGHPUT = 64;

    private final Map<String, ActorSystem> weft = new TreeMap<>();
    private final Map<Integer, PekkoRuntime> pekko = new TreeMap<>();

    /** The Weft actor system of this engine on the runner's pool of {@code workers}. */
    ActorSystem weft(Engine engine, int workers, Pools pools) {
        Scheduling s;
        if (engine.equals(WEFT)) {
            s = Scheduling.ADAPTIVE;
        } else if (engine.equals(WEFT_FORK)) {
            s = Scheduling.FORK_ON_SEND;
        } else if (engine.equals(WEFT_NOFORK)) {
            s = Scheduling.MAILBOX;
        } else {
            throw new IllegalArgumentException("not a Weft actors engine: " + engine);
        }
        return weft.computeIfAbsent(engine.name() + "@" + workers, k -> ActorSystem.builder()
                .pool(pools.weft(workers)).scheduling(s).throughput(THROUGHPUT).build());
    }

    PekkoRuntime pekko(int workers) {
        return pekko.computeIfAbsent(workers, PekkoRuntime::new);
    }

    @Override
    public void close() {
        weft.values().forEach(ActorSystem::close);
        pekko.values().forEach(PekkoRuntime::close);
        weft.clear();
        pekko.clear();
    }
}
