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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * {@code --fix} on the runnable examples in {@code src/test/resources/fix}: the rewritten program compiles,
 * computes what the original did, no longer has the bottleneck, and keeps the code it did not rewrite.
 */
class FixTest {
    private static final Path EXAMPLES = Path.of("src/test/resources/fix");

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({
            "SumTask,   B2, 2",
            "Scores,    B2, 2",
            "Longest,   B2, 2",
            "Csst,      B4, 1",
            "WeftBatch, B4, 1",
    })
    void rewriteComputesTheSameResult(String example, Bottleneck bottleneck, int findings) throws Exception {
        Path file = dir.resolve(example + ".java");
        String original = Files.readString(EXAMPLES.resolve(example + ".java"));
        Files.writeString(file, original);
        String before = compileAndRun(example, original);

        Report report = new Detector(EnumSet.of(Bottleneck.B2, Bottleneck.B4), true).analyse(List.of(dir));
        assertEquals(findings, report.findings().size(), Markers.lines(report).toString());
        for (Finding f : report.findings()) {
            assertEquals(bottleneck, f.bottleneck());
            assertTrue(f.fix() != null && f.fix().applied(), f.toText());
        }
        assertFalse(report.hasUnfixedFindings());
        assertEquals(1, report.rewritten());

        String fixed = Files.readString(file);
        assertNotEquals(original, fixed);
        assertEquals(before, compileAndRun(example, fixed), "the rewritten program computes something else:\n" + fixed);

        Report again = new Detector(EnumSet.allOf(Bottleneck.class), false).analyse(List.of(dir));
        assertTrue(again.findings().isEmpty(), Markers.lines(again).toString());

        // Layout elsewhere is the lexical-preserving printer's: comments survive and run() is untouched.
        for (String comment : comments(original)) {
            assertTrue(fixed.contains(comment), "lost comment " + comment + " in\n" + fixed);
        }
        assertEquals(tail(original, "public static String run()"), tail(fixed, "public static String run()"));
    }

    @Test
    void copyOnForkBecomesAnIndexRange() throws IOException {
        Path file = dir.resolve("SumTask.java");
        Files.copy(EXAMPLES.resolve("SumTask.java"), file);
        new Detector(EnumSet.of(Bottleneck.B2), true).analyse(List.of(dir));
        String fixed = Files.readString(file);
        assertFalse(fixed.contains("copyOfRange"), fixed);
        assertTrue(fixed.contains("new SumTask(values, from, from + mid)"), fixed);
        assertTrue(fixed.contains("new SumTask(values, from + mid, to)"), fixed);
        assertTrue(fixed.contains("this(values, 0, values.length);"), fixed);
        assertTrue(fixed.contains("    private final int from;\n    private final int to;\n"), fixed);
        assertTrue(fixed.contains("if (to - from <= THRESHOLD) {"), fixed);
        assertTrue(fixed.contains("sum += values[from + i] * (i % 3 + 1);"), fixed);
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
        assertNote(notes, original, "int[] left = Arrays.copyOfRange(a, 0, mid);", "needed as a separate buffer");
        assertNote(notes, original, "Doubler l = new Doubler(", "writes into 'values'");
        assertNote(notes, original, "Window w = new Window(", "cannot prove 0 <= lo <= hi <= data.length");
        assertNote(notes, original, "for (int i = 0; i < 4; i++) {", "the value of new Chunks(n / 4).fork() is used");
        assertNote(notes, original, "for (int i = 0; i < 2; i++) {", "waits on tasks while it forks them");
        assertNote(notes, original, "for (int i = 0; i < 3; i++) {", "synchronizes with the subtasks");
        assertEquals(8, report.findings().size(), Markers.lines(report).toString());
    }

    private static void assertNote(Map<Integer, String> notes, String source, String lineText, String reason) {
        int line = lineOf(source, lineText);
        String note = notes.get(line);
        assertTrue(note != null && note.contains(reason), "line " + line + " (" + lineText + "): " + note);
    }

    private static int lineOf(String source, String text) {
        List<String> lines = source.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line " + text);
    }

    private static List<String> comments(String source) {
        Matcher m = Pattern.compile("//[^\n]*|/\\*.*?\\*/", Pattern.DOTALL).matcher(source);
        return m.results().map(r -> r.group().strip()).toList();
    }

    private static String tail(String source, String from) {
        return source.substring(source.indexOf(from));
    }

    private static String compileAndRun(String example, String source) throws Exception {
        Map<String, String> sources = new HashMap<>();
        sources.put("fix/" + example + ".java", source);
        InMemoryCompiler.Result r = InMemoryCompiler.compile(sources);
        assertTrue(r.ok(), String.join("\n", r.errors()) + "\n" + source);
        Method run = r.loader().loadClass("fix." + example).getDeclaredMethod("run");
        run.setAccessible(true);
        return (String) run.invoke(null);
    }
}
