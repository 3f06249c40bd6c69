package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --fix} over both corpora at once, every finding it can rewrite rewritten: every source root still
 * compiles, every comment survives, and what was fixed is not found again. The runnable examples of
 * {@link FixTest} check behaviour; this checks that no shape of the corpora makes a rewrite that does not
 * compile.
 */
class CorpusFixTest {
    @TempDir
    Path dir;

    @Test
    void everyRewriteOfBothCorporaCompilesKeepsCommentsAndRemovesWhatItFixed() throws IOException {
        copy(CorpusTest.CORPUS, dir.resolve("corpus"));
        copy(RealWorldTest.REAL_WORLD, dir.resolve("realworld"));
        Map<Path, String> before = texts(dir);
        Report report = new Detector(EnumSet.of(Bottleneck.B2, Bottleneck.B4), true).analyse(List.of(dir));
        assertTrue(report.problems().isEmpty(), report.problems().toString());

        Set<String> fixed = new HashSet<>();
        int applied = 0;
        for (Finding f : report.findings()) {
            if (f.fix() != null && f.fix().applied()) {
                applied++;
                fixed.add(dir.relativize(f.file()) + " " + f.bottleneck());
            }
        }
        assertTrue(applied >= 20, "only " + applied + " rewrites:\n" + String.join("\n", Markers.lines(report)));
        Map<Path, String> after = texts(dir);
        List<String> lost = new ArrayList<>();
        int changed = 0;
        for (Map.Entry<Path, String> e : before.entrySet()) {
            String now = after.get(e.getKey());
            if (!now.equals(e.getValue())) {
                changed++;
                for (String comment : FixTest.comments(e.getValue())) {
                    if (!now.contains(comment)) {
                        lost.add(e.getKey() + ": " + comment);
                    }
                }
            }
        }
        assertEquals(report.rewritten(), changed);
        assertTrue(lost.isEmpty(), "lost comments:\n" + String.join("\n", lost));

        // The corpus compiles as a whole, the real-world shapes root by root.
        Map<String, String> corpus = InMemoryCompiler.sourcesUnder(dir.resolve("corpus"));
        InMemoryCompiler.Result r = InMemoryCompiler.compile(corpus);
        assertTrue(r.ok(), String.join("\n", r.errors()));
        assertEquals(List.of(), RealWorldTest.compileRoots(dir.resolve("realworld")));

        // A rewritten finding is gone; one that was refused is still there.
        Report again = new Detector(EnumSet.of(Bottleneck.B2, Bottleneck.B4), false).analyse(List.of(dir));
        for (Finding f : again.warnings()) {
            String key = dir.relativize(f.file()) + " " + f.bottleneck();
            assertTrue(!fixed.contains(key) || stillRefusedIn(report, f), "found again after --fix: " + f.toText());
        }
    }

    /** A file with several findings of one bottleneck may keep the ones that were refused. */
    private static boolean stillRefusedIn(Report report, Finding f) {
        return report.findings().stream().anyMatch(g -> g.file().equals(f.file()) && g.bottleneck() == f.bottleneck()
                && g.fix() != null && !g.fix().applied());
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private static Map<Path, String> texts(Path root) throws IOException {
        Map<Path, String> texts = new HashMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> {
                try {
                    texts.put(root.relativize(p), Files.readString(p));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return texts;
    }
}
