package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line: arguments, exit status, output formats, unparseable and non-Java files. */
class DetectMainTest {
    private static final String SLEEPY = """
            package p;

            import java.util.concurrent.RecursiveAction;

            class Sleepy extends RecursiveAction {
                @Override
                protected void compute() {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    synchronized (this) {
                        notifyAll();
                    }
                }
            }
            """;
    private static final String CALM = """
            package p;

            class Calm {
                static void main() throws InterruptedException {
                    Thread.sleep(10);
                }
            }
            """;

    @TempDir
    Path dir;

    /** What one run printed. */
    record Run(int status, String out, String err) {
        List<String> outLines() {
            return out.lines().toList();
        }
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = DetectMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void usageErrorsExitWithTwo() throws IOException {
        Files.writeString(dir.resolve("Calm.java"), CALM);
        String path = dir.toString();
        for (String[] args : List.of(new String[] {}, new String[] {"--bogus", path},
                new String[] {"--format", "xml", path}, new String[] {"--only", "B7", path},
                new String[] {"--only", ",", path}, new String[] {"--format"}, new String[] {dir.resolve("missing").toString()})) {
            Run r = run(args);
            assertEquals(2, r.status(), String.join(" ", args));
            assertTrue(r.err().contains("Usage: weft detect"), r.err());
            assertEquals("", r.out());
        }
        assertEquals(0, run("--help").status());
    }

    @Test
    void nothingFoundExitsWithZero() throws IOException {
        Files.writeString(dir.resolve("Calm.java"), CALM);
        Run r = run(dir.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertEquals(List.of(
                "B1 centralized pooling (thread layer): 0 findings",
                "B2 copy on fork (data layer): 0 findings",
                "B3 copy on join (data layer): 0 findings",
                "B4 scattered data (data layer): 0 findings",
                "B5 intra-task synchronization (synchronization layer): 0 findings",
                "B6 sleepy workers (synchronization layer): 0 findings",
                "0 findings in 0 files of 1 analysed"), r.outLines());
    }

    @Test
    void findingsAreLinesSortedByFileAndLineThenASummary() throws IOException {
        Files.createDirectories(dir.resolve("a"));
        Files.writeString(dir.resolve("b.java"), SLEEPY.replace("class Sleepy", "class B"));
        Files.writeString(dir.resolve("a/Sleepy.java"), SLEEPY);
        Files.writeString(dir.resolve("notes.txt"), SLEEPY);
        Files.writeString(dir.resolve("Sleepy.java.orig"), SLEEPY);
        Run r = run(dir.toString(), "--only", "B5,B6");
        assertEquals(1, r.status(), r.err());
        List<String> lines = r.outLines();
        String a = dir.resolve("a/Sleepy.java").toString();
        String b = dir.resolve("b.java").toString();
        assertTrue(lines.get(0).startsWith(a + ":9:13: [B6 sleepy workers] Thread.sleep()"), lines.get(0));
        assertTrue(lines.get(1).startsWith(a + ":13:9: [B5 intra-task synchronization] synchronized (this)"), lines.get(1));
        assertTrue(lines.get(2).startsWith(b + ":9:13: [B6 sleepy workers]"), lines.get(2));
        assertTrue(lines.get(3).startsWith(b + ":13:9: [B5 intra-task synchronization]"), lines.get(3));
        assertTrue(lines.get(0).contains("synchronization management layer"), lines.get(0));
        assertEquals(List.of(
                "B5 intra-task synchronization (synchronization layer): 2 findings",
                "B6 sleepy workers (synchronization layer): 2 findings",
                "4 findings in 2 files of 2 analysed"), lines.subList(4, lines.size()));
    }

    @Test
    void aFileThatDoesNotParseIsReportedAndTheOthersAnalysed() throws IOException {
        Files.writeString(dir.resolve("Broken.java"), "class Broken { void f() { int x = ; } }");
        Files.writeString(dir.resolve("Sleepy.java"), SLEEPY);
        Run r = run(dir.toString());
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith(dir.resolve("Broken.java") + ":1:"), r.err());
        assertTrue(r.err().contains(": error: "), r.err());
        assertEquals(2, r.outLines().stream().filter(l -> l.startsWith(dir.resolve("Sleepy.java").toString())).count());
        assertTrue(r.out().contains("2 findings in 1 file of 1 analysed; 1 file could not be analysed"), r.out());
    }

    @Test
    void aRunWhereNoFileParsesExitsWithThreeNotZero() throws IOException {
        Files.writeString(dir.resolve("Broken.java"), "class Broken { void f() { int x = ; } }");
        Files.writeString(dir.resolve("Other.java"), "class Other {");
        Run r = run(dir.toString());
        assertEquals(DetectMain.UNANALYSED, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("Broken.java:1:"), r.err());
        assertTrue(r.err().contains("nothing found, but 2 of 2 files could not be analysed"), r.err());
        assertTrue(r.out().contains("0 findings in 0 files of 0 analysed; 2 files could not be analysed"), r.out());
    }

