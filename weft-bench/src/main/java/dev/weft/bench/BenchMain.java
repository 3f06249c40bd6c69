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
        System.out.printf("Weft bench: %s sizes, workers %s, %d warm-up + %d measured runs per version, %s%n",
                o.quick ? "quick" : "full", o.workers, o.warmup, o.reps, Machine.describe());
        List<Tables.ProgramSummary> all = new ArrayList<>();
        for (Program p : programs) {
            Runner.ProgramResult r = new Runner(o).run(p);
            Tables.ProgramSummary ps = Tables.summarize(r);
            all.add(ps);
            Tables.print(System.out, ps, o.workers);
        }
        Tables.printOverview(System.out, all, o.workers);
        if (o.csv != null) {
            Tables.writeCsv(o.csv, all);
            System.out.println("wrote " + o.csv);
        }
        System.out.println("all results checked: ok");
    }
}
