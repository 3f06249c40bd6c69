package dev.weft.bench.peers;

import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.TimedRun;
import dev.weft.bench.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One sized program of the peers suite. The Java engines run in this JVM through the fork/join suite's
 * workload; every other language's engines run in that language's binary, once per program, which runs its
 * serial elision and runtimes interleaved, warm-up first, exactly as the runner does in the JVM, and reports
 * each measured run with its answer. The runner checks those answers with the Java workload's own check.
 */
final class PeerWorkload implements Workload {
    /** Binaries already reported missing, so that each is named once per JVM, not once per program. */
    private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();

    private final String program;
    private final Workload java;
    private final boolean quick;
    private final Function<String, Object> answer;
    private final List<PeerLanguage> languages;
    private final Path binDir;
    private final int maxRunSeconds;

    PeerWorkload(String program, Workload java, boolean quick, Function<String, Object> answer,
                 List<PeerLanguage> languages, Path binDir, int maxRunSeconds) {
        this.program = Objects.requireNonNull(program, "program");
        this.java = Objects.requireNonNull(java, "java");
        this.quick = quick;
        this.answer = Objects.requireNonNull(answer, "answer");
        this.languages = List.copyOf(languages);
        this.binDir = Objects.requireNonNull(binDir, "binDir");
        if (maxRunSeconds < 0) {
            throw new IllegalArgumentException("maxRunSeconds must not be negative: " + maxRunSeconds);
        }
        this.maxRunSeconds = maxRunSeconds;
    }

    @Override
    public String label() {
        return java.label();
    }

    @Override
    public void reset() {
        java.reset();
    }

    @Override
    public Object run(Engine engine, int workers, Pools pools) throws Exception {
        if (timesItself(engine)) {
            throw new IllegalArgumentException(engine + " runs in its own binary: it times itself");
        }
        return java.run(engine, workers, pools);
    }

    @Override
    public void check(Object result, Object baselineResult) {
        java.check(result, baselineResult);
    }

    @Override
    public boolean timesItself(Engine engine) {
        return languages.stream().anyMatch(l -> l.owns(engine));
    }

    @Override
    public List<TimedRun> timeItself(List<Engine> engines, List<Integer> workers, int warmup, int reps)
            throws IOException, InterruptedException {
        List<TimedRun> out = new ArrayList<>();
        for (PeerLanguage lang : languages) {
            List<Engine> mine = engines.stream().filter(lang::owns).toList();
            if (mine.isEmpty()) {
                continue;
            }
            Path bin = binDir.resolve(lang.binary());
            if (!Files.isExecutable(bin)) {
                if (REPORTED.add(bin.toString())) {
                    // Standard error: a child JVM's (--forks) standard output is not shown, its errors are.
                    System.err.println("peers: " + bin + " is not built (weft-bench/peers/build.sh builds it); "
                            + names(mine) + " left out");
                }
                continue;
            }
            List<String> lines = PeerBinary.run(command(bin, mine, workers, warmup, reps));
            PeerOutput.Parsed parsed = PeerOutput.parse(lines, program, lang.binary());
            for (String c : parsed.comments()) {
                System.out.println("  " + c);
            }
            for (PeerOutput.Run r : parsed.runs()) {
                Engine e = mine.stream().filter(x -> x.name().equals(r.runtime())).findFirst()
                        .orElseThrow(() -> new IOException(lang.binary() + " reported a run of '" + r.runtime()
                                + "', which was not asked for (asked: " + names(mine) + ")"));
                Object result;
                try {
                    result = answer.apply(r.answer());
                } catch (IllegalArgumentException ex) {
                    throw new IOException(lang.binary() + " " + r.runtime() + " x" + r.workers()
                            + ": an answer that is not one: '" + r.answer() + "'", ex);
                }
                out.add(new TimedRun(e, r.workers(), r.nanos(), result));
            }
        }
        return out;
    }

    /** The command line that runs {@code engines} of this program in {@code bin}. */
    List<String> command(Path bin, List<Engine> engines, List<Integer> workers, int warmup, int reps) {
        return List.of(bin.toString(), "--program", program, "--size", quick ? "quick" : "full",
                "--runtimes", names(engines),
                "--workers", workers.stream().map(String::valueOf).collect(Collectors.joining(",")),
                "--warmup", Integer.toString(warmup), "--reps", Integer.toString(reps),
                "--max-seconds", Integer.toString(maxRunSeconds));
    }

    private static String names(List<Engine> engines) {
        return engines.stream().map(Engine::name).collect(Collectors.joining(","));
    }

    @Override
    public void close() throws Exception {
        java.close();
    }
}
