package dev.weft.bench.actors;

import dev.weft.bench.Engine;
import dev.weft.bench.Program;
import java.util.List;

/**
 * A program of the actors suite (Pinto et al., Table IV): Weft actors, its two ablations and Apache Pekko run
 * the same kernel; Weft actors is compared with Pekko. There is no baseline engine.
 */
abstract class ActorProgram implements Program {
    static final String SUITE = "actors";

    @Override
    public final String suite() {
        return SUITE;
    }

    @Override
    public final List<Engine> engines() {
        return ActorEngines.ALL;
    }

    @Override
    public final Engine subject() {
        return ActorEngines.WEFT;
    }

    @Override
    public final Engine reference() {
        return ActorEngines.PEKKO;
    }
}
