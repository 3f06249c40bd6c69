package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/** Pinto et al.'s multi-producer: eight outside threads flood one actor. */
public final class MultiProducer extends ActorProgram {
    @Override
    public String name() {
        return "multi-producer";
    }

    @Override
    public String description() {
        return "one actor, 8 outside senders, messages sent without waiting";
    }

    @Override
    public Workload create(boolean quick) {
        int n = quick ? 2_000_000 : 20_000_000;
        return new Sinks("multi-producer(8x" + Checks.count(n / 8) + ")", 1, 8, n / 8);
    }
}
