package dev.weft.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --report DIR}: writes {@code DIR/report.html}, one self-contained page (inline CSS and SVG, no
 * scripts, nothing fetched when it is viewed) with the machine, the options, and the figures of Kumar's
 * thesis for this run: sequential overhead per program (his figure 4.5), speedup curves (4.7), steal ratio
 * and steal rate (4.3, 5.1), and every CSV column in a table.
 *
 * <p>The page is well-formed XML (XHTML): every element is closed and all text is escaped, so tests parse
 * it with the JDK's XML parser, and browsers render it as ordinary HTML with inline SVG.
 */
final class Report {
    static final String XHTML = "http://www.w3.org/1999/xhtml";
    static final String WEFT = "#d95f02";
    static final String FJP = "#5e60a8";
    static final String IDEAL = "#888888";
    /** Colours of engines other than a suite's subject and reference, in order of appearance. */
    private static final String[] OTHERS = {"#1b9e77", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666"};

    private Report() {
    }

    /** Writes {@code dir/report.html} and returns its path. */
    static Path write(Path dir, List<Tables.ProgramSummary> all, Options o) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("report.html");
        Files.writeString(file, render(all, o, Machine.facts()), StandardCharsets.UTF_8);
        return file;
    }

    static String render(List<Tables.ProgramSummary> all, Options o, Map<String, String> machine) {
        List<Integer> workers = o.workers;
        Html h = new Html();
        h.raw("<!DOCTYPE html>\n");
        h.open("html", "xmlns", XHTML, "lang", "en").raw("\n");
        h.open("head");
        h.raw("<meta charset=\"utf-8\"/>");
        h.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>");
        h.el("title", "Weft benchmark report, " + machine.getOrDefault("Date", ""));
        h.open("style").text(CSS).close("style");
        h.close("head").raw("\n");
        h.open("body");
        h.el("h1", "Weft benchmark report");
        h.el("p", "Each program runs on each of its runtimes — for the fork/join suite its serial elision (every "
                + "fork replaced by a call), idiomatic ForkJoinPool code and idiomatic Weft code — interleaved in "
                + "one JVM after warm-up. Times are medians; every other metric comes from the run with the median "
                + "time.", "class", "lead");

        setup(h, all, o, machine);
        Map<String, List<Tables.ProgramSummary>> suites = Tables.bySuite(all);
        for (var e : suites.entrySet()) {
            Suite s = new Suite(e.getKey(), e.getValue(), suites.size() > 1);
            if (s.multi) {
                h.el("h2", "Suite: " + s.name, "class", "suite");
            }
            overview(h, s, workers);
            overhead(h, s);
            speedup(h, s, workers);
            throughput(h, s, workers);
            steals(h, s, workers);
        }
        data(h, all);
        definitions(h);
        h.close("body").raw("\n").close("html").raw("\n");
        return h.toString();
    }

    /**
     * The programs of one suite and their engines. Element ids carry the suite's name except for the
     * fork/join suite, whose ids stay as they were when it was the only one.
     */
    private record Suite(String name, List<Tables.ProgramSummary> programs, boolean multi) {
        Program first() {
            return programs.get(0).program();
        }

        /**
         * The suite's engines but its baseline, in program order (also those --runtimes left out: shown as –);
         * other baselines (another language's serial program) are shown like any engine.
         */
        List<Engine> engines() {
            java.util.LinkedHashSet<Engine> out = new java.util.LinkedHashSet<>();
            for (Tables.ProgramSummary ps : programs) {
                for (Engine e : ps.program().engines()) {
                    if (!e.equals(ps.program().baseline())) {
                        out.add(e);
                    }
                }
            }
            return List.copyOf(out);
        }

        Engine baseline() {
            return first().baseline();
        }

        /** A sentence naming the baseline of each engine measured against its own, or "" if none is. */
        String ownBaselines() {
            Tables.ProgramSummary ps = programs.get(0);
            return ps.hasOwnBaselines() ? " Each runtime is measured against the serial program of its own language: "
                    + Tables.ownBaselines(ps.program(), engines()) + "." : "";
        }

