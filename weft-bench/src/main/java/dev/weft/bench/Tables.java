package dev.weft.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The console tables and the CSV file. */
final class Tables {
    private Tables() {
    }

    /** Summaries of one program keyed by version, plus the baseline's median. */
    record ProgramSummary(Runner.ProgramResult result, Map<Runner.Config, Summary> byConfig, double baselineMs) {
        Program program() {
            return result.program();
        }

        Summary get(Engine engine, int workers) {
            return byConfig.get(new Runner.Config(engine, workers));
        }

        /**
         * The engines measured, in the program's order, without the baseline (other baselines, such as
         * another language's serial program, are shown like any engine).
         */
        List<Engine> measuredEngines() {
            Set<Engine> seen = new LinkedHashSet<>();
            for (Runner.Config c : byConfig.keySet()) {
                if (!c.engine().equals(program().baseline())) {
                    seen.add(c.engine());
                }
            }
            List<Engine> out = new ArrayList<>();
            for (Engine e : program().engines()) {
                if (seen.contains(e)) {
                    out.add(e);
                }
            }
            return out;
        }

        /**
         * A version's median time over its comparison point: the baseline's median if the program has a
         * baseline, else the reference engine's median at the same worker count.
         */
        double ratio(Summary s) {
            if (program().baseline() != null) {
                return s.medianMs() / baselineMs(s.engine());
            }
            Summary ref = get(program().reference(), s.workers());
            return ref == null ? Double.NaN : s.medianMs() / ref.medianMs();
        }

        /** What {@link #ratio} divides by, for headings: the baseline's or the reference's name. */
        String ratioBase() {
            Engine b = program().baseline();
            return b != null ? b.name() : program().reference().name();
        }

        /** What {@code engine}'s ratios divide by ({@link Program#baselineOf}), for the CSV; empty if nothing. */
        String ratioBase(Engine engine) {
            Engine b = program().baselineOf(engine);
            return b != null ? b.name() : program().baseline() == null ? program().reference().name() : "";
        }

        /** The median of {@code engine}'s baseline ({@link Program#baselineOf}); NaN if it was not measured. */
        double baselineMs(Engine engine) {
            Engine b = program().baselineOf(engine);
            if (b == null) {
                return Double.NaN;
            }
            if (b.equals(program().baseline())) {
                return baselineMs;
            }
            Summary s = get(b, 1);
            return s == null ? Double.NaN : s.medianMs();
        }

        /** Whether some engine is measured against a baseline other than the program's ({@link Program#baselineOf}). */
        boolean hasOwnBaselines() {
            return program().engines().stream().anyMatch(e -> {
                Engine b = program().baselineOf(e);
                return b != null && !b.equals(program().baseline());
            });
        }

        /** An engine's sequential overhead: its 1-worker median over its baseline's median. */
        double sequentialOverhead(Engine engine) {
            Summary s = get(engine, 1);
            return s == null ? Double.NaN : s.medianMs() / baselineMs(engine);
        }

        /** The engine's baseline's median over the engine's median at {@code workers}. */
        double speedup(Engine engine, int workers) {
            Summary s = get(engine, workers);
            return s == null ? Double.NaN : baselineMs(engine) / s.medianMs();
        }

        /** The subject's median over the reference's at {@code workers}; NaN if either is missing. */
        double subjectOverReference(int workers) {
            Summary s = get(program().subject(), workers);
            Summary r = get(program().reference(), workers);
            return s == null || r == null ? Double.NaN : s.medianMs() / r.medianMs();
        }

        /** The subject's ramp-up at {@code workers} ({@link RampProbe}); null for other engines or if not measured. */
        RampProbe.Ramp ramp(Engine engine, int workers) {
            return engine.equals(program().subject()) ? result.ramps().get(workers) : null;
        }

        boolean hasRamps() {
            return !result.ramps().isEmpty();
        }

        boolean hasOperations() {
            return byConfig.values().stream().anyMatch(s -> Double.isFinite(s.opsPerSec()));
        }

        boolean hasLatencies() {
            return byConfig.values().stream().anyMatch(s -> Double.isFinite(s.p50Micros()));
        }
    }

    static ProgramSummary summarize(Runner.ProgramResult r) {
        Map<Runner.Config, Summary> by = new LinkedHashMap<>();
        for (var e : r.samples().entrySet()) {
            if (e.getValue() != null && !e.getValue().isEmpty()) {
                by.put(e.getKey(), Summary.of(e.getKey(), e.getValue(), r.subjectTasksAtOneWorker()));
            }
        }
        Engine base = r.program().baseline();
        Summary b = base == null ? null : by.get(new Runner.Config(base, 1));
        return new ProgramSummary(r, by, b == null ? Double.NaN : b.medianMs());
    }

