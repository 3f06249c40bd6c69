package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the repository's Markdown files resolves: the file or folder it names exists, and
 * an anchor ({@code FILE.md#heading} or {@code #heading}) names a heading of that file, as GitHub forms
 * anchors. Links to the web are not followed. The repository root is the folder above this module.
 */
class DocLinksTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** [text](target) and [text](target "title"), not images' data or reference-style links. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkInEveryMarkdownFileResolves() throws IOException {
        List<Path> docs = markdownFiles();
        assertTrue(docs.size() >= 10, "found only " + docs.size() + " Markdown files under " + ROOT);
        List<String> broken = new ArrayList<>();
        for (Path doc : docs) {
            broken.addAll(brokenLinks(doc));
        }
        assertEquals(List.of(), broken, "links that name no file or heading");
    }

    @Test
    void theCheckFindsABrokenFileLinkAndABrokenAnchor(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("A.md"), "# Title\n\n## Some section\n\n[ok](#some-section) [ok2](B.md#b)"
                + " [bad](#no-such) [gone](C.md) [badanchor](B.md#x) [web](https://example.com/x.md)\n");
        Files.writeString(dir.resolve("B.md"), "# B\n");
        List<String> broken = brokenLinks(dir.resolve("A.md"));
        assertEquals(3, broken.size(), broken.toString());
    }

    private static List<Path> markdownFiles() throws IOException {
        try (Stream<Path> s = Files.walk(ROOT)) {
            return s.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> {
                        String rel = ROOT.relativize(p).toString().replace('\\', '/');
                        // build output, tools' own checkouts, and the detector's corpora (sources shaped
                        // like other projects, whose READMEs describe those projects) are not our docs
                        return !rel.contains("/target/") && !rel.startsWith("target/") && !rel.startsWith(".")
                                && !rel.contains("/node_modules/") && !rel.contains("src/test/resources/");
                    })
                    .sorted()
                    .toList();
        }
    }

    static List<String> brokenLinks(Path doc) throws IOException {
        List<String> broken = new ArrayList<>();
        String text = stripCode(Files.readString(doc));
        Matcher m = LINK.matcher(text);
        while (m.find()) {
            String target = m.group(1);
            if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                continue; // https:, mailto: ...
            }
            int hash = target.indexOf('#');
            String file = hash < 0 ? target : target.substring(0, hash);
            String anchor = hash < 0 ? null : target.substring(hash + 1);
            Path resolved = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
            String where = ROOT.relativize(doc.toAbsolutePath().normalize()) + ": (" + target + ")";
            if (!Files.exists(resolved)) {
                broken.add(where + " names no file");
            } else if (anchor != null && resolved.toString().endsWith(".md")
                    && !anchors(resolved).contains(anchor.toLowerCase(Locale.ROOT))) {
                broken.add(where + " names no heading of " + resolved.getFileName());
            }
        }
        return broken;
    }

    /** The text without fenced code blocks and inline code, where brackets are code, not links. */
    private static String stripCode(String text) {
        return text.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\n]*`", "");
    }

    /** GitHub's anchors of a file's headings: lower case, punctuation dropped, spaces to hyphens, -1, -2 for repeats. */
    static Set<String> anchors(Path md) {
        Set<String> out = new HashSet<>();
        try {
            boolean fenced = false;
            for (String line : Files.readAllLines(md)) {
                if (line.startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                Matcher h = HEADING.matcher(line);
                if (fenced || !h.matches()) {
                    continue;
                }
                String a = h.group(1).toLowerCase(Locale.ROOT)
                        .replaceAll("[`*]", "")
                        .replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                        .replaceAll("[^\\p{L}\\p{N} _\\-]", "")
                        .replace(' ', '-');
                String unique = a;
                for (int i = 1; out.contains(unique); i++) {
                    unique = a + "-" + i;
                }
                out.add(unique);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