        String id(String base) {
            return name.equals(Program.FORK_JOIN_SUITE) ? base : base + "-" + name;
        }

        String color(Engine e) {
            if (e.equals(first().subject())) {
                return WEFT;
            }
            if (e.equals(first().reference())) {
                return FJP;
            }
            int k = 0;
            for (Engine x : engines()) {
                if (x.equals(e)) {
                    break;
                }
                if (!x.equals(first().subject()) && !x.equals(first().reference())) {
                    k++;
                }
            }
            return OTHERS[k % OTHERS.length];
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Sections

    private static void setup(Html h, List<Tables.ProgramSummary> all, Options o, Map<String, String> machine) {
        h.open("section", "id", "setup");
        h.el("h2", "Machine and options");
        h.open("div", "class", "cols");
        h.open("table", "class", "kv", "id", "machine");
        h.open("caption").text("Machine").close("caption");
        h.open("tbody");
        for (var e : machine.entrySet()) {
            h.open("tr").el("th", e.getKey(), "scope", "row").el("td", e.getValue()).close("tr");
        }
        h.close("tbody").close("table");
        h.open("table", "class", "kv", "id", "options");
        h.open("caption").text("Options").close("caption");
        h.open("tbody");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Sizes", o.quick ? "quick (--quick)" : "full (the seeds' sizes)"});
        List<String> labels = all.stream().map(ps -> ps.result().label()).toList();
        rows.add(new String[] {"Programs", labels.isEmpty() ? "(none)" : String.join(", ", labels)});
        rows.add(new String[] {"Runtimes", o.runtimes.isEmpty() ? "every runtime of each program" : String.join(", ", o.runtimes)});
        rows.add(new String[] {"Workers", join(o.workers)});
        rows.add(new String[] {"Warm-up runs", o.warmup + " per version" + (o.forks > 1 ? ", in each JVM" : "")});
        rows.add(new String[] {"Measured runs", o.reps + " per version" + (o.forks > 1 ? ", in each JVM" : "")});
        rows.add(new String[] {"JVMs (--forks)", Integer.toString(o.forks)});
        rows.add(new String[] {"GC before each run", o.gcBetweenRuns ? "yes" : "no (--no-gc)"});
        for (String[] r : rows) {
            h.open("tr").el("th", r[0], "scope", "row").el("td", r[1]).close("tr");
        }
        h.close("tbody").close("table");
        h.close("div");
        h.close("section");
    }

    /** The console's overview: each version's time over the comparison point, and subject over reference. */
    private static void overview(Html h, Suite s, List<Integer> workers) {
        Program first = s.first();
        Engine subject = first.subject();
        Engine reference = first.reference();
        Engine base = s.baseline();
        String baseName = s.programs().get(0).ratioBase();
        List<Engine> engines = s.engines();
        boolean compare = engines.contains(subject) && engines.contains(reference) && !subject.equals(reference);
        String cmp = subject.name() + "/" + reference.name();
        h.open("section", "id", s.id("overview"));
        h.el("h2", base != null ? "Time relative to " + base.title() : "Time relative to " + reference.title());
        h.el("p", "Median time over the " + (base != null ? base.title() + "'s median time (lower is better; below 1 "
                + "is faster than " + base.title() + ")" : reference.title() + "'s median time at the same worker "
                + "count (lower is better)") + "." + (compare ? " The " + cmp + " column is " + subject.title()
                + "'s time over " + reference.title() + "'s: green where " + subject.title() + " is more than 3% "
                + "faster, red where it is more than 3% slower." : "") + s.ownBaselines());
        h.open("div", "class", "scroll");
        h.open("table", "id", s.id("overview-table"));
        h.open("thead").open("tr");
        h.el("th", "program", "class", "l", "rowspan", "2").el("th", "size", "class", "l", "rowspan", "2");
        if (base != null) {
            h.el("th", baseName + " ms", "rowspan", "2");
        }
        int span = engines.size() + (compare ? 1 : 0);
        for (int p : workers) {
            h.el("th", p + (p == 1 ? " worker" : " workers"), "colspan", Integer.toString(span), "class", "group");
        }
        h.close("tr").open("tr");
        for (int ignored : workers) {
            for (Engine e : engines) {
                h.el("th", e.name());
            }
            if (compare) {
                h.el("th", cmp);
            }
        }
        h.close("tr").close("thead").open("tbody");
        for (Tables.ProgramSummary ps : s.programs()) {
            h.open("tr").el("td", ps.program().name(), "class", "l").el("td", ps.result().label(), "class", "l");
            if (base != null) {
                h.el("td", fixed(ps.baselineMs(), 2));
            }
            for (int p : workers) {
                for (Engine e : engines) {
                    Summary x = ps.get(e, p);
                    h.el("td", x == null ? "–" : fixed(ps.ratio(x), 2));
                }
                if (compare) {
                    double r = ps.subjectOverReference(p);
                    if (Double.isNaN(r)) {
                        h.el("td", "–");
                    } else {
                        h.el("td", fixed(r, 3), "class", r > 1.03 ? "worse" : r < 0.97 ? "better" : "even");
                    }
                }
            }
            h.close("tr");
        }
        h.close("tbody").close("table").close("div");
        h.close("section");
    }

    private static void overhead(Html h, Suite s) {
        Engine base = s.baseline();
        if (base == null) {
            return; // no baseline: no sequential overhead (the overview compares with the reference)
        }
        List<Tables.ProgramSummary> all = s.programs();
        List<Engine> engines = s.engines();
        h.open("section", "id", s.id("overhead"));
        h.el("h2", "Sequential overhead");
        h.el("p", "Time with one worker over the " + base.title() + "'s time: what the runtime costs when nothing "
                + "runs in parallel (Kumar's figure 4.5). 1.0, the dashed line, is the " + base.title() + "; the last "
                + "group is the geometric mean over the programs." + s.ownBaselines());
        List<String> cats = new ArrayList<>();
        for (Tables.ProgramSummary ps : all) {
            cats.add(ps.program().name());
        }
        cats.add("geomean");
        List<double[]> values = new ArrayList<>();
        List<Svg.Series> series = new ArrayList<>();
        for (Engine e : engines) {
            double[] v = new double[all.size() + 1];
            for (int i = 0; i < all.size(); i++) {
                v[i] = all.get(i).sequentialOverhead(e);
            }
            v[all.size()] = geomean(v, all.size());
            values.add(v);
            if (anyFinite(v)) {
                series.add(new Svg.Series(e.title(), s.color(e), v));
            }
        }
        if (series.isEmpty()) {
            note(h, "No sequential overhead to show: it needs " + base.title() + " runs and 1-worker runs.");
            h.close("section");
            return;
        }
        figure(h, "chart", Svg.bars(new Svg.Bars("Sequential overhead (1 worker / " + base.name() + "; lower is better)",
                "time / " + base.name() + " time", cats, series, Svg.Axis.AUTO, 1.0, base.name(), all.size(), true)));

        h.open("div", "class", "scroll");
        h.open("table", "id", s.id("overhead-table"));
        h.open("thead").open("tr").el("th", "program", "class", "l").el("th", base.name() + " ms");
        for (Engine e : engines) {
            h.el("th", e.name() + " 1-worker ms").el("th", e.name() + " overhead");
        }
        h.close("tr").close("thead");
        h.open("tbody");
        for (Tables.ProgramSummary ps : all) {
            h.open("tr").el("td", ps.program().name(), "class", "l").el("td", fixed(ps.baselineMs(), 2));
            for (Engine e : engines) {
                Summary x = ps.get(e, 1);
                h.el("td", x == null ? "–" : fixed(x.medianMs(), 2)).el("td", fixed(ps.sequentialOverhead(e), 3));
            }
            h.close("tr");
        }
        h.open("tr", "class", "geo").el("td", "geomean", "class", "l");
        for (int k = 0; k < engines.size(); k++) {
            double[] v = values.get(k);
            h.el("td", "over " + count(v, all.size()) + " programs", "colspan", k == 0 ? "2" : "1")
                    .el("td", fixed(v[all.size()], 3), "id", s.id("geomean-" + engines.get(k).name()));
        }
        h.close("tr");
        h.close("tbody").close("table").close("div");
        h.close("section");
    }

    private static void speedup(Html h, Suite s, List<Integer> workers) {
        Engine base = s.baseline();
        if (base == null) {
            return;
        }
        h.open("section", "id", s.id("speedup"));
        h.el("h2", "Speedup");
        h.el("p", base.title() + "'s time over the time with P workers, per program (Kumar's figure 4.7). The dashed "
                + "line is ideal scaling (P times faster than " + base.name() + " with P workers); the sequential "
                + "overhead is where each curve starts at one worker." + s.ownBaselines());
        if (workers.isEmpty()) {
            note(h, "No parallel runs to show.");
            h.close("section");
            return;
        }
        double[] xs = workers.stream().mapToDouble(Integer::doubleValue).toArray();
        h.open("div", "class", "grid");
        for (Tables.ProgramSummary ps : s.programs()) {
            List<Svg.Line> lines = new ArrayList<>();
            for (Engine e : s.engines()) {
                if (e.baseline()) {
                    continue; // another language's serial program: one point, no curve
                }
                double[] v = new double[xs.length];
                for (int i = 0; i < xs.length; i++) {
                    v[i] = ps.speedup(e, workers.get(i));
                }
                if (anyFinite(v)) {
                    lines.add(new Svg.Line(e.title(), s.color(e), xs, v, false));
                }
            }
            if (lines.isEmpty()) {
                h.open("figure", "class", "small");
                note(h, ps.result().label() + ": no speedup to show (it needs " + base.name() + " runs and parallel runs).");
                h.close("figure");
                continue;
            }
            double maxP = xs[xs.length - 1];
            lines.add(new Svg.Line("ideal", IDEAL, new double[] {0, maxP}, new double[] {0, maxP}, true));
            figure(h, "small", Svg.lines(new Svg.Lines(ps.result().label(), "workers", "speedup over " + base.name(),
                    lines, xs)));
        }
        h.close("div");
        h.close("section");
    }

    /** Operations per second, CPU time per operation and latency percentiles, for suites that count operations. */
    private static void throughput(Html h, Suite s, List<Integer> workers) {
        boolean ops = s.programs().stream().anyMatch(Tables.ProgramSummary::hasOperations);
        boolean lat = s.programs().stream().anyMatch(Tables.ProgramSummary::hasLatencies);
        if (!ops && !lat) {
            return;
        }
        List<Engine> engines = s.engines();
        h.open("section", "id", s.id("throughput"));
        h.el("h2", "Throughput");
        h.el("p", "Operations (messages, queries, transactions) per second of wall time, and process CPU time per "
                + "operation, in the run with the median time; where a program samples one-hop latencies, their "
                + "percentiles in microseconds.");
        if (ops) {
            for (int p : workers) {
                List<String> cats = new ArrayList<>();
                List<Svg.Series> series = new ArrayList<>();
                List<Tables.ProgramSummary> counted = s.programs().stream().filter(Tables.ProgramSummary::hasOperations).toList();
                for (Tables.ProgramSummary ps : counted) {
                    cats.add(ps.program().name());
                }
                for (Engine e : engines) {
                    double[] v = new double[counted.size()];
                    for (int i = 0; i < counted.size(); i++) {
                        Summary x = counted.get(i).get(e, p);
                        v[i] = x == null ? Double.NaN : x.opsPerSec() / 1e6;
                    }
                    if (anyFinite(v)) {
                        series.add(new Svg.Series(e.title(), s.color(e), v));
                    }
                }
                if (!series.isEmpty()) {
                    figure(h, "chart", Svg.bars(new Svg.Bars("Throughput at " + p + (p == 1 ? " worker" : " workers")
                            + " (million operations per second; higher is better)", "Mops/s", cats, series,
                            Svg.Axis.AUTO, Double.NaN, null, -1, true)));
                }
            }
        }
        h.open("div", "class", "scroll");
        h.open("table", "id", s.id("throughput-table"));
        h.open("thead").open("tr").el("th", "program", "class", "l").el("th", "runtime", "class", "l").el("th", "workers")
                .el("th", "Mops/s").el("th", "CPU ns/op");
        if (lat) {
            h.el("th", "p50 µs").el("th", "p99 µs").el("th", "p99.9 µs");
        }
        h.close("tr").close("thead").open("tbody");
        for (Tables.ProgramSummary ps : s.programs()) {
            for (int p : workers) {
                for (Engine e : engines) {
                    Summary x = ps.get(e, p);
                    if (x == null) {
                        continue;
                    }
                    h.open("tr").el("td", ps.program().name(), "class", "l").el("td", e.name(), "class", "l")
                            .el("td", Integer.toString(p)).el("td", fixed(x.opsPerSec() / 1e6, 3))
                            .el("td", fixed(x.cpuNanosPerOp(), 0));
                    if (lat) {
                        h.el("td", fixed(x.p50Micros(), 1)).el("td", fixed(x.p99Micros(), 1)).el("td", fixed(x.p999Micros(), 1));
                    }
                    h.close("tr");
                }
            }
        }
        h.close("tbody").close("table").close("div");
        h.close("section");
    }

    private static void steals(Html h, Suite s, List<Integer> workers) {
        List<Engine> weftEngines = s.engines().stream().filter(e -> e.counters() == Engine.Counters.WEFT).toList();
        List<Engine> fjEngines = s.engines().stream().filter(e -> e.counters() == Engine.Counters.FORK_JOIN).toList();
        if (weftEngines.isEmpty() && fjEngines.isEmpty()) {
            return;
        }
        List<Tables.ProgramSummary> all = s.programs();
        h.open("section", "id", s.id("steals"));
        h.el("h2", "Steals");
        h.el("p", "Steal ratio: tasks stolen over tasks created, at each worker count (Kumar's figures 4.3 and 5.1a; "
                + "log scale, a hollow circle on the baseline is zero steals). Steal rate: steals per millisecond of "
                + "the run, which is what the victims pay for (figure 5.1b).");
        List<Integer> parallel = workers.stream().filter(p -> p > 1).toList();
        if (parallel.isEmpty()) {
            note(h, "No runs with more than one worker, so nothing could be stolen.");
            h.close("section");
            return;
        }
        List<String> cats = all.stream().map(ps -> ps.program().name()).toList();
        for (Engine e : weftEngines) {
            List<Svg.Series> ratio = stealSeries(all, parallel, e, Summary::stealRatio, 0xfdd0a2, 0x7f2704);
            if (ratio.isEmpty()) {
                note(h, "No " + e.title() + " runs with more than one worker: no steal ratio to show.");
            } else {
                figure(h, "chart", Svg.bars(new Svg.Bars("Steal ratio, " + e.title() + " (steals / tasks)", "steals / tasks",
                        cats, ratio, Svg.Axis.LOG, Double.NaN, null, -1, false)));
            }
        }
        for (Engine e : weftEngines) {
            List<Svg.Series> rate = stealSeries(all, parallel, e, Summary::stealRatePerMs, 0xfdd0a2, 0x7f2704);
            if (!rate.isEmpty()) {
                figure(h, "chart", Svg.bars(new Svg.Bars("Steal rate, " + e.title() + " (steals per ms)", "steals / ms",
                        cats, rate, Svg.Axis.AUTO, Double.NaN, null, -1, true)));
            }
        }
        for (Engine e : fjEngines) {
            List<Svg.Series> rate = stealSeries(all, parallel, e, Summary::stealRatePerMs, 0xdadaeb, 0x3f007d);
            if (!rate.isEmpty()) {
                figure(h, "chart", Svg.bars(new Svg.Bars("Steal rate, " + e.title() + " (steals per ms)", "steals / ms",
                        cats, rate, Svg.Axis.AUTO, Double.NaN, null, -1, true)));
            }
        }
        h.close("section");
    }

    /** One series per worker count (light to dark), or none if the engine has no run at any of them. */
    private static List<Svg.Series> stealSeries(List<Tables.ProgramSummary> all, List<Integer> workers, Engine engine,
                                                java.util.function.ToDoubleFunction<Summary> metric, int light, int dark) {
        List<Svg.Series> out = new ArrayList<>();
        boolean any = false;
        for (int k = 0; k < workers.size(); k++) {
            int p = workers.get(k);
            double[] v = new double[all.size()];
            for (int i = 0; i < all.size(); i++) {
                Summary s = all.get(i).get(engine, p);
                v[i] = s == null ? Double.NaN : metric.applyAsDouble(s);
            }
            any |= anyFinite(v);
            double t = workers.size() == 1 ? 1 : 0.35 + 0.65 * k / (workers.size() - 1);
            out.add(new Svg.Series(p + " workers", mix(light, dark, t), v));
        }
        return any ? out : List.of();
    }

    /** Every CSV column, with the same cells as the CSV file. */
    private static void data(Html h, List<Tables.ProgramSummary> all) {
        h.open("section", "id", "data");
        h.el("h2", "All measurements");
        h.el("p", "The CSV's rows and columns (same numbers). Empty cells: the metric does not apply to that runtime.");
        h.open("div", "class", "scroll");
        h.open("table", "id", "data-table", "class", "data");
        h.open("thead").open("tr");
        String[] cols = Tables.CSV_HEADER.split(",");
        for (int i = 0; i < cols.length; i++) {
            h.el("th", cols[i].replace('_', ' '), "title", cols[i], "class", i < 2 ? "l" : "n");
        }
        h.close("tr").close("thead");
        for (Tables.ProgramSummary ps : all) {
            h.open("tbody");
            for (List<String> row : Tables.csvCells(ps)) {
                h.open("tr", "class", row.get(1));
                for (int i = 0; i < row.size(); i++) {
                    h.el("td", row.get(i), "class", i < 2 ? "l" : "n");
                }
                h.close("tr");
            }
            h.close("tbody");
        }
        h.close("table").close("div");
        h.close("section");
    }

    private static void definitions(Html h) {
        h.open("section", "id", "definitions");
        h.el("h2", "Definitions");
        h.open("dl");
        String[][] defs = {
            {"sequential overhead", "median time with 1 worker / median time of the baseline (the serial elision; for a "
                    + "runtime of another language, that language's serial program: the CSV's ratio_base names it)"},
            {"speedup", "median time of the baseline / median time with P workers"},
            {"ratio", "median time / median time of the baseline; in suites without a baseline, / median time of the "
                    + "reference runtime at the same worker count (the CSV's ratio_base names it)"},
            {"steal ratio", "tasks stolen / tasks created. ForkJoinPool does not count its forks, so its ratio divides "
                    + "its steal count by the number of tasks Weft created at 1 worker (the decomposition is the same)."},
            {"steal rate", "steals per millisecond of wall time"},
            {"failed steal %", "Weft: steal attempts on a non-empty victim that lost the race, over all such attempts"},
            {"idle %", "Weft: time workers spent without work, over workers × wall time"},
            {"serving %", "Weft: time victims spent publishing work for thieves, over workers × wall time"},
            {"GC %", "time the JVM spent collecting during the run, over wall time"},
            {"alloc bytes per task", "bytes allocated by all threads during the run / tasks created"},
            {"tasks per s per worker", "tasks created / wall time / workers (Lea's task rate)"},
            {"ops per s", "operations the program reports (messages, queries, transactions) / wall time"},
            {"CPU ns per op", "CPU time of the whole process during the run / operations"},
            {"latency percentiles", "one-hop latencies the program samples during the run, nearest-rank percentiles"},
            {"ramp us", "Weft, with --stats: in one extra, untimed run per worker count, the time from the first worker "
                    + "taking work to every worker having taken work (from Weft's JFR idle events); ramp busy workers: "
                    + "how many took work at all (ramp us is empty when that is fewer than the workers)"},
        };
        for (String[] d : defs) {
            h.el("dt", d[0]).el("dd", d[1]);
        }
        h.close("dl");
        h.close("section");
    }

    // ---------------------------------------------------------------------------------------------
    // Helpers

    /** The geometric mean of the finite positive values among the first {@code n}; NaN if there are none. */
    static double geomean(double[] v, int n) {
        double sum = 0;
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (Double.isFinite(v[i]) && v[i] > 0) {
                sum += Math.log(v[i]);
                c++;
            }
        }
        return c == 0 ? Double.NaN : Math.exp(sum / c);
    }

    private static int count(double[] v, int n) {
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (Double.isFinite(v[i]) && v[i] > 0) {
                c++;
            }
        }
        return c;
    }

