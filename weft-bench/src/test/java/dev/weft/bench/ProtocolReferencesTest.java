package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every section a Java comment names in its module's PROTOCOL.md exists there: a comment that points at
 * {@code PROTOCOL.md "Sleep"} (or {@code PROTOCOL.md, "a" and "b"}, {@code PROTOCOL.md ("a", "b")}) must name
 * a heading of that file. A heading is named by its text or by its text before a parenthesis, in any case
 * ({@code "publication"} names {@code ## Publication (the victim's half of a steal)}). Scans src/main and
 * src/test of every module.
 */
class ProtocolReferencesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** "PROTOCOL.md" then the quoted names that follow it (after comment markers are taken out). */
    private static final Pattern REFERENCE = Pattern.compile(
            "^(?: in this module)?[,:]?\\s*\\(?\\s*(\"[^\"]+\"(?:\\s*(?:,|and|,\\s*and)\\s*\"[^\"]+\")*)");
    /** "PROTOCOL.md; the names used in comments here ("a", "b") refer to its sections". */
    private static final Pattern NAMES_HERE = Pattern.compile(
            "^; the names (?:used )?in comments here \\((\"[^\"]+\"(?:\\s*,\\s*\"[^\"]+\")*)\\) refer to its sections");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
    /** A comment line's continuation: the line break and the next line's comment marker. */
    private static final Pattern CONTINUATION = Pattern.compile("\\s*\\n\\s*(?:\\*(?!/)|//)?\\s*");

    /**
     * References in modules other sessions are editing, broken when this test was written: each must still
     * be broken (remove it here once fixed) so that this list cannot hide a new one.
     */
    private static final Set<String> KNOWN_BROKEN = Set.of();

    /** The headings of a PROTOCOL.md, as the names a reference may use (lower case). */
    static Set<String> sectionNames(String markdown) {
        Set<String> names = new TreeSet<>();
        boolean fence = false;
        for (String line : markdown.lines().toList()) {
            if (line.startsWith("```")) {
                fence = !fence;
            }
            if (fence || !line.startsWith("#")) {
                continue;
            }
            String h = line.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
            names.add(h);
            int paren = h.indexOf(" (");
            if (paren > 0) {
                names.add(h.substring(0, paren).strip());
            }
        }
        return names;
    }

    /** The section names the comments of one Java source point at. */
    static List<String> references(String source) {
        List<String> out = new ArrayList<>();
        for (int at = source.indexOf("PROTOCOL.md"); at >= 0; at = source.indexOf("PROTOCOL.md", at + 1)) {
            String after = source.substring(at + "PROTOCOL.md".length(), Math.min(source.length(), at + 400));
            after = CONTINUATION.matcher(after).replaceAll(" ");
            Matcher m = REFERENCE.matcher(after);
            Matcher n = NAMES_HERE.matcher(after);
            String names = m.find() ? m.group(1) : n.find() ? n.group(1) : null;
            if (names != null) {
                Matcher q = QUOTED.matcher(names);
                while (q.find()) {
                    out.add(q.group(1));
                }
            }
        }
        return out;
    }

    @Test
    void theReferenceFormsAreRead() {
        String src = """
                /**
                 * Waking (PROTOCOL.md, "Sleep" and "Keep-alive"); see PROTOCOL.md ("Private queues", "Failures").
                 * Also PROTOCOL.md in this module, "mailbox", and PROTOCOL.md,
                 * "paused stealing". This module's PROTOCOL.md; the names in comments here ("state", "going
                 * idle") refer to its sections. PROTOCOL.md describes the rest.
                 */
                int x; // and (PROTOCOL.md,
                // "merged request")
                """;
        assertEquals(List.of("Sleep", "Keep-alive", "Private queues", "Failures", "mailbox", "paused stealing",
                "state", "going idle", "merged request"), references(src));
        Set<String> names = sectionNames("# Title\n## Publication (the victim's half)\n```\n# not a heading\n```\n### Keep-alive\n");
        assertEquals(Set.of("title", "publication (the victim's half)", "publication", "keep-alive"), names);
    }

    @Test
    void everyProtocolReferenceNamesAHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(m -> Files.isRegularFile(m.resolve("pom.xml"))).sorted().toList()) {
                Path protocol = module.resolve("PROTOCOL.md");
                Set<String> names = Files.isRegularFile(protocol) ? sectionNames(Files.readString(protocol)) : Set.of();
                for (String dir : List.of("src/main", "src/test")) {
                    Path src = module.resolve(dir);
                    if (!Files.isDirectory(src)) {
                        continue;
                    }
                    try (Stream<Path> files = Files.walk(src)) {
                        // This file's own examples and patterns are not references.
                        for (Path f : files.filter(p -> p.toString().endsWith(".java")
                                && !p.getFileName().toString().equals("ProtocolReferencesTest.java")).sorted().toList()) {
                            for (String ref : references(Files.readString(f))) {
                                checked++;
                                if (!names.contains(ref.toLowerCase(Locale.ROOT))) {
                                    broken.add(ROOT.relativize(f).toString().replace('\\', '/') + ": \"" + ref + "\"");
                                }
                            }
                        }
                    }
                }
            }
        }
        assertTrue(checked >= 50, "only " + checked + " references found: is the pattern still right?");
        List<String> unexpected = broken.stream().filter(b -> !KNOWN_BROKEN.contains(b)).toList();
        assertEquals(List.of(), unexpected, "references to no heading of their module's PROTOCOL.md");
        List<String> fixed = KNOWN_BROKEN.stream().filter(k -> !broken.contains(k)).sorted().toList();
        assertEquals(List.of(), fixed, "fixed: remove these from KNOWN_BROKEN");
    }
}
