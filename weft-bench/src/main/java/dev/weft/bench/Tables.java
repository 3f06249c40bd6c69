package dev.weft.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The console table and the CSV file. */
final class Tables {
    private Tables() {
    }

    /** Summaries of one program keyed by version, plus the serial median. */
    record ProgramSummary(Runner.ProgramResult result, Map<Runner.Config, Summary> byConfig, double serialMs) {
        Summary get(String runtime, int workers) {
            return byConfig.get(new Runner.Config(runtime, workers));
        }

        /** A runtime's sequential overhead: its 1-worker median over the serial median. */
        double sequentialOverhead(String runtime) {
            Summary s = get(runtime, 1);
            return s == null || Double.isNaN(serialMs) ? Double.NaN : s.medianMs() / serialMs;
        }
    }

    static ProgramSummary summarize(Runner.ProgramResult r) {
        Map<Runner.Config, Summary> by = new java.util.LinkedHashMap<>();
        for (var e : r.samples().entrySet()) {
            if (e.getValue() != null && !e.getValue().isEmpty()) {
                by.put(e.getKey(), Summary.of(e.getKey(), e.getValue(), r.weftTasksAtOneWorker()));
            }
        }
        Summary serial = by.get(new Runner.Config("serial", 1));
        return new ProgramSummary(r, by, serial == null ? Double.NaN : serial.medianMs());
    }

    static void print(PrintStream out, ProgramSummary ps, List<Integer> workers) {
        out.printf(Locale.ROOT, "%n%s — %s%n", ps.result().label(), ps.result().program().description());
        out.printf(Locale.ROOT, "  serial %.2f ms (median)%n", ps.serialMs());
        out.printf(Locale.ROOT, "  %7s | %10s %8s | %10s %8s | %8s | %9s %9s %8s %7s %8s%n",
                "workers", "fjp ms", "x serial", "weft ms", "x serial", "weft/fjp", "steals", "steal/ms", "ratio", "idle%", "serve%");
        for (int p : workers) {
            Summary f = ps.get("fjp", p);
            Summary w = ps.get("weft", p);
            out.printf(Locale.ROOT, "  %7d | %10s %8s | %10s %8s | %8s | %9s %9s %8s %7s %8s%n", p,
                    f == null ? "-" : fmt(f.medianMs()), f == null ? "-" : ratio(f.medianMs() / ps.serialMs()),
                    w == null ? "-" : fmt(w.medianMs()), w == null ? "-" : ratio(w.medianMs() / ps.serialMs()),
                    f == null || w == null ? "-" : String.format(Locale.ROOT, "%.3f", w.medianMs() / f.medianMs()),
                    w == null ? "-" : Long.toString(w.steals()),
                    w == null ? "-" : String.format(Locale.ROOT, "%.2f", w.stealRatePerMs()),
                    w == null ? "-" : String.format(Locale.ROOT, "%.2g", w.stealRatio()),
                    w == null ? "-" : String.format(Locale.ROOT, "%.1f", w.idlePct()),
                    w == null ? "-" : String.format(Locale.ROOT, "%.3f", w.servingPct()));
        }
    }

    /** One line per program with the ratios the targets are stated in. */
    static void printOverview(PrintStream out, List<ProgramSummary> all, List<Integer> workers) {
        out.printf(Locale.ROOT, "%nTime / serial time (medians; lower is better; < 1 is faster than serial)%n");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "  %-26s", "benchmark"));
        for (int p : workers) {
            head.append(String.format(Locale.ROOT, " | %7s %7s", "fjp x" + p, "weft x" + p));
        }
        out.println(head);
        for (ProgramSummary ps : all) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-26s", ps.result().label()));
            for (int p : workers) {
                Summary f = ps.get("fjp", p);
                Summary w = ps.get("weft", p);
                row.append(String.format(Locale.ROOT, " | %7s %7s",
                        f == null ? "-" : ratio(f.medianMs() / ps.serialMs()),
                        w == null ? "-" : ratio(w.medianMs() / ps.serialMs())));
            }
            out.println(row);
        }
    }

    static final String CSV_HEADER = "benchmark,runtime,workers,median_ms,serial_ms,ratio,min_ms,max_ms,"
            + "sequential_overhead,speedup,steal_ratio,steal_rate_per_ms,failed_steal_pct,idle_pct,serving_pct,"
            + "gc_pct,alloc_bytes_per_task,tasks_per_s_per_worker";

    static List<String> csvRows(ProgramSummary ps) {
        List<String> rows = new ArrayList<>();
        for (List<String> cells : csvCells(ps)) {
            rows.add(String.join(",", cells));
        }
        return rows;
    }

    /**
     * The cells of this program's CSV rows, one list per version in {@link #CSV_HEADER}'s order (empty
     * where a metric does not apply). The HTML report shows the same cells, so both agree digit for digit.
     */
    static List<List<String>> csvCells(ProgramSummary ps) {
        List<List<String>> rows = new ArrayList<>();
        for (Summary s : ps.byConfig().values()) {
            rows.add(List.of(ps.result().program().name(), s.runtime(), Integer.toString(s.workers()),
                    num(s.medianMs()), num(ps.serialMs()), num(s.medianMs() / ps.serialMs()), num(s.minMs()),
                    num(s.maxMs()), num(ps.sequentialOverhead(s.runtime())), num(ps.serialMs() / s.medianMs()),
                    num(s.stealRatio()), num(s.stealRatePerMs()), num(s.failedStealPct()), num(s.idlePct()),
                    num(s.servingPct()), num(s.gcPct()), num(s.allocPerTask()), num(s.tasksPerSecPerWorker())));
        }
        return rows;
    }

    static void writeCsv(Path file, List<ProgramSummary> all) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(CSV_HEADER);
        for (ProgramSummary ps : all) {
            lines.addAll(csvRows(ps));
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.write(file, lines);
    }

    private static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }

    private static String fmt(double ms) {
        return String.format(Locale.ROOT, "%.2f", ms);
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.2f", r);
    }
}
