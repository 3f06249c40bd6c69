package dev.weft.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** {@code ./weft bench}: the side-by-side comparison of serial elision, ForkJoinPool and Weft. */
public final class BenchMain {
    private BenchMain() {
    }

    public static void main(String[] args) throws IOException {
        Options o;
        List<Program> programs;
        try {
            o = Options.parse(args);
            programs = Programs.select(o.programs);
        } catch (IllegalArgumentException e) {
            System.err.println("weft bench: " + e.getMessage());
            System.err.print(Options.USAGE);
            System.exit(2);
            return;
        }
        if (o.help) {
            System.out.print(Options.USAGE);
            return;
        }
        if (o.list) {
            for (Program p : Programs.all()) {
                System.out.printf("%-12s %s%n", p.name(), p.description());
            }
            return;
        }
        System.out.printf("Weft bench: %s sizes, workers %s, %d warm-up + %d measured runs per version%s, %s%n",
                o.quick ? "quick" : "full", o.workers, o.warmup, o.reps,
                o.forks > 1 ? " in each of " + o.forks + " JVMs" : "", Machine.describe());
        List<Runner.ProgramResult> results = new ArrayList<>();
        if (o.forks > 1) {
            try {
                results = Forks.run(o, programs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        } else {
            for (Program p : programs) {
                Runner.ProgramResult r = new Runner(o).run(p);
                results.add(r);
                if (o.samplesOut != null) {
                    List<String> lines = new ArrayList<>();
                    if (!java.nio.file.Files.exists(o.samplesOut) || java.nio.file.Files.size(o.samplesOut) == 0) {
                        lines.add(Forks.SAMPLE_HEADER);
                    }
                    lines.addAll(r.sampleLines());
                    java.nio.file.Files.write(o.samplesOut, lines, java.nio.file.StandardOpenOption.CREATE,
                            java.nio.file.StandardOpenOption.APPEND);
                }
                if (o.samplesOut == null) {
                    Tables.print(System.out, Tables.summarize(r), o.workers);
                }
            }
        }
        List<Tables.ProgramSummary> all = new ArrayList<>();
        for (Runner.ProgramResult r : results) {
            Tables.ProgramSummary ps = Tables.summarize(r);
            all.add(ps);
            if (o.forks > 1) {
                Tables.print(System.out, ps, o.workers);
            }
        }
        Tables.printOverview(System.out, all, o.workers);
        if (o.csv != null) {
            Tables.writeCsv(o.csv, all);
            System.out.println("wrote " + o.csv);
        }
        if (o.report != null) {
            System.out.println("wrote " + Report.write(o.report, all, o));
        }
        System.out.println("all results checked: ok");
    }
}