    static void print(PrintStream out, ProgramSummary ps, List<Integer> workers) {
        Program prog = ps.program();
        out.printf(Locale.ROOT, "%n%s — %s%n", ps.result().label(), prog.description());
        if (prog.baseline() != null) {
            out.printf(Locale.ROOT, "  %s %.2f ms (median)%n", prog.baseline().name(), ps.baselineMs());
        }
        List<Engine> engines = ps.measuredEngines();
        Engine subject = prog.subject();
        Engine reference = prog.reference();
        boolean compare = engines.contains(subject) && engines.contains(reference) && !subject.equals(reference);
        boolean subjectStats = engines.contains(subject) && subject.counters() == Engine.Counters.WEFT;
        boolean ops = ps.hasOperations();
        boolean lat = ps.hasLatencies();
        boolean ramps = subjectStats && ps.hasRamps();
        List<List<String>> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("workers"));
        for (Engine e : engines) {
            head.addAll(List.of("|", e.name() + " ms", "x " + ps.ratioBase(e)));
        }
        if (compare) {
            head.addAll(List.of("|", subject.name() + "/" + reference.name()));
        }
        if (subjectStats) {
            head.addAll(List.of("|", "steals", "steal/ms", "ratio", "idle%", "serve%"));
        }
        if (ramps) {
            head.add("ramp us");
        }
        rows.add(head);
        for (int p : workers) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(p)));
            for (Engine e : engines) {
                Summary s = ps.get(e, p);
                row.addAll(List.of("|", s == null ? "-" : fixed(s.medianMs(), 2), s == null ? "-" : fixed(ps.ratio(s), 2)));
            }
            if (compare) {
                row.addAll(List.of("|", fixed(ps.subjectOverReference(p), 3)));
            }
            if (subjectStats) {
                Summary w = ps.get(subject, p);
                row.addAll(List.of("|",
                        w == null ? "-" : Long.toString(w.steals()),
                        w == null ? "-" : fixed(w.stealRatePerMs(), 2),
                        w == null ? "-" : String.format(Locale.ROOT, "%.2g", w.stealRatio()),
                        w == null ? "-" : fixed(w.idlePct(), 1),
                        w == null ? "-" : fixed(w.servingPct(), 3)));
            }
            if (ramps) {
                row.add(rampCell(ps.ramp(subject, p)));
            }
            rows.add(row);
        }
        align(rows, 0).forEach(out::println);
        if (ops || lat) {
            List<List<String>> opRows = new ArrayList<>();
            List<String> h = new ArrayList<>(List.of("workers"));
            for (Engine e : engines) {
                h.addAll(List.of("|", e.name() + " Mops/s", "cpu ns/op"));
                if (lat) {
                    h.add("p50/p99 us");
                }
            }
            opRows.add(h);
            for (int p : workers) {
                List<String> row = new ArrayList<>(List.of(Integer.toString(p)));
                for (Engine e : engines) {
                    Summary s = ps.get(e, p);
                    row.addAll(List.of("|", s == null ? "-" : fixed(s.opsPerSec() / 1e6, 3),
                            s == null ? "-" : fixed(s.cpuNanosPerOp(), 0)));
                    if (lat) {
                        row.add(s == null ? "-" : fixed(s.p50Micros(), 1) + "/" + fixed(s.p99Micros(), 0));
                    }
                }
                opRows.add(row);
            }
            align(opRows, 0).forEach(out::println);
        }
    }

    /**
     * Rows of cells as lines: each column as wide as its widest cell (so a long program or runtime name
     * widens its column instead of pushing the rest of its row out of line), the first {@code left}
     * columns left-aligned, the others right-aligned, cells one space apart, indented by two.
     */
    static List<String> align(List<List<String>> rows, int left) {
        List<Integer> widths = new ArrayList<>();
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                if (c == widths.size()) {
                    widths.add(0);
                }
                widths.set(c, Math.max(widths.get(c), row.get(c).length()));
            }
        }
        List<String> lines = new ArrayList<>();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder(" ");
            for (int c = 0; c < row.size(); c++) {
                String cell = row.get(c);
                String pad = " ".repeat(widths.get(c) - cell.length());
                line.append(' ').append(c < left ? cell + pad : pad + cell);
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }

    /** Per suite, one line per program with each version's time over the suite's comparison point. */
    static void printOverview(PrintStream out, List<ProgramSummary> all, List<Integer> workers) {
        for (var suite : bySuite(all).entrySet()) {
            List<ProgramSummary> progs = suite.getValue();
            List<Engine> engines = enginesOf(progs);
            ProgramSummary first = progs.get(0);
            String base = first.ratioBase();
            boolean own = first.hasOwnBaselines();
            out.printf(Locale.ROOT, "%n%s: time / %s time (medians; lower is better%s)%n", suite.getKey(),
                    own ? "its own baseline's" : base,
                    first.program().baseline() == null ? "" : "; < 1 is faster than " + (own ? "that baseline" : base));
            if (first.hasOwnBaselines()) {
                out.println("  " + ownBaselines(first.program(), engines));
            }
            List<List<String>> rows = new ArrayList<>();
            List<String> head = new ArrayList<>(List.of("benchmark"));
            for (int p : workers) {
                head.add("|");
                for (Engine e : engines) {
                    head.add(e.name() + " x" + p);
                }
            }
            rows.add(head);
            for (ProgramSummary ps : progs) {
                List<String> row = new ArrayList<>(List.of(ps.result().label()));
                for (int p : workers) {
                    row.add("|");
                    for (Engine e : engines) {
                        Summary s = ps.get(e, p);
                        row.add(s == null ? "-" : fixed(ps.ratio(s), 2));
                    }
                }
                rows.add(row);
            }
            align(rows, 1).forEach(out::println);
        }
    }

    /** Which baseline each engine is measured against, in one line: "rayon, chili over rust-serial; ...". */
    static String ownBaselines(Program program, List<Engine> engines) {
        Map<String, List<String>> by = new LinkedHashMap<>();
        for (Engine e : engines) {
            Engine b = program.baselineOf(e);
            if (b != null) {
                by.computeIfAbsent(b.name(), k -> new ArrayList<>()).add(e.name());
            }
        }
        List<String> parts = new ArrayList<>();
        by.forEach((b, es) -> parts.add(String.join(", ", es) + " over " + b));
        return String.join("; ", parts);
    }

    /** The programs grouped by suite, in order of first appearance. */
    static Map<String, List<ProgramSummary>> bySuite(List<ProgramSummary> all) {
        Map<String, List<ProgramSummary>> m = new LinkedHashMap<>();
        for (ProgramSummary ps : all) {
            m.computeIfAbsent(ps.program().suite(), k -> new ArrayList<>()).add(ps);
        }
        return m;
    }

    /** The non-baseline engines measured in these programs, in order of first appearance. */
    static List<Engine> enginesOf(List<ProgramSummary> progs) {
        Set<Engine> out = new LinkedHashSet<>();
        for (ProgramSummary ps : progs) {
            out.addAll(ps.measuredEngines());
        }
        return List.copyOf(out);
    }

    static final String CSV_HEADER = "benchmark,runtime,workers,median_ms,serial_ms,ratio,min_ms,max_ms,"
            + "sequential_overhead,speedup,steal_ratio,steal_rate_per_ms,failed_steal_pct,idle_pct,serving_pct,"
            + "gc_pct,alloc_bytes_per_task,tasks_per_s_per_worker,suite,ratio_base,ops_per_s,cpu_ns_per_op,"
            + "latency_p50_us,latency_p99_us,latency_p999_us,ramp_us,ramp_busy_workers";

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
     * {@code serial_ms} is the median of the row's baseline ({@link Program#baselineOf}; empty for suites
     * without a baseline); {@code ratio} is over the engine named in {@code ratio_base}.
     */
    static List<List<String>> csvCells(ProgramSummary ps) {
        List<List<String>> rows = new ArrayList<>();
        for (Summary s : ps.byConfig().values()) {
            RampProbe.Ramp ramp = ps.ramp(s.engine(), s.workers());
            boolean measured = ramp != null && ramp.measured();
            rows.add(List.of(ps.program().name(), s.engine().name(), Integer.toString(s.workers()),
                    num(s.medianMs()), num(ps.baselineMs(s.engine())), num(ps.ratio(s)), num(s.minMs()),
                    num(s.maxMs()), num(ps.sequentialOverhead(s.engine())), num(ps.speedup(s.engine(), s.workers())),
                    num(s.stealRatio()), num(s.stealRatePerMs()), num(s.failedStealPct()), num(s.idlePct()),
                    num(s.servingPct()), num(s.gcPct()), num(s.allocPerTask()), num(s.tasksPerSecPerWorker()),
                    ps.program().suite(), ps.ratioBase(s.engine()), num(s.opsPerSec()), num(s.cpuNanosPerOp()),
                    num(s.p50Micros()), num(s.p99Micros()), num(s.p999Micros()),
                    measured ? num(ramp.micros()) : "", measured ? Integer.toString(ramp.busy()) : ""));
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

    /**
     * A ramp-up for the console: microseconds; "busy/workers" when not every worker took work; "-" when
     * not measured.
     */
    static String rampCell(RampProbe.Ramp r) {
        if (r == null || !r.measured()) {
            return "-";
        }
        return r.nanos() < 0 ? r.busy() + "/" + r.workers() : fixed(r.micros(), 1);
    }

    private static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }

    static String fixed(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
    }
}
