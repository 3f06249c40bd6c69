package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/** Pinto et al.'s single-producer: the benchmark thread floods one actor. */
public final class SingleProducer extends ActorProgram {
    @Override
    public String name() {
        return "single-producer";
    }

    @Override
    public String description() {
        return "one actor, one outside sender, messages sent without waiting";
    }

    @Override
    public Workload create(boolean quick) {
        int n = quick ? 2_000_000 : 20_000_000;
        return new Sinks("single-producer(" + Checks.count(n) + ")", 1, 1, n);
    }
}
