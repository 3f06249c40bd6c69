package dev.weft;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Long runs of the program generator: {@code ./weft soak [minutes] [--seed N] [--seed-only N
 * [--repeat K]] [--parallelism 1,2,8] [--no feature,...] [--shrink]}; {@code --seed-only} reruns one
 * program (up to K times, until it fails), {@code --shrink} shrinks every failing program. Prints progress every ~10 s, every failure with
 * its reproducing seed, and {@code soak: N programs, M failures} at the end; exits 1 on failure.
 */
public final class Soak {
    private Soak() {
    }

    public static void main(String[] args) {
        double minutes = 10;
        Long base = null;
        Long only = null;
        boolean shrink = false;
        int repeat = 1;
        String pars = System.getProperty("weft.gen.parallelism", "1,2,8");
        ProgramGen.Options o = ProgramGen.Options.fromSystemProperties();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> base = Long.parseLong(args[++i]);
                case "--seed-only" -> only = Long.parseLong(args[++i]);
                case "--parallelism" -> pars = args[++i];
                case "--shrink" -> shrink = true;
                case "--repeat" -> repeat = Integer.parseInt(args[++i]);
                case "--no" -> {
                    for (String f : args[++i].split(",")) {
                        if (!f.isBlank()) {
                            o.disable(f.trim());
                        }
                    }
                }
                case "-h", "--help" -> {
                    System.out.println("usage: soak [minutes] [--seed BASE] [--seed-only SEED [--repeat N]] [--parallelism 1,2,8] [--no feature,...] [--shrink]");
                    System.out.println("features: " + ProgramGen.Options.FEATURES);
                    return;
                }
                default -> minutes = Double.parseDouble(args[i]);
            }
        }
        int[] ps = ProgramRunner.parseParallelisms(pars);
        if (base == null) {
            base = System.nanoTime() ^ System.currentTimeMillis() * 0x9E3779B97F4A7C15L;
        }
        System.out.println("soak: base seed " + base + ", parallelism " + pars + ", " + minutes + " min"
                + (o.disabled.isEmpty() ? "" : ", features off: " + o.disabled));
        long start = System.currentTimeMillis();
        long end = start + (long) (minutes * 60_000);
        long nextReport = start + 10_000;
        long programs = 0;
        int failures = 0, hangs = 0;
        Map<String, Integer> byCategory = new LinkedHashMap<>();
        List<String> seeds = new ArrayList<>();
        while (only != null ? programs < repeat && failures == 0 : System.currentTimeMillis() < end) {
            long seed = only != null ? only : ProgramGen.seedAt(base, programs);
            programs++;
            ProgramRunner.Result r = ProgramRunner.checkSeed(seed, o, ps);
            if (!r.ok()) {
                failures++;
                byCategory.merge(r.category(), 1, Integer::sum);
                seeds.add(seed + " (" + r.category() + ", parallelism " + r.parallelism + ")");
                System.out.println("soak: FAILURE " + failures + ": seed " + seed + " " + r.category() + " at parallelism " + r.parallelism);
                System.out.println(r.report());
                if (shrink && r.parallelism > 0) {
                    boolean hang = r.category().endsWith("HANG");
                    ProgramModel.Program small = ProgramShrinker.shrink(r.program, r.parallelism, r.category(), 120_000,
                            hang ? 2 : 20, hang ? 3_000 : o.deadlineSeconds * 1000L, System.out);
                    System.out.println("soak: shrunk seed " + seed + " to " + small.size() + " nodes (" + r.category() + "):");
                    System.out.println(small.print());
                }
                if (r.category().endsWith("HANG") && ++hangs >= 5) {
                    System.out.println("soak: stopping after " + hangs + " hangs (hung pools keep their threads)");
                    break;
                }
            }
            long now = System.currentTimeMillis();
            if (now >= nextReport) {
                nextReport = now + 10_000;
                System.out.printf("soak: %.1f min, %d programs, %d failures %s%n", (now - start) / 60_000.0, programs, failures,
                        byCategory.isEmpty() ? "" : byCategory.toString());
            }
        }
        System.out.println("soak: " + programs + " programs, " + failures + " failures" + (byCategory.isEmpty() ? "" : " " + byCategory));
        System.out.println("soak: " + Waits.summary());
        for (String s : seeds) {
            System.out.println("soak: failing seed " + s);
        }
        System.out.flush();
        System.exit(failures > 0 ? 1 : 0);
    }
}
