package dev.weft.bench.peers;

import dev.weft.bench.Engine;
import dev.weft.bench.Program;
import dev.weft.bench.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A program of the peers suite: the Java kernel's serial elision and Weft version, and the same kernel in
 * each of its languages (every {@link Peers#LANGUAGES language} for the fork/join kernels; Rust's rayon for the
 * streams suite's pipelines). Each language's runtimes are measured against that
 * language's serial elision ({@link #baselineOf}); Weft is compared with rayon at each worker count.
 */
final class PeerProgram implements Program {
    private final Program java;
    private final Function<String, Object> answer;
    private final Supplier<Path> binDir;
    private final int maxRunSeconds;
    private final List<PeerLanguage> languages;

    /**
     * @param java          the fork/join suite's program (its name, sizes, Java versions and checks)
     * @param answer        parses a binary's answer into the Java versions' result type
     * @param binDir        where the binaries are, asked when a workload is created
     * @param maxRunSeconds passed to the binaries ({@link Peers#programs(Supplier, int)})
     * @param languages     the languages whose binaries run this program, in table order
     */
    PeerProgram(Program java, Function<String, Object> answer, Supplier<Path> binDir, int maxRunSeconds,
                List<PeerLanguage> languages) {
        this.java = Objects.requireNonNull(java, "java");
        this.answer = Objects.requireNonNull(answer, "answer");
        this.binDir = Objects.requireNonNull(binDir, "binDir");
        this.maxRunSeconds = maxRunSeconds;
        this.languages = List.copyOf(languages);
    }

    @Override
    public String name() {
        return java.name();
    }

    @Override
    public String description() {
        return java.description() + "; Java, " + String.join(", ", languages.stream().map(PeerLanguage::name).toList());
    }

    @Override
    public String suite() {
        return Peers.SUITE;
    }

    @Override
    public List<Engine> engines() {
        return Peers.engines(languages);
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
        for (PeerLanguage l : languages) {
            if (l.runtimes().contains(engine)) {
                return l.serial();
            }
        }
        return baseline();
    }

    @Override
    public Workload create(boolean quick) {
        return new PeerWorkload(name(), java.create(quick), quick, answer, languages, binDir.get(), maxRunSeconds);
    }
}
