package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --fix} on the runnable examples in {@code src/test/resources/fix}: the rewritten program compiles,
 * computes what the original did, no longer has the bottleneck, and keeps every comment and the code it did not
 * rewrite.
 */
class FixTest {
    private static final Path EXAMPLES = Path.of("src/test/resources/fix");

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({
            "SumTask,       B2, 2",
            "Scores,        B2, 2",
            "Longest,       B2, 2",
            "ListSum,       B2, 2",
            "DeclaredFirst, B2, 4",
            "Csst,          B4, 1",
            "WeftBatch,     B4, 1",
            "Phases,        B4, 2",
            "Gate,          B4, 1",
            "Jsr166,        B2, 2",
    })
    void rewriteComputesTheSameResult(String example, Bottleneck bottleneck, int findings) throws Exception {
        Path file = dir.resolve(example + ".java");
        String original = Files.readString(EXAMPLES.resolve(example + ".java"));
        Files.writeString(file, original);
        String before = compileAndRun(example, original);

        Report report = new Detector(EnumSet.of(Bottleneck.B2, Bottleneck.B4), true).analyse(List.of(dir));
        assertEquals(findings, report.findings().stream().filter(f -> f.bottleneck() == bottleneck).count(),
                Markers.lines(report).toString());
        for (Finding f : report.findings()) {
            assertTrue(f.fix() != null && f.fix().applied(), f.toText());
        }
        assertFalse(report.hasUnfixedFindings());
        assertEquals(1, report.rewritten());

        String fixed = Files.readString(file);
        assertNotEquals(original, fixed);
        assertEquals(before, compileAndRun(example, fixed), "the rewritten program computes something else:\n" + fixed);

        Report again = new Detector(EnumSet.of(Bottleneck.B2, Bottleneck.B4), false).analyse(List.of(dir));
        assertTrue(again.findings().isEmpty(), Markers.lines(again) + "\n" + fixed);

        // Layout elsewhere is the lexical-preserving printer's: comments survive and run() is untouched.
        for (String comment : comments(original)) {
            assertTrue(fixed.contains(comment), "lost comment " + comment + " in\n" + fixed);
        }
        assertEquals(tail(original, "public static String run()"), tail(fixed, "public static String run()"));
    }

    @Test
    void copyOnForkOfAnArrayBecomesAnIndexRange() throws IOException {
        String fixed = fix("SumTask", Bottleneck.B2);
        assertFalse(fixed.contains("copyOfRange"), fixed);
        assertTrue(fixed.contains("new SumTask(values, from, from + mid)"), fixed);
        assertTrue(fixed.contains("new SumTask(values, from + mid, to)"), fixed);
        assertTrue(fixed.contains("this(values, 0, values.length);"), fixed);
        assertTrue(fixed.contains("    private final int from;\n    private final int to;\n"), fixed);
        assertTrue(fixed.contains("if (to - from <= THRESHOLD) {"), fixed);
        assertTrue(fixed.contains("sum += values[from + i] * (i % 3 + 1);"), fixed);
    }

    /** The seed's patches replaced subList views with index ranges: so does --fix, for views and copies of views. */
    @Test
    void subListsBecomeIndexRanges() throws IOException {
        String fixed = fix("ListSum", Bottleneck.B2);
        assertTrue(fixed.contains("new ListSum(words, from, from + half)"), fixed);
        assertTrue(fixed.contains("new ListSum(words, from + half, to)"), fixed);
        assertTrue(fixed.contains("this(words, 0, words.size());"), fixed);
        assertTrue(fixed.contains("if (to == from) {"), fixed);
        assertTrue(fixed.contains("String w = words.get("), fixed);
        assertTrue(fixed.contains("words.subList(from, to).stream()"), fixed);
        assertTrue(fixed.contains("words.subList(from, to).contains(\"w7\")"), fixed);
        assertTrue(fixed.contains("words.subList(from, from + (to - from) / 2).stream()"), fixed);
        assertTrue(fixed.contains("words.get(from + (to - from - 1))"), fixed);
        String copies = fix("Longest", Bottleneck.B2);
        assertTrue(copies.contains("new Longest(words, from, from + mid)"), copies);
        assertTrue(copies.contains("new Longest(words, from + mid, to).compute()"), copies);
        assertFalse(copies.contains("List.copyOf"), copies);
    }

    /** A copy carried to the constructor by a local declared first, or declared with another, goes with its local. */
    @Test
    void localsThatCarriedTheCopyGoAndTheirCommentsStay() throws IOException {
        String fixed = fix("DeclaredFirst", Bottleneck.B2);
        assertFalse(fixed.contains("int[] left;"), fixed);
        assertFalse(fixed.contains("long[] lo"), fixed);
        assertTrue(fixed.contains("new Histogram(values, from, from + mid)"), fixed);
        assertTrue(fixed.contains("new Checksum(xs, start, start + n)"), fixed);
        assertTrue(fixed.contains("            // the lower half\n            // the upper half, for the second subtask\n"
                + "            Histogram a"), fixed);
        assertTrue(fixed.contains("            // both halves\n            Checksum first"), fixed);
    }