    /** Receivers that nothing could type are counted in the summary, not passed over in silence. */
    @Test
    void receiversThatCouldNotBeTypedAreCounted() throws IOException {
        Files.writeString(dir.resolve("Unknown.java"), """
                import com.acme.Pools;
                import java.util.concurrent.RecursiveAction;

                class Unknown extends RecursiveAction {
                    @Override protected void compute() {
                        var pool = Pools.shared();
                        pool.lock();
                    }
                }
                """);
        Run r = run(dir.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("0 findings in 0 files of 1 analysed; 1 call receiver could not be typed\n"),
                r.out());
    }

    @Test
    void aSymbolicLinkToADirectoryIsFollowed() throws IOException {
        Path real = Files.createDirectories(dir.resolve("real/p"));
        Files.writeString(real.resolve("Sleepy.java"), SLEEPY);
        Path link = Files.createSymbolicLink(dir.resolve("link"), dir.resolve("real"));
        Run r = run(link.toString(), "--only", "B6");
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith(link.resolve("p/Sleepy.java") + ":9:13: [B6 sleepy workers]"), r.out());
        assertTrue(r.out().contains("1 finding in 1 file of 1 analysed"), r.out());
    }

    @Test
    void linksInsideATreeAreFollowedOnceAndLoopsEnd() throws IOException {
        Path p = Files.createDirectories(dir.resolve("src/p"));
        Files.writeString(p.resolve("Sleepy.java"), SLEEPY);
        Files.createSymbolicLink(p.resolve("again"), dir.resolve("src"));   // a loop: src/p/again -> src
        Files.createSymbolicLink(dir.resolve("alias"), dir.resolve("src"));  // a second way to the same file
        Run r = run(dir.toString(), "--only", "B6");
        assertEquals(1, r.status(), r.out() + r.err());
        assertEquals(1, r.outLines().stream().filter(l -> l.contains("[B6 sleepy workers]")).count(), r.out());
        assertTrue(r.out().contains("1 finding in 1 file of 1 analysed"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void nothingToAnalyseIsAUsageError() throws IOException {
        Files.writeString(dir.resolve("notes.txt"), "not Java");
        Run empty = run(dir.toString());
        assertEquals(2, empty.status(), empty.out() + empty.err());
        assertTrue(empty.err().contains("no Java files under " + dir), empty.err());
        Run text = run(dir.resolve("notes.txt").toString());
        assertEquals(2, text.status());
        assertTrue(text.err().contains("not a Java file or a directory: " + dir.resolve("notes.txt")), text.err());
        Path dangling = Files.createSymbolicLink(dir.resolve("gone"), dir.resolve("missing"));
        Run broken = run(dangling.toString());
        assertEquals(2, broken.status());
        assertTrue(broken.err().contains("a symbolic link to nothing"), broken.err());
    }

    @Test
    void largeTreesGetProgressLines() throws IOException {
        for (int i = 0; i < Detector.PROGRESS_THRESHOLD; i++) {
            Files.writeString(dir.resolve("C" + i + ".java"), "class C" + i + " { }");
        }
        Run r = run(dir.toString());
        assertEquals(0, r.status());
        assertTrue(r.err().contains("weft detect: scanned "), r.err());
        assertTrue(r.err().contains("files/s"), r.err());
        assertFalse(r.out().contains("parsing"));
    }

    @Test
    void sarifIsValidJsonWithARulePerBottleneckAndAResultPerFinding() throws IOException {
        Files.writeString(dir.resolve("Sleepy.java"), SLEEPY);
        Files.writeString(dir.resolve("Broken.java"), "class Broken {");
        Run text = run(dir.toString());
        Run r = run("--format", "sarif", dir.toString());
        assertEquals(1, r.status());
        Map<?, ?> sarif = (Map<?, ?>) MiniJson.parse(r.out());
        assertEquals("2.1.0", sarif.get("version"));
        Map<?, ?> run = (Map<?, ?>) ((List<?>) sarif.get("runs")).get(0);
        Map<?, ?> driver = (Map<?, ?>) ((Map<?, ?>) run.get("tool")).get("driver");
        List<String> ruleIds = new ArrayList<>();
        for (Object rule : (List<?>) driver.get("rules")) {
            ruleIds.add((String) ((Map<?, ?>) rule).get("id"));
            assertTrue(((Map<?, ?>) ((Map<?, ?>) rule).get("fullDescription")).get("text").toString().contains("layer"));
        }
        assertEquals(List.of("B1", "B2", "B3", "B4", "B5", "B6"), ruleIds);
        List<?> results = (List<?>) run.get("results");
        assertEquals(2, results.size());
        Map<?, ?> first = (Map<?, ?>) results.get(0);
        assertEquals("B6", first.get("ruleId"));
        assertEquals(5.0, first.get("ruleIndex"));
        assertTrue(((Map<?, ?>) first.get("message")).get("text").toString().startsWith("[B6 sleepy workers]"));
        Map<?, ?> location = (Map<?, ?>) ((Map<?, ?>) ((List<?>) first.get("locations")).get(0)).get("physicalLocation");
        // Outside the invocation directory: an absolute URI, with no base.
        assertEquals(dir.resolve("Sleepy.java").toUri().toString(), ((Map<?, ?>) location.get("artifactLocation")).get("uri"));
        assertFalse(((Map<?, ?>) location.get("artifactLocation")).containsKey("uriBaseId"));
        assertEquals(9.0, ((Map<?, ?>) location.get("region")).get("startLine"));
        assertEquals(13.0, ((Map<?, ?>) location.get("region")).get("startColumn"));
        Map<?, ?> invocation = (Map<?, ?>) ((List<?>) run.get("invocations")).get(0);
        assertEquals(1, ((List<?>) invocation.get("toolExecutionNotifications")).size());
        assertEquals(text.status(), r.status());
    }

    /**
     * Locations are relative to the directory the tool ran in, against the base {@code %SRCROOT%} the run defines
     * as that directory, as code scanning expects: given relative or absolute, a file under it is named the same.
     */
    @Test
    void sarifLocationsAreRelativeToTheInvocationDirectory() {
        String relative = "src/test/resources/fix/Csst.java";
        for (String given : List.of(relative, Path.of(relative).toAbsolutePath().toString())) {
            Run r = run("--format", "sarif", given);
            assertEquals(1, r.status());
            Map<?, ?> run = (Map<?, ?>) ((List<?>) ((Map<?, ?>) MiniJson.parse(r.out())).get("runs")).get(0);
            Map<?, ?> bases = (Map<?, ?>) run.get("originalUriBaseIds");
            assertEquals(Path.of("").toAbsolutePath().toUri().toString(),
                    ((Map<?, ?>) bases.get("%SRCROOT%")).get("uri"));
            Map<?, ?> result = (Map<?, ?>) ((List<?>) run.get("results")).get(0);
            Map<?, ?> artifact = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) ((List<?>) result.get("locations")).get(0))
                    .get("physicalLocation")).get("artifactLocation");
            assertEquals(relative, artifact.get("uri"), given);
            assertEquals("%SRCROOT%", artifact.get("uriBaseId"), given);
        }
    }

