package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the detector over the corpus of bottleneck shapes ({@code src/test/resources/corpus}, see its README) and
 * checks that it reports exactly the marked lines.
 */
class CorpusTest {
    static final Path CORPUS = Path.of("src/test/resources/corpus");

    private static Report report;
    private static Markers marks;

    @BeforeAll
    static void analyse() throws IOException {
        report = new Detector(EnumSet.allOf(Bottleneck.class), false).analyse(List.of(CORPUS));
        marks = Markers.read(CORPUS);
    }

    @Test
    void reportsExactlyTheMarkedLines() {
        assertEquals("", marks.differences(report), String.join("\n", Markers.lines(report)));
        assertTrue(report.problems().isEmpty(), report.problems().toString());
        assertTrue(report.notices().isEmpty(), report.notices().toString());
    }

    @Test
    void everyBottleneckHasSeveralPositives() {
        for (Bottleneck b : Bottleneck.values()) {
            long n = marks.get(Markers.Kind.EXPECT).stream().filter(m -> m.bottleneck() == b).count();
            assertTrue(n >= 4, b + " has only " + n + " positives in the corpus");
        }
    }

    /**
     * Precision and recall of the findings, scored against the markers: every bottleneck line is found, and the
     * one false positive is the line marked {@code false-alarm} (synchronization in dead code).
     */
    @Test
    void precisionAndRecall() {
        Markers.Score score = marks.score(report);
        System.out.print(score.table());
        assertEquals(1.0, score.recall(), score.table());
        assertEquals(marks.get(Markers.Kind.FALSE_ALARM), score.falsePositives(), score.table());
        assertTrue(score.precision() >= 0.98, score.table());
        assertEquals(score.truePositives() + score.falsePositives().size(), report.warnings().size());
    }

    @Test
    void onlyReportsTheBottlenecksAskedFor() throws IOException {
        Report only = new Detector(EnumSet.of(Bottleneck.B2, Bottleneck.B6), false).analyse(List.of(CORPUS));
        Set<Markers.Mark> expected = new TreeSet<>();
        for (Markers.Mark m : marks.found(report, false)) {
            if (m.bottleneck() == Bottleneck.B2 || m.bottleneck() == Bottleneck.B6) {
                expected.add(m);
            }
        }
        assertEquals(expected, marks.found(only, false));
        assertEquals(Set.of(Bottleneck.B2, Bottleneck.B6), only.counts().keySet());
    }

    /** The corpus is real code: it compiles against the JDK and the Weft API. */
    @Test
    void corpusCompiles() {
        Map<String, String> sources = new HashMap<>(InMemoryCompiler.sourcesUnder(CORPUS));
        InMemoryCompiler.Result r = InMemoryCompiler.compile(sources);
        assertTrue(r.ok(), String.join("\n", r.errors()));
    }
}
