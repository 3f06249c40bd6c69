package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/** Pinto et al.'s max-throughput: eight outside threads each flood an actor of their own. */
public final class MaxThroughput extends ActorProgram {
    @Override
    public String name() {
        return "max-throughput";
    }

    @Override
    public String description() {
        return "8 actors, each flooded by its own outside sender";
    }

    @Override
    public Workload create(boolean quick) {
        int n = quick ? 2_000_000 : 20_000_000;
        return new Sinks("max-throughput(8x" + Checks.count(n / 8) + ")", 8, 8, n / 8);
    }
}
