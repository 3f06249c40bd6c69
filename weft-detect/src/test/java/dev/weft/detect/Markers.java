package dev.weft.detect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The marker comments of a corpus: {@code // expect: B2} on a line the detector must report,
 * {@code // note: B1} on one it must report as a note, {@code // miss: B4} on a real bottleneck it does not
 * report, {@code // false-alarm: B6} on fine code it reports. Compares them with a report and computes precision
 * and recall.
 */
final class Markers {
    private static final Pattern MARK = Pattern.compile("//\\s*(expect|miss|false-alarm|note):\\s*(B\\d(?:\\s*,\\s*B\\d)*)");

    /** The kinds of marker. */
    enum Kind { EXPECT, MISS, FALSE_ALARM, NOTE }

    /** A (file, line, bottleneck) triple; sorts and prints the way the text output does. */
    record Mark(String file, int line, Bottleneck bottleneck) implements Comparable<Mark> {
        @Override
        public int compareTo(Mark o) {
            int c = file.compareTo(o.file);
            if (c == 0) {
                c = Integer.compare(line, o.line);
            }
            return c != 0 ? c : bottleneck.compareTo(o.bottleneck);
        }

        @Override
        public String toString() {
            return file + ":" + line + " " + bottleneck;
        }
    }

    private final Path root;
    private final Map<Kind, Set<Mark>> marks = new EnumMap<>(Kind.class);

    private Markers(Path root) {
        this.root = root;
        for (Kind k : Kind.values()) {
            marks.put(k, new TreeSet<>());
        }
    }

    /** Reads the markers of every Java file under {@code root}. */
    static Markers read(Path root) {
        Markers m = new Markers(root);
        try (Stream<Path> s = Files.walk(root)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher x = MARK.matcher(lines.get(i));
                    if (x.find()) {
                        Kind kind = Kind.valueOf(x.group(1).toUpperCase().replace('-', '_'));
                        for (String id : x.group(2).split(",")) {
                            m.marks.get(kind).add(new Mark(m.name(f), i + 1, Bottleneck.parse(id)));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return m;
    }

    String name(Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    Set<Mark> get(Kind kind) {
        return marks.get(kind);
    }

    /** What the report says, as marks: warnings, or notes. */
    Set<Mark> found(Report r, boolean notes) {
        Set<Mark> found = new TreeSet<>();
        for (Finding f : r.findings()) {
            if (f.isNote() == notes) {
                found.add(new Mark(name(f.file()), f.line(), f.bottleneck()));
            }
        }
        return found;
    }

    /** An empty string if the report is exactly what the markers say, else what differs. */
    String differences(Report r) {
        StringBuilder sb = new StringBuilder();
        Set<Mark> expected = new TreeSet<>(marks.get(Kind.EXPECT));
        expected.addAll(marks.get(Kind.FALSE_ALARM));
        compare("", expected, found(r, false), sb);
        compare("note ", marks.get(Kind.NOTE), found(r, true), sb);
        return sb.toString();
    }

    private static void compare(String what, Set<Mark> expected, Set<Mark> found, StringBuilder sb) {
        Set<Mark> missing = new TreeSet<>(expected);
        missing.removeAll(found);
        Set<Mark> unexpected = new TreeSet<>(found);
        unexpected.removeAll(expected);
        if (!missing.isEmpty()) {
            sb.append("missing ").append(what).append(missing).append('\n');
        }
        if (!unexpected.isEmpty()) {
            sb.append("unexpected ").append(what).append(unexpected).append('\n');
        }
    }

    private int count(Kind kind, Bottleneck b) {
        return (int) marks.get(kind).stream().filter(m -> m.bottleneck() == b).count();
    }

    /** Precision and recall per bottleneck from the markers: TP expect, FP false-alarm, FN miss. */
    String table() {
        StringBuilder table = new StringBuilder("bottleneck  TP  FP  FN  precision  recall\n");
        int tpAll = 0;
        int fpAll = 0;
        int fnAll = 0;
        for (Bottleneck b : Bottleneck.values()) {
            int tp = count(Kind.EXPECT, b);
            int fp = count(Kind.FALSE_ALARM, b);
            int fn = count(Kind.MISS, b);
            tpAll += tp;
            fpAll += fp;
            fnAll += fn;
            table.append(row(b.name(), tp, fp, fn));
        }
        return table.append(row("all", tpAll, fpAll, fnAll)).toString();
    }

    double precision() {
        int tp = marks.get(Kind.EXPECT).size();
        return tp / (double) (tp + marks.get(Kind.FALSE_ALARM).size());
    }

    double recall() {
        int tp = marks.get(Kind.EXPECT).size();
        return tp / (double) (tp + marks.get(Kind.MISS).size());
    }

    private static String row(String name, int tp, int fp, int fn) {
        return String.format("%-10s %3d %3d %3d  %9.2f  %6.2f%n", name, tp, fp, fn,
                tp + fp == 0 ? 1.0 : tp / (double) (tp + fp), tp + fn == 0 ? 1.0 : tp / (double) (tp + fn));
    }

    static List<String> lines(Report r) {
        List<String> out = new ArrayList<>();
        r.findings().forEach(f -> out.add(f.toText()));
        return out;
    }
}