    /**
     * A baseline records the findings a code base has (by kind, file and the code on their line); a run with it
     * reports only new ones, however far the old ones have moved, and exits 1 only for those.
     */
    @Test
    void aBaselineHidesTheFindingsItRecordsAndOnlyThose() throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/p"));
        Files.writeString(src.resolve("Sleepy.java"), SLEEPY);
        Path baseline = dir.resolve(".weft-baseline");
        Run written = run(dir.resolve("src").toString(), "--write-baseline", baseline.toString());
        assertEquals(0, written.status(), written.out());
        assertTrue(written.err().contains("wrote 2 findings to the baseline"), written.err());
        assertEquals(List.of("B5\tsrc/p/Sleepy.java\tsynchronized (this) {", "B6\tsrc/p/Sleepy.java\tThread.sleep(10);"),
                Files.readAllLines(baseline).stream().filter(l -> !l.startsWith("#")).sorted().toList());
        assertEquals(0, run(dir.resolve("src").toString(), "--baseline", baseline.toString()).status());

        Files.writeString(src.resolve("Sleepy.java"), """
                package p;

                import java.util.concurrent.RecursiveAction;

                class Sleepy extends RecursiveAction {
                    // everything below moved down by this line
                    @Override
                    protected void compute() {
                        try {
                            Thread.sleep(10);
                            Thread.sleep(20);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        synchronized (this) {
                            notifyAll();
                        }
                    }
                }
                """);
        Run r = run(dir.resolve("src").toString(), "--baseline", baseline.toString());
        assertEquals(1, r.status(), r.out());
        List<String> found = r.outLines().stream().filter(l -> l.contains("Sleepy.java:")).toList();
        assertEquals(1, found.size(), r.out());
        assertTrue(found.get(0).contains("Sleepy.java:11:"), r.out());
        assertTrue(r.out().contains("1 finding in 1 file of 1 analysed; 2 findings in the baseline not shown"), r.out());

        assertEquals(2, run(dir.resolve("src").toString(), "--baseline", dir.resolve("missing").toString()).status());
        assertEquals(2, run(dir.resolve("src").toString(), "--baseline", baseline.toString(), "--write-baseline",
                baseline.toString()).status());
    }

    @Test
    void fixExitsWithZeroWhenEverythingWasRewritten() throws IOException {
        Files.copy(Path.of("src/test/resources/fix/Csst.java"), dir.resolve("Csst.java"));
        Run r = run("--fix", dir.toString());
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("[fixed: the loop now collects its subtasks"), r.out());
        assertTrue(r.err().contains("rewrote 1 file"), r.err());
        assertEquals(0, run(dir.toString()).status());
    }
}
