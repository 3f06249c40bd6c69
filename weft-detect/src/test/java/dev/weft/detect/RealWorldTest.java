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
 * reports exactly the marked lines, and reaches the targets of precision and recall.
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

    /** The targets: recall at least 0.9 and precision at least 0.95 over every bottleneck. */
    @Test
    void precisionAndRecallReachTheTargets() {
        System.out.print(marks.table());
        assertTrue(marks.recall() >= 0.9, marks.table());
        assertTrue(marks.precision() >= 0.95, marks.table());
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
