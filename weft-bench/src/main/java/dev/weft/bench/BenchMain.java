package dev.weft.bench;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** {@code ./weft bench}: programs side by side on each of their runtimes (serial elision, ForkJoinPool, Weft, ...). */
public final class BenchMain {
    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        Options o;
        List<Program> programs;
        try {
            o = Options.parse(args);
            programs = Programs.select(o.programs, o.suites);
            Programs.checkRuntimes(o.runtimes, programs);
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
            for (String suite : Programs.suites()) {
                List<Program> ps = Programs.select(List.of(), List.of(suite));
                System.out.printf("suite %s (runtimes %s)%n", suite, String.join(",",
                        ps.get(0).engines().stream().map(Engine::name).toList()));
                List<List<String>> rows = new ArrayList<>();
                for (Program p : ps) {
                    rows.add(List.of(p.name(), p.description()));
                }
                Tables.align(rows, 2).forEach(System.out::println);
            }
            return;
        }
        Path reportDir = o.reportDir(Path.of(System.getenv().getOrDefault("WEFT_BENCH_REPORTS", "target/weft-bench")),
                LocalDateTime.now());
        System.out.printf("Weft bench: %s sizes, workers %s, %d warm-up + %d measured runs per version%s, %s%n",
                o.quick ? "quick" : "full", o.workers, o.warmup, o.reps,
                o.forks > 1 ? " in each of " + o.forks + " JVMs" : "", Machine.describe());
        List<Runner.ProgramResult> results = new ArrayList<>();
        if (o.forks > 1) {
            results = Forks.run(o, programs, BenchMain.class);
        } else {
            for (Program p : programs) {
                Runner.ProgramResult r = new Runner(o).run(p);
                results.add(r);
                if (o.samplesOut != null) {
                    Sample.append(o.samplesOut, r.sampleLines());
                } else {
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
        System.out.println("all results checked: ok");
        if (reportDir != null) {
            // The last line: where the charts are (the tables above are only the medians).
            System.out.println("report: " + Report.write(reportDir, all, o).toAbsolutePath().normalize());
        }
    }
}
