package dev.weft.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the benchmark in several fresh JVMs and pools their samples. The JIT compiles recursive code
 * differently from one JVM to the next (inlining depends on which method it compiles first), so the
 * spread between JVMs is larger than within one; pooling the samples of several JVMs measures that
 * spread instead of one JVM's luck. Each child writes its samples with {@code --samples-out}.
 */
final class Forks {
    private Forks() {
    }

    /** Runs {@code forks} child JVMs of {@code mainClass} with the same arguments and returns the pooled results. */
    static List<Runner.ProgramResult> run(Options o, List<Program> programs, Class<?> mainClass)
            throws IOException, InterruptedException {
        List<String> jvm = new ArrayList<>();
        jvm.add(ProcessHandle.current().info().command().orElse("java"));
        jvm.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        jvm.add("-cp");
        jvm.add(System.getProperty("java.class.path"));
        jvm.add(mainClass.getName());
        List<String> childArgs = new ArrayList<>();
        for (int i = 0; i < o.raw.size(); i++) {
            String a = o.raw.get(i);
            if (a.equals("--forks") || a.equals("--csv") || a.equals("--report") || a.equals("--samples-out")) {
                i++;
            } else if (!a.equals("--stats")) {
                childArgs.add(a);
            }
        }
        List<Sample.Line> lines = new ArrayList<>();
        for (int f = 0; f < o.forks; f++) {
            Path out = Files.createTempFile("weft-bench-fork", ".csv");
            List<String> cmd = new ArrayList<>(jvm);
            cmd.addAll(childArgs);
            cmd.add("--samples-out");
            cmd.add(out.toString());
            System.out.printf("fork %d of %d...%n", f + 1, o.forks);
            Process p = new ProcessBuilder(cmd).inheritIO().redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            int rc = p.waitFor();
            if (rc != 0) {
                throw new IOException("fork " + (f + 1) + " failed with exit status " + rc);
            }
            lines.addAll(Sample.read(out));
            Files.deleteIfExists(out);
        }
        return pool(programs, lines);
    }

    /**
     * How a sample line names its program: suite and name, since two suites may have programs of one name
     * (the fork/join suite's and the peers' {@code fib}, the streams suite's and the peers' {@code sum}).
     */
    static String key(Program p) {
        return p.suite() + "/" + p.name();
    }

    /** The children's sample lines pooled per program ({@link #key}), in {@code programs}' order. */
    static List<Runner.ProgramResult> pool(List<Program> programs, List<Sample.Line> lines) throws IOException {
        Map<String, Program> byKey = new LinkedHashMap<>();
        for (Program p : programs) {
            byKey.put(key(p), p);
        }
        Map<String, Map<Runner.Config, List<Sample>>> pooled = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        for (Sample.Line line : lines) {
            Program prog = byKey.get(line.program());
            if (prog == null) {
                continue;
            }
            Engine engine = prog.engines().stream().filter(e -> e.name().equals(line.engine())).findFirst()
                    .orElseThrow(() -> new IOException("a fork wrote an unknown runtime '" + line.engine()
                            + "' for " + line.program()));
            labels.put(line.program(), line.label());
            pooled.computeIfAbsent(line.program(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(new Runner.Config(engine, line.workers()), k -> new ArrayList<>())
                    .add(line.sample());
        }
        List<Runner.ProgramResult> results = new ArrayList<>();
        for (Program p : programs) {
            Map<Runner.Config, List<Sample>> m = pooled.get(key(p));
            if (m != null) {
                results.add(new Runner.ProgramResult(p, labels.get(key(p)), m, Runner.ProgramResult.tasksAtOneWorker(p, m)));
            }
        }
        return results;
    }
}
