package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/** Pinto et al.'s mediator: each ping passes through a third actor. */
public final class MediatorProgram extends ActorProgram {
    @Override
    public String name() {
        return "mediator";
    }

    @Override
    public String description() {
        return "triples: each ping passes through a mediator, the pong comes straight back";
    }

    @Override
    public Workload create(boolean quick) {
        int triples = quick ? 2_000 : 10_000;
        int rounds = 70;
        return new Mediator("mediator(" + Checks.count(3 * triples) + " actors x " + rounds + ")", triples, rounds);
    }
}
