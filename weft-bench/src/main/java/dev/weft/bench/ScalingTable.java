package dev.weft.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * {@code ScalingTable FILE.csv...}: the compact summary of a scaling run (the pack's {@code run.sh}, see
 * {@code ./weft scaling-pack}) from the CSV files {@code ./weft bench --csv} wrote: per suite, small matrices
 * of program × worker count — each runtime's speedup over its serial program, the subject's time over the
 * reference's (Weft / ForkJoinPool), and, where {@code --stats} measured them, Weft's idle % and ramp-up. It
 * reads the CSV rather than re-running anything, so that it also summarizes files brought back from
 * another machine.
 */
public final class ScalingTable {
    private ScalingTable() {
    }

    /** The columns of a bench CSV row that the table uses. */
    record Row(String suite, String program, String runtime, int workers, double medianMs, double speedup,
               String ratioBase, double idlePct, double rampUs, String rampBusy) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: ScalingTable FILE.csv... (CSV files written by ./weft bench --csv)");
            System.exit(2);
        }
        List<Row> rows = new ArrayList<>();
        for (String a : args) {
            rows.addAll(read(Path.of(a)));
        }
        render(rows).forEach(System.out::println);
    }

    /** The rows of a CSV file written by {@link Tables#writeCsv}, by column name. */
    static List<Row> read(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty()) {
            return List.of();
        }
        List<String> header = List.of(lines.get(0).split(",", -1));
        List<Row> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] c = line.split(",", -1);
            BiFunction<String, String, String> cell = (name, dflt) -> {
                int i = header.indexOf(name);
                return i < 0 || i >= c.length ? dflt : c[i];
            };
            out.add(new Row(cell.apply("suite", Program.FORK_JOIN_SUITE), cell.apply("benchmark", "?"),
                    cell.apply("runtime", "?"), Integer.parseInt(cell.apply("workers", "1")),
                    num(cell.apply("median_ms", "")), num(cell.apply("speedup", "")), cell.apply("ratio_base", ""),
                    num(cell.apply("idle_pct", "")), num(cell.apply("ramp_us", "")), cell.apply("ramp_busy_workers", "")));
        }
        return out;
    }

    /** The summary's lines: per suite, its matrices two side by side. */
    static List<String> render(List<Row> rows) {
        Map<String, List<Row>> bySuite = new LinkedHashMap<>();
        for (Row r : rows) {
            bySuite.computeIfAbsent(r.suite(), k -> new ArrayList<>()).add(r);
        }
        List<String> out = new ArrayList<>();
        for (var suite : bySuite.entrySet()) {
            out.addAll(suite(suite.getKey(), suite.getValue()));
        }
        return out;
    }

    private static List<String> suite(String name, List<Row> rows) {
        Set<String> programs = new LinkedHashSet<>();
        for (Row r : rows) {
            programs.add(r.program());
        }
        Program first = program(name, programs.iterator().next());
        Set<Integer> counts = new TreeSet<>();
        Set<String> runtimes = new LinkedHashSet<>();
        for (Row r : rows) {
            if (!isBaseline(first, r.runtime())) {
                counts.add(r.workers());
                runtimes.add(r.runtime());
            }
        }
        String subject = first == null ? "weft" : first.subject().name();
        String reference = first == null ? "fjp" : first.reference().name();
        List<Integer> ps = List.copyOf(counts);
        int nameWidth = programs.stream().mapToInt(String::length).max().orElse(0);
        List<Block> blocks = new ArrayList<>();
        // Speedups: the subject first, then the other runtimes in the CSV's order; the reference's only where
        // other runtimes are shown too (else the subject's speedup and the ratio below say it).
        List<String> order = new ArrayList<>();
        order.add(subject);
        runtimes.stream().filter(r -> !r.equals(subject)).forEach(order::add);
        if (order.size() == 2 && order.get(1).equals(reference)) {
            order.remove(1);
        }
        for (String rt : order) {
            Block b = new Block(nameWidth, rt + ": speedup over " + base(rows, rt), ps);
            for (String prog : programs) {
                b.row(prog, p -> fixed(find(rows, prog, rt, p).map(Row::speedup).orElse(Double.NaN), 2));
            }
            if (b.hasValues()) {
                blocks.add(b);
            }
        }
        Block ratio = new Block(nameWidth, subject + " / " + reference + " (time; < 1: " + subject + " faster)", ps);
        for (String prog : programs) {
            ratio.row(prog, p -> fixed(find(rows, prog, subject, p).map(Row::medianMs).orElse(Double.NaN)
                    / find(rows, prog, reference, p).map(Row::medianMs).orElse(Double.NaN), 2));
        }
        Block self = new Block(nameWidth, subject + ": time at " + (ps.isEmpty() ? 1 : ps.get(0)) + " / time at P", ps);
        for (String prog : programs) {
            double one = ps.isEmpty() ? Double.NaN : find(rows, prog, subject, ps.get(0)).map(Row::medianMs).orElse(Double.NaN);
            self.row(prog, p -> fixed(one / find(rows, prog, subject, p).map(Row::medianMs).orElse(Double.NaN), 2));
        }
        Block idle = new Block(nameWidth, subject + ": idle %", ps);
        Block ramp = new Block(nameWidth, subject + ": all busy after (us; n/P: n took work)", ps);
        for (String prog : programs) {
            idle.row(prog, p -> fixed(find(rows, prog, subject, p).map(Row::idlePct).orElse(Double.NaN), 1));
            ramp.row(prog, p -> find(rows, prog, subject, p).map(ScalingTable::rampCell).orElse("-"));
        }
        boolean speedups = !blocks.isEmpty();
        for (Block b : List.of(ratio, self, idle, ramp)) {
            // A suite with a baseline shows speedups; one without shows the subject's own scaling instead.
            if (b.hasValues() && (b != self || !speedups)) {
                blocks.add(b);
            }
        }
        List<String> out = new ArrayList<>();
        out.add("");
        out.add(name + " (medians; P = workers)");
        for (int i = 0; i < blocks.size(); i += 2) {
            List<String> left = blocks.get(i).lines();
            List<String> right = i + 1 < blocks.size() ? blocks.get(i + 1).lines() : List.of();
            int width = left.stream().mapToInt(String::length).max().orElse(0);
            for (int k = 0; k < Math.max(left.size(), right.size()); k++) {
                String l = k < left.size() ? left.get(k) : "";
                String r = k < right.size() ? right.get(k) : "";
                out.add(r.isEmpty() ? l : String.format(Locale.ROOT, "%-" + width + "s  |  %s", l, r));
            }
        }
        return out;
    }

    /** Whether {@code runtime} is a baseline (a serial program, run at one worker only) of the suite. */
    private static boolean isBaseline(Program program, String runtime) {
        if (program == null) {
            return runtime.endsWith("serial");
        }
        return program.engines().stream().anyMatch(e -> e.baseline() && e.name().equals(runtime));
    }

    private static String rampCell(Row r) {
        if (Double.isFinite(r.rampUs())) {
            return r.rampUs() < 10 ? fixed(r.rampUs(), 1) : fixed(r.rampUs(), 0);
        }
        return r.rampBusy().isEmpty() ? "-" : r.rampBusy() + "/" + r.workers();
    }

    /** What {@code runtime}'s speedups are over (the CSV's ratio_base of its rows). */
    private static String base(List<Row> rows, String runtime) {
        return rows.stream().filter(r -> r.runtime().equals(runtime) && !r.ratioBase().isEmpty())
                .map(Row::ratioBase).findFirst().orElse("serial");
    }

    private static Optional<Row> find(List<Row> rows, String program, String runtime, int workers) {
        return rows.stream().filter(r -> r.program().equals(program) && r.runtime().equals(runtime)
                && r.workers() == workers).findFirst();
    }

    /** The registry's program of this suite and name, or null (a CSV from another version of the bench). */
    private static Program program(String suite, String name) {
        try {
            return Programs.select(List.of(name), List.of(suite)).get(0);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static double num(String s) {
        return s.isBlank() ? Double.NaN : Double.parseDouble(s);
    }

    private static String fixed(double v, int decimals) {
        return Tables.fixed(v, decimals);
    }

    /** One matrix: a title, then a row per program with a cell per worker count. */
    private static final class Block {
        private static final int CELL = 7;
        private final int name;
        private final String title;
        private final List<Integer> counts;
        private final List<String> lines = new ArrayList<>();
        private boolean values;

        Block(int nameWidth, String title, List<Integer> counts) {
            this.name = Math.max(3, nameWidth) + 2;
            this.title = title;
            this.counts = counts;
            StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-" + name + "s", "  P ="));
            for (int p : counts) {
                head.append(String.format(Locale.ROOT, "%" + CELL + "s", p));
            }
            lines.add(head.toString());
        }

        void row(String program, IntFunction<String> cell) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-" + (name - 2) + "s", program));
            for (int p : counts) {
                String v = cell.apply(p);
                values |= !v.equals("-");
                row.append(String.format(Locale.ROOT, "%" + CELL + "s", v));
            }
            lines.add(row.toString());
        }

        boolean hasValues() {
            return values;
        }

        List<String> lines() {
            List<String> out = new ArrayList<>();
            out.add("  " + title);
            out.addAll(lines);
            return out;
        }
    }
}
