package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the detector over the corpus ({@code src/test/resources/corpus}, see its README) and checks that it
 * reports exactly the marked lines.
 */
class CorpusTest {
    static final Path CORPUS = Path.of("src/test/resources/corpus");
    private static final Pattern MARK = Pattern.compile("//\\s*(expect|miss|false-alarm):\\s*(B\\d(?:\\s*,\\s*B\\d)*)");

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

    private static Report report;
    private static Map<String, Set<Mark>> marks;

    @BeforeAll
    static void analyse() throws IOException {
        report = new Detector(EnumSet.allOf(Bottleneck.class), false).analyse(List.of(CORPUS));
        marks = readMarks();
    }

    static Map<String, Set<Mark>> readMarks() throws IOException {
        Map<String, Set<Mark>> byKind = new HashMap<>();
        for (String kind : List.of("expect", "miss", "false-alarm")) {
            byKind.put(kind, new TreeSet<>());
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(CORPUS)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = MARK.matcher(lines.get(i));
                if (m.find()) {
                    for (String id : m.group(2).split(",")) {
                        byKind.get(m.group(1)).add(new Mark(name(f), i + 1, Bottleneck.parse(id)));
                    }
                }
            }
        }
        return byKind;
    }

    static String name(Path file) {
        return CORPUS.relativize(file).toString().replace('\\', '/');
    }

    private static Set<Mark> found(Report r) {
        Set<Mark> found = new TreeSet<>();
        for (Finding f : r.findings()) {
            found.add(new Mark(name(f.file()), f.line(), f.bottleneck()));
        }
        return found;
    }

    @Test
    void reportsExactlyTheMarkedLines() {
        Set<Mark> expected = new TreeSet<>(marks.get("expect"));
        expected.addAll(marks.get("false-alarm"));
        Set<Mark> found = found(report);
        Set<Mark> missing = new TreeSet<>(expected);
        missing.removeAll(found);
        Set<Mark> unexpected = new TreeSet<>(found);
        unexpected.removeAll(expected);
        assertTrue(missing.isEmpty() && unexpected.isEmpty(),
                "missing: " + missing + "\nunexpected: " + unexpected + "\nall findings:\n"
                        + report.findings().stream().map(Finding::toText).collect(Collectors.joining("\n")));
        assertTrue(report.problems().isEmpty(), report.problems().toString());
    }

    @Test
    void everyBottleneckHasSeveralPositives() {
        for (Bottleneck b : Bottleneck.values()) {
            long n = marks.get("expect").stream().filter(m -> m.bottleneck() == b).count();
            assertTrue(n >= 4, b + " has only " + n + " positives in the corpus");
        }
    }

    /** Precision and recall per bottleneck, from the markers; printed for the record. */
    @Test
    void precisionAndRecall() {
        StringBuilder table = new StringBuilder("bottleneck  TP  FP  FN  precision  recall\n");
        int tpAll = 0;
        int fpAll = 0;
        int fnAll = 0;
        for (Bottleneck b : Bottleneck.values()) {
            int tp = count("expect", b);
            int fp = count("false-alarm", b);
            int fn = count("miss", b);
            tpAll += tp;
            fpAll += fp;
            fnAll += fn;
            table.append(row(b.name(), tp, fp, fn));
        }
        table.append(row("all", tpAll, fpAll, fnAll));
        System.out.print(table);
        assertEquals(tpAll + fpAll, report.findings().size());
    }

    private static int count(String kind, Bottleneck b) {
        return (int) marks.get(kind).stream().filter(m -> m.bottleneck() == b).count();
    }

    private static String row(String name, int tp, int fp, int fn) {
        return String.format("%-10s %3d %3d %3d  %9.2f  %6.2f%n", name, tp, fp, fn,
                tp + fp == 0 ? 1.0 : tp / (double) (tp + fp), tp + fn == 0 ? 1.0 : tp / (double) (tp + fn));
    }

    @Test
    void onlyReportsTheBottlenecksAskedFor() throws IOException {
        Report only = new Detector(EnumSet.of(Bottleneck.B2, Bottleneck.B6), false).analyse(List.of(CORPUS));
        Set<Mark> expected = new TreeSet<>();
        for (Mark m : found(report)) {
            if (m.bottleneck() == Bottleneck.B2 || m.bottleneck() == Bottleneck.B6) {
                expected.add(m);
            }
        }
        assertEquals(expected, found(only));
        assertEquals(Set.of(Bottleneck.B2, Bottleneck.B6), only.counts().keySet());
    }

    /** The corpus is real code: it compiles against the JDK and the Weft API. */
    @Test
    void corpusCompiles() {
        Map<String, String> sources = new HashMap<>();
        sources.putAll(InMemoryCompiler.sourcesUnder(CORPUS));
        InMemoryCompiler.Result r = InMemoryCompiler.compile(sources);
        assertTrue(r.ok(), String.join("\n", r.errors()));
    }

    static List<String> lines(Report r) {
        List<String> out = new ArrayList<>();
        r.findings().forEach(f -> out.add(f.toText()));
        return out;
    }
}
