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
 * spread instead of one JVM's luck.
 */
final class Forks {
    /** The label is last: it may contain commas, so lines are split into at most this many fields. */
    static final String SAMPLE_HEADER = "program,runtime,workers,nanos,gc_nanos,alloc_bytes,steals,tasks,"
            + "steal_attempts,failed_steals,idle_nanos,serving_nanos,label";
    private static final int FIELDS = 13;

    private Forks() {
    }

    /** Runs {@code forks} child JVMs with the same arguments and returns the pooled results. */
    static List<Runner.ProgramResult> run(Options o, List<Program> programs) throws IOException, InterruptedException {
        List<String> jvm = new ArrayList<>();
        jvm.add(ProcessHandle.current().info().command().orElse("java"));
        jvm.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        jvm.add("-cp");
        jvm.add(System.getProperty("java.class.path"));
        jvm.add(BenchMain.class.getName());
        List<String> childArgs = new ArrayList<>();
        for (int i = 0; i < o.raw.size(); i++) {
            String a = o.raw.get(i);
            if (a.equals("--forks") || a.equals("--csv") || a.equals("--report") || a.equals("--samples-out")) {
                i++;
            } else if (!a.equals("--stats")) {
                childArgs.add(a);
            }
        }
        Map<String, Map<Runner.Config, List<Sample>>> pooled = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
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
            for (String line : Files.readAllLines(out)) {
                if (line.startsWith("program,") || line.isBlank()) {
                    continue;
                }
                String[] c = line.split(",", FIELDS);
                labels.put(c[0], c[12]);
                Runner.Config cfg = new Runner.Config(c[1], Integer.parseInt(c[2]));
                Sample s = new Sample(Long.parseLong(c[3]), Long.parseLong(c[4]), Long.parseLong(c[5]), Long.parseLong(c[6]),
                        Long.parseLong(c[7]), Long.parseLong(c[8]), Long.parseLong(c[9]), Long.parseLong(c[10]),
                        Long.parseLong(c[11]));
                pooled.computeIfAbsent(c[0], k -> new LinkedHashMap<>()).computeIfAbsent(cfg, k -> new ArrayList<>()).add(s);
            }
            Files.deleteIfExists(out);
        }
        List<Runner.ProgramResult> results = new ArrayList<>();
        for (Program p : programs) {
            Map<Runner.Config, List<Sample>> m = pooled.get(p.name());
            if (m == null) {
                continue;
            }
            List<Sample> w1 = m.get(new Runner.Config("weft", 1));
            long tasks1 = w1 == null || w1.isEmpty() ? 0 : w1.get(0).tasks();
            results.add(new Runner.ProgramResult(p, labels.get(p.name()), m, tasks1));
        }
        return results;
    }
}