    private static boolean anyFinite(double[] v) {
        for (double x : v) {
            if (Double.isFinite(x)) {
                return true;
            }
        }
        return false;
    }

    private static String mix(int a, int b, double t) {
        int r = (int) Math.round(((a >> 16) & 255) * (1 - t) + ((b >> 16) & 255) * t);
        int g = (int) Math.round(((a >> 8) & 255) * (1 - t) + ((b >> 8) & 255) * t);
        int bl = (int) Math.round((a & 255) * (1 - t) + (b & 255) * t);
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, bl);
    }

    private static String fixed(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "–";
    }

    private static String join(List<Integer> xs) {
        return String.join(", ", xs.stream().map(String::valueOf).toList());
    }

    private static void note(Html h, String text) {
        h.el("p", text, "class", "note");
    }

    private static void figure(Html h, String cls, String svg) {
        h.open("figure", "class", cls).raw(svg).close("figure");
    }

    /** Just enough of an XHTML writer: every element closed, every text and attribute escaped. */
    private static final class Html {
        private final StringBuilder b = new StringBuilder(1 << 16);

        Html open(String tag, String... attrs) {
            b.append('<').append(tag);
            for (int i = 0; i < attrs.length; i += 2) {
                b.append(' ').append(attrs[i]).append("=\"").append(Svg.esc(attrs[i + 1])).append('"');
            }
            b.append('>');
            return this;
        }

