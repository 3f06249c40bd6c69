package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/** Pinto et al.'s single-ping: one pair of actors ping-pongs; one-hop latencies sampled. */
public final class SinglePing extends ActorProgram {
    @Override
    public String name() {
        return "single-ping";
    }

    @Override
    public String description() {
        return "one pair ping-pongs, one message in flight; one-hop latency percentiles";
    }

    @Override
    public Workload create(boolean quick) {
        int hops = quick ? 400_000 : 4_000_000;
        return new Pairs("single-ping(" + Checks.count(hops) + " hops)", 1, hops, true);
    }
}