    /** The forks go after the loop, not an invokeAll: the code after it still runs with every subtask forked. */
    @Test
    void scatteredForksAreDeferredToTheEndOfTheLoopAndImportWhatTheyName() throws IOException {
        String fixed = fix("Phases", Bottleneck.B4);
        assertFalse(fixed.contains("invokeAll"), fixed);
        assertTrue(fixed.contains("import java.util.concurrent.ForkJoinTask;"), fixed);
        assertTrue(fixed.contains("List<ForkJoinTask<?>> subtasks = new ArrayList<>();"), fixed);
        assertTrue(fixed.contains("List<ForkJoinTask<?>> subtasks2 = new ArrayList<>();"), fixed);
        assertTrue(fixed.indexOf("subtask.fork();") < fixed.indexOf("List<Phases> columns"), fixed);
        String jsr = fix("Jsr166", Bottleneck.B4);
        assertTrue(jsr.contains("import jsr166y.ForkJoinTask;"), jsr);
        assertFalse(jsr.contains("java.util.concurrent"), jsr);
    }

    @Test
    void refusesWhatIsNotProvablySafe() throws IOException {
        Path file = dir.resolve("Refused.java");
        String original = Files.readString(EXAMPLES.resolve("Refused.java"));
        Files.writeString(file, original);
        Report report = new Detector(EnumSet.of(Bottleneck.B2, Bottleneck.B4), true).analyse(List.of(dir));
        assertEquals(original, Files.readString(file), "a refused rewrite must leave the file as it was");
        assertEquals(0, report.rewritten());
        Map<Integer, String> notes = new HashMap<>();
        for (Finding f : report.findings()) {
            assertTrue(f.fix() != null && !f.fix().applied(), f.toText());
            notes.put(f.line(), f.fix().note());
        }
        assertNote(notes, original, "int[] left = Arrays.copyOfRange(a, 0, mid);", "needed as a separate array");
        assertNote(notes, original, "Doubler l = new Doubler(", "writes into 'values'");
        assertNote(notes, original, "Window w = new Window(", "cannot prove 0 <= lo <= hi <= data.length");
        assertNote(notes, original, "for (int i = 0; i < 4; i++) {", "the value of new Chunks(n / 4).fork() is used");
        assertNote(notes, original, "for (int i = 0; i < 2; i++) {\n                Chunks c", "waits or blocks while it forks");
        assertNote(notes, original, "invokeAll(new SortedParts(", "modifies or hands out 'part' (part.sort(null)");
        assertNote(notes, original, "Evens left = new Evens(", "'xs' is used as return xs;");
        assertNote(notes, original, "Split l = new Split(half(a, true));", "made in half(), a helper");
        assertNote(notes, original, "Spawned l = spawn(", "is passed to spawn(...), not straight to a subtask's");
        assertNote(notes, original, "Partition lo = new Partition(", "builds new data rather than slicing a field");
        assertNote(notes, original, "Vowels left = new Vowels(", "slices a string: --fix rewrites slices of arrays and lists");
        assertNote(notes, original, "for (int i = 0; i < 2; i++) {\n                spawn();", "forked in spawn()");
        assertNote(notes, original, "for (int i = 0; i < 2; i++) {\n                Tree t", "can leave early (return;");
    }

    private String fix(String example, Bottleneck b) throws IOException {
        Path file = dir.resolve(example + ".java");
        Files.copy(EXAMPLES.resolve(example + ".java"), file);
        new Detector(EnumSet.of(b), true).analyse(List.of(dir));
        String fixed = Files.readString(file);
        Files.delete(file);
        return fixed;
    }

    private static void assertNote(Map<Integer, String> notes, String source, String lineText, String reason) {
        int line = lineOf(source, lineText);
        String note = notes.get(line);
        assertTrue(note != null && note.contains(reason), "line " + line + " (" + lineText + "): " + note);
    }

    private static int lineOf(String source, String text) {
        int at = source.indexOf(text);
        if (at < 0) {
            throw new AssertionError("no line " + text);
        }
        return (int) source.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    static List<String> comments(String source) {
        Matcher m = Pattern.compile("//[^\n]*|/\\*.*?\\*/", Pattern.DOTALL).matcher(source);
        return m.results().map(r -> r.group().strip()).toList();
    }

    private static String tail(String source, String from) {
        return source.substring(source.indexOf(from));
    }

    private static String compileAndRun(String example, String source) throws Exception {
        Map<String, String> sources = new HashMap<>(InMemoryCompiler.sourcesUnder(RealWorldTest.DEPENDENCIES));
        sources.put("fix/" + example + ".java", source);
        InMemoryCompiler.Result r = InMemoryCompiler.compile(sources);
        assertTrue(r.ok(), String.join("\n", r.errors()) + "\n" + source);
        Method run = r.loader().loadClass("fix." + example).getDeclaredMethod("run");
        run.setAccessible(true);
        return (String) run.invoke(null);
    }
}