        Html close(String tag) {
            b.append("</").append(tag).append('>');
            return this;
        }

        Html text(String s) {
            b.append(Svg.esc(s));
            return this;
        }

        Html el(String tag, String text, String... attrs) {
            return open(tag, attrs).text(text).close(tag);
        }

        Html raw(String s) {
            b.append(s);
            return this;
        }

        @Override
        public String toString() {
            return b.toString();
        }
    }

    private static final String CSS = """
            body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222;
                   max-width: 1040px; margin: 0 auto; padding: 12px 20px 40px; line-height: 1.4; }
            h1 { font-size: 1.6em; margin: 0.3em 0; }
            h2 { font-size: 1.25em; border-bottom: 1px solid #ddd; padding-bottom: 3px; margin-top: 1.8em; }
            p.lead { color: #444; }
            .note { color: #777; font-style: italic; }
            .cols { display: flex; flex-wrap: wrap; gap: 28px; align-items: flex-start; }
            caption { text-align: left; font-weight: 600; padding-bottom: 4px; }
            table { border-collapse: collapse; font-size: 13px; margin: 10px 0; font-variant-numeric: tabular-nums; }
            th, td { padding: 3px 8px; border-bottom: 1px solid #e6e6e6; text-align: right; white-space: nowrap; }
            th { background: #f3f3f3; font-weight: 600; }
            th.group { text-align: center; border-left: 1px solid #ddd; }
            .l { text-align: left; }
            table.kv th, table.kv td { text-align: left; white-space: normal; vertical-align: top; }
            table.kv td { max-width: 520px; overflow-wrap: anywhere; }
            table.data { font-size: 12px; }
            table.data th { white-space: normal; vertical-align: bottom; min-width: 44px; }
            table.data tbody { border-top: 2px solid #bbb; }
            tr.weft td { background: #fff6ef; }
            tr.fjp td { background: #f5f5fc; }
            tr.geo td { font-weight: 700; border-top: 2px solid #999; }
            td.better { color: #1a7f37; font-weight: 600; }
            td.worse { color: #c62828; font-weight: 600; }
            .scroll { overflow-x: auto; }
            figure { margin: 14px 0; }
            figure svg { display: block; width: 100%; height: auto; }
            figure.chart svg { max-width: 900px; }
            .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 10px; }
            .grid figure { margin: 0; border: 1px solid #eee; border-radius: 4px; padding: 4px; }
            dt { font-weight: 600; margin-top: 6px; }
            dd { margin-left: 18px; color: #444; }
            """;
}
