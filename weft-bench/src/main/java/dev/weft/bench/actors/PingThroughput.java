package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/** Pinto et al.'s ping-throughput: many pairs of actors ping-pong at once. */
public final class PingThroughput extends ActorProgram {
    @Override
    public String name() {
        return "ping-throughput";
    }

    @Override
    public String description() {
        return "many pairs ping-pong at once, one message in flight per pair";
    }

    @Override
    public Workload create(boolean quick) {
        int pairs = quick ? 2_000 : 10_000;
        int hops = quick ? 200 : 100;
        return new Pairs("ping-throughput(" + Checks.count(2 * pairs) + " actors x " + hops + ")", pairs, hops, false);
    }
}
