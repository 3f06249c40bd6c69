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
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The detector on shapes of real fork/join projects ({@code src/test/resources/realworld}, see its README):
 * reports exactly the marked lines, with precision and recall (scored from the findings) at least those measured,
 * and the holdout batches' at least those of their first run.
 */
class RealWorldTest {
    static final Path REAL_WORLD = Path.of("src/test/resources/realworld");
    /** Stand-ins for the libraries those projects compiled against (jsr166y, jsr166e, scala.concurrent.forkjoin). */
    static final Path DEPENDENCIES = Path.of("src/test/resources/realworld-deps");

    private static Report report;
    private static Markers marks;

    @BeforeAll
    static void analyse() throws IOException {
        report = new Detector(EnumSet.allOf(Bottleneck.class), false).analyse(List.of(REAL_WORLD));
        marks = Markers.read(REAL_WORLD);
    }

    @Test
    void reportsExactlyTheMarkedLines() {
        assertEquals("", marks.differences(report), String.join("\n", Markers.lines(report)));
        assertTrue(report.problems().isEmpty(), report.problems().toString());
    }

    /**
     * Precision and recall of the findings over the whole tree, scored against the markers. The floors are the
     * figures measured when they were set (192 warnings, 4 misses, all in holdout6); the targets were
     * recall 0.9 and precision 0.95.
     */
    @Test
    void precisionAndRecallOfTheFindings() {
        Markers.Score score = marks.score(report);
        System.out.print(score.table());
        assertTrue(score.recall() >= 0.97, score.table());
        assertTrue(score.precision() >= 0.99, score.table());
    }

    /**
     * The holdout batches, each written and scored once before anything was changed for it (see the README): their
     * first-run figures are floors. holdout6's misses are left as they are, so its figures are still those of its
     * first run; the others were tuned for after, and must not fall back below where they started.
     */
    @Test
    void holdoutBatchesKeepTheirFirstRunFigures() {
        record Batch(String name, double recall, double precision, String... dirs) {
        }
        List<Batch> batches = List.of(
                new Batch("first", 0.82, 1.00, "quickhull/", "wordfreq/", "convolve/", "crawler/", "lu-barrier/",
                        "sortlib/", "eventbus/", "stats/", "genetic/", "tiles/", "logsearch/", "bank/", "oldstyle/"),
                new Batch("second", 0.67, 1.00, "mapsplit/", "chunks/", "dirtree/", "blockmatrix/", "fetcher/",
                        "scores/", "completions/", "weftblur/", "guarded/"),
                new Batch("holdout3", 0.67, 1.00, "holdout3/"),
                new Batch("holdout4", 0.87, 1.00, "holdout4/"),
                new Batch("holdout5", 0.80, 1.00, "holdout5/"),
                new Batch("holdout6", 0.80, 1.00, "holdout6/"));
        StringBuilder failures = new StringBuilder();
        for (Batch b : batches) {
            Markers.Score score = marks.score(report, b.dirs());
            assertTrue(score.truePositives() + score.falseNegatives().size() >= 10, b.name() + " is too small");
            System.out.printf("%s: recall %.2f, precision %.2f%n", b.name(), score.recall(), score.precision());
            // The README rounds to two places; a floor of 0.80 holds a batch that scored 16 of 20.
            if (score.recall() < b.recall() - 0.005 || score.precision() < b.precision() - 0.005) {
                failures.append(b.name()).append(" below its first run (recall ").append(b.recall())
                        .append(", precision ").append(b.precision()).append("):\n").append(score.table());
            }
        }
        assertEquals("", failures.toString());
    }

    /**
     * The score is computed from the findings, so it can fail: one true finding lost lowers recall, one finding
     * on a line that is fine lowers precision, and both are named.
     */
    @Test
    void theScoreFollowsTheFindings() {
        List<Finding> findings = new ArrayList<>(report.findings());
        Finding lost = report.warnings().stream().filter(f -> marks.name(f.file()).startsWith("holdout6/"))
                .findFirst().orElseThrow();
        findings.remove(lost);
        Finding fine = new Finding(lost.file(), 1, 1, lost.bottleneck(), Finding.Level.WARNING, "made up", null);
        findings.add(fine);
        Report changed = new Report(findings, report.problems(), report.notices(), report.filesAnalysed(),
                report.bottlenecks(), 0);
        Markers.Score before = marks.score(report, "holdout6/");
        Markers.Score after = marks.score(changed, "holdout6/");
        assertTrue(after.recall() < before.recall(), after.table());
        assertTrue(after.precision() < before.precision(), after.table());
        String lostMark = marks.name(lost.file()) + ":" + lost.line() + " " + lost.bottleneck();
        assertTrue(after.falseNegatives().toString().contains(lostMark), after.table());
        assertEquals(1, after.falsePositives().size(), after.table());
        assertTrue(after.recall() < 0.80, "holdout6's floor would catch it: " + after.table());
    }

    /** Code on an in-house task library that is not in the tree is not analysed, and the run says so. */
    @Test
    void saysWhichForkJoinLookingCodeItCouldNotType() {
        List<String> notices = report.notices().stream().map(n -> marks.name(n.file()) + ":" + n.line()).toList();
        assertEquals(List.of("acme-untyped/src/main/java/com/acme/reports/ReportTask.java:10"), notices);
        assertTrue(report.notices().get(0).message().contains("com.acme.parallel.RecursiveTask"),
                report.notices().get(0).message());
    }

    /**
     * Every source root compiles (with the roots its {@code deps.txt} names, the stand-ins for the libraries and
     * weft-core): the shapes are real code, and two roots may declare the same classes.
     */
    @Test
    void everySourceRootCompiles() throws IOException {
        assertEquals(List.of(), compileRoots(REAL_WORLD));
    }

    /** Compiles every {@code src/main/java} under {@code tree}, each with its dependencies; returns the errors. */
    static List<String> compileRoots(Path tree) throws IOException {
        Map<String, String> dependencies = InMemoryCompiler.sourcesUnder(DEPENDENCIES);
        List<Path> roots;
        try (Stream<Path> s = Files.walk(tree)) {
            roots = s.filter(p -> p.endsWith(Path.of("src", "main", "java"))).sorted().toList();
        }
        assertTrue(roots.size() >= 30, roots.toString());
        List<String> errors = new ArrayList<>();
        for (Path root : roots) {
            Map<String, String> sources = new HashMap<>(dependencies);
            sources.putAll(prefixed("main/", InMemoryCompiler.sourcesUnder(root)));
            Path module = root.getParent().getParent().getParent();
            Path deps = module.resolve("deps.txt");
            if (Files.exists(deps)) {
                for (String d : Files.readAllLines(deps)) {
                    if (!d.isBlank()) {
                        Path other = module.resolve(d.strip()).resolve("src/main/java").normalize();
                        sources.putAll(prefixed(d.strip() + "/", InMemoryCompiler.sourcesUnder(other)));
                    }
                }
            }
            InMemoryCompiler.Result r = InMemoryCompiler.compile(sources);
            if (!r.ok()) {
                errors.add(root + ":\n" + String.join("\n", r.errors()));
            }
        }
        return errors;
    }

    private static Map<String, String> prefixed(String prefix, Map<String, String> sources) {
        Map<String, String> result = new HashMap<>();
        sources.forEach((name, text) -> result.put(prefix + name, text));
        return result;
    }
}
