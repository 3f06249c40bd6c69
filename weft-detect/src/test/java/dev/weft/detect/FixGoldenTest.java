package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --fix} respects the project it edits: one small project per rewrite ({@code src/test/resources/fix-golden},
 * each {@code X.java} next to the {@code X.java.golden} it must become, byte for byte). They have the traits real
 * projects have: a build file declaring Java 6 (Maven's {@code maven.compiler.source}, Gradle's
 * {@code sourceCompatibility}: no diamond), CRLF line ends, tabs or two-space indentation, imports in groups (the
 * project's own first), a commented-out import above one the rewrite removes, a Javadoc on the constructor whose
 * signature moves to the delegating one, and a bound declared first and assigned later ({@code int mid; ...
 * mid = n / 2;}), which the prover follows.
 */
class FixGoldenTest {
    static final Path GOLDEN = Path.of("src/test/resources/fix-golden");

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"b2-legacy, B2, 2", "b4-gradle, B4, 1"})
    void rewriteMatchesItsGoldenFile(String project, Bottleneck rule, int fixed) throws IOException {
        Path copy = copyOf(project);
        Report report = new Detector(EnumSet.of(rule), true).analyse(List.of(copy));
        assertEquals(fixed, report.findings().stream().filter(f -> f.fix() != null && f.fix().applied()).count(),
                Markers.lines(report).toString());
        assertFalse(report.hasUnfixedFindings(), Markers.lines(report).toString());
        for (Path golden : goldenFiles(GOLDEN.resolve(project))) {
            Path source = GOLDEN.resolve(project).relativize(golden);
            String name = source.toString().substring(0, source.toString().length() - ".golden".length());
            byte[] want = Files.readAllBytes(golden);
            byte[] got = Files.readAllBytes(copy.resolve(name));
            assertEquals(new String(want, StandardCharsets.UTF_8).replace("\r", "\\r"),
                    new String(got, StandardCharsets.UTF_8).replace("\r", "\\r"), name);
        }
        assertEquals(List.of(), compile(copy));
    }

    /** {@code --source} wins over the build file: at Java 8, the list of subtasks is made with a diamond. */
    @Test
    void aSourceLevelGivenOnTheCommandLineWins() throws IOException {
        Path copy = copyOf("b4-gradle");
        new Detector(EnumSet.of(Bottleneck.B4), true).withSourceLevel(8).analyse(List.of(copy));
        String fixed = Files.readString(copy.resolve("src/main/java/tree/DirSize.java"));
        String golden = Files.readString(GOLDEN.resolve("b4-gradle/src/main/java/tree/DirSize.java.golden"));
        assertTrue(fixed.contains("List<ForkJoinTask<?>> subtasks = new ArrayList<>();"), fixed);
        assertEquals(golden.replace("new ArrayList<ForkJoinTask<?>>()", "new ArrayList<>()"), fixed);
    }

    /** The command line takes {@code --source 1.6} and {@code --source=17}, and refuses what is no version. */
    @Test
    void theCommandLineTakesASourceLevel() throws IOException {
        Path copy = copyOf("b4-gradle");
        var out = new java.io.ByteArrayOutputStream();
        var err = new java.io.ByteArrayOutputStream();
        assertEquals(0, DetectMain.run(new String[] {copy.toString(), "--fix", "--source=17", "--only", "B4"},
                new java.io.PrintStream(out), new java.io.PrintStream(err)), err.toString());
        assertTrue(Files.readString(copy.resolve("src/main/java/tree/DirSize.java")).contains("new ArrayList<>()"));
        assertEquals(2, DetectMain.run(new String[] {copy.toString(), "--fix", "--source", "seven"},
                new java.io.PrintStream(out), new java.io.PrintStream(err)));
    }

    private Path copyOf(String project) throws IOException {
        Path from = GOLDEN.resolve(project);
        Path to = dir.resolve(project);
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (!p.toString().endsWith(".golden")) {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }

    private static List<Path> goldenFiles(Path project) throws IOException {
        try (Stream<Path> s = Files.walk(project)) {
            List<Path> found = s.filter(p -> p.toString().endsWith(".java.golden")).sorted().toList();
            assertFalse(found.isEmpty(), "no golden file in " + project);
            return found;
        }
    }

    /** The rewritten project compiles (against the stand-in of jsr166y the realworld corpus uses). */
    private static List<String> compile(Path project) throws IOException {
        Map<String, String> sources = new HashMap<>(InMemoryCompiler.sourcesUnder(RealWorldTest.DEPENDENCIES));
        sources.putAll(InMemoryCompiler.sourcesUnder(project.resolve("src/main/java")));
        InMemoryCompiler.Result r = InMemoryCompiler.compile(sources);
        return r.ok() ? List.of() : new ArrayList<>(r.errors());
    }
}
