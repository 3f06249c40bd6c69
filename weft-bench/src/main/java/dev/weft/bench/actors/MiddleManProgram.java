package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/** Pinto et al.'s middle-man: two pingers compete for a third actor that answers both. */
public final class MiddleManProgram extends ActorProgram {
    @Override
    public String name() {
        return "middle-man";
    }

    @Override
    public String description() {
        return "triples: two pingers compete for a middle man that answers each";
    }

    @Override
    public Workload create(boolean quick) {
        int triples = quick ? 2_000 : 10_000;
        int rounds = 50;
        return new MiddleMan("middle-man(" + Checks.count(3 * triples) + " actors x " + rounds + ")", triples, rounds);
    }
}
