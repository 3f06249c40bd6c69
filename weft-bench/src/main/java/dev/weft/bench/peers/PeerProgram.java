package dev.weft.bench.peers;

import dev.weft.bench.Engine;
import dev.weft.bench.Program;
import dev.weft.bench.Workload;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A fork/join program of the peers suite: the Java kernel's serial elision and Weft version, and the same
 * kernel in every {@link Peers#LANGUAGES language}. Each language's runtimes are measured against that
 * language's serial elision ({@link #baselineOf}); Weft is compared with rayon at each worker count.
 */
final class PeerProgram implements Program {
    private final Program java;
    private final Function<String, Object> answer;

    /**
     * @param java   the fork/join suite's program (its name, sizes, Java versions and checks)
     * @param answer parses a binary's answer into the Java versions' result type
     */
    PeerProgram(Program java, Function<String, Object> answer) {
        this.java = Objects.requireNonNull(java, "java");
        this.answer = Objects.requireNonNull(answer, "answer");
    }

    @Override
    public String name() {
        return java.name();
    }

    @Override
    public String description() {
        return java.description() + "; Java, Rust, C++ and Go";
    }

    @Override
    public String suite() {
        return Peers.SUITE;
    }

    @Override
    public List<Engine> engines() {
        return Peers.engines();
    }

    @Override
    public Engine subject() {
        return Engine.WEFT;
    }

    @Override
    public Engine reference() {
        return Peers.RAYON;
    }

    @Override
    public Engine baselineOf(Engine engine) {
        for (PeerLanguage l : Peers.LANGUAGES) {
            if (l.runtimes().contains(engine)) {
                return l.serial();
            }
        }
        return baseline();
    }

    @Override
    public Workload create(boolean quick) {
        return new PeerWorkload(name(), java.create(quick), quick, answer, Peers.LANGUAGES, Peers.binDir(),
                Peers.maxRunSeconds());
    }
}
