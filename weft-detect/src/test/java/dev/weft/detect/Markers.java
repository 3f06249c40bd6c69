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
 * report, {@code // false-alarm: B6} on fine code it reports. Compares them with a report and scores the report's
 * findings against them ({@link #score}).
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

    /**
     * Scores {@code r} line by line against the markers, over the files whose name (relative to the root) starts
     * with one of {@code prefixes} (all files if none is given): the bottlenecks are the {@code expect} and
     * {@code miss} lines; a warning on one of them is a true positive, a warning anywhere else (an unmarked line, a
     * {@code false-alarm} or {@code note} line) a false positive, and a bottleneck line with no warning a false
     * negative. Notes are not scored. The score depends on what the report says, not on the markers alone: a lost
     * finding lowers recall, a new one on fine code lowers precision.
     */
    Score score(Report r, String... prefixes) {
        Set<Mark> bottlenecks = new TreeSet<>(marks.get(Kind.EXPECT));
        bottlenecks.addAll(marks.get(Kind.MISS));
        bottlenecks.removeIf(m -> !inScope(m, prefixes));
        Set<Mark> found = found(r, false);
        found.removeIf(m -> !inScope(m, prefixes));
        Map<Bottleneck, int[]> counts = new EnumMap<>(Bottleneck.class);
        for (Bottleneck b : Bottleneck.values()) {
            counts.put(b, new int[3]);
        }
        for (Mark m : found) {
            counts.get(m.bottleneck())[bottlenecks.contains(m) ? 0 : 1]++;
        }
        for (Mark m : bottlenecks) {
            if (!found.contains(m)) {
                counts.get(m.bottleneck())[2]++;
            }
        }
        Set<Mark> falsePositives = new TreeSet<>(found);
        falsePositives.removeAll(bottlenecks);
        Set<Mark> falseNegatives = new TreeSet<>(bottlenecks);
        falseNegatives.removeAll(found);
        return new Score(counts, falsePositives, falseNegatives);
    }

    private static boolean inScope(Mark m, String[] prefixes) {
        if (prefixes.length == 0) {
            return true;
        }
        for (String p : prefixes) {
            if (m.file().startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A report's score: true positives, false positives and false negatives per bottleneck, and which lines
     * were false.
     */
    record Score(Map<Bottleneck, int[]> counts, Set<Mark> falsePositives, Set<Mark> falseNegatives) {
        int truePositives() {
            return counts.values().stream().mapToInt(c -> c[0]).sum();
        }

        /** True positives over warnings; 1 when there is no warning. */
        double precision() {
            int tp = truePositives();
            return tp + falsePositives.size() == 0 ? 1.0 : tp / (double) (tp + falsePositives.size());
        }

        /** True positives over bottlenecks; 1 when there is no bottleneck. */
        double recall() {
            int tp = truePositives();
            return tp + falseNegatives.size() == 0 ? 1.0 : tp / (double) (tp + falseNegatives.size());
        }

        /** The table printed for the record, per bottleneck and in all, with the false lines. */
        String table() {
            StringBuilder table = new StringBuilder("bottleneck  TP  FP  FN  precision  recall\n");
            counts.forEach((b, c) -> table.append(row(b.name(), c[0], c[1], c[2])));
            table.append(row("all", truePositives(), falsePositives.size(), falseNegatives.size()));
            if (!falsePositives.isEmpty()) {
                table.append("false positives: ").append(falsePositives).append('\n');
            }
            if (!falseNegatives.isEmpty()) {
                table.append("false negatives: ").append(falseNegatives).append('\n');
            }
            return table.toString();
        }
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
