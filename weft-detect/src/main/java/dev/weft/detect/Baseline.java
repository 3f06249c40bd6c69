package dev.weft.detect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The findings a code base already had when it adopted the detector: a run with a baseline reports only what is
 * new, so that a large code base can start checking its changes before it has fixed its past.
 *
 * <pre>{@code
 * ./weft detect src --write-baseline .weft-baseline   # once: record what is there
 * ./weft detect src --baseline .weft-baseline         # then: only new findings, and exit status 1 only for them
 * }</pre>
 *
 * <p>A finding is recorded by its bottleneck, its file (relative to the baseline's directory) and the code on its
 * line, whitespace collapsed, not by its line number: code added above it does not make it new. Two findings of
 * one kind on identical lines of a file are told apart by count: a third such line is new.
 */
public final class Baseline {
    private static final String HEADER = "# weft detect baseline: findings already present when it was written,"
            + " not reported again.\n# One a line: bottleneck, file (relative to this file), the code on its line;"
            + " tab-separated.\n";

    private final Path directory;
    private final Map<String, Integer> recorded;

    private Baseline(Path directory, Map<String, Integer> recorded) {
        this.directory = directory;
        this.recorded = recorded;
    }

    /** Reads a baseline written by {@link #write}. */
    public static Baseline read(Path file) throws IOException {
        Map<String, Integer> recorded = new HashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank() && !line.startsWith("#")) {
                recorded.merge(line.strip(), 1, Integer::sum);
            }
        }
        return new Baseline(directoryOf(file), recorded);
    }

    /** Writes the findings (warnings and notes) of {@code report} as a baseline to {@code file}. */
    public static void write(Path file, Report report) throws IOException {
        Path directory = directoryOf(file);
        StringBuilder sb = new StringBuilder(HEADER);
        Lines lines = new Lines();
        for (Finding f : report.findings()) {
            sb.append(key(directory, f, lines)).append('\n');
        }
        Files.writeString(file, sb, StandardCharsets.UTF_8);
    }

    /** The report without the findings this baseline records; they are counted in {@link Report#baselined()}. */
    public Report apply(Report report) {
        Map<String, Integer> left = new HashMap<>(recorded);
        Lines lines = new Lines();
        List<Finding> kept = new ArrayList<>();
        int suppressed = 0;
        for (Finding f : report.findings()) {
            String k = key(directory, f, lines);
            Integer n = left.get(k);
            if (n != null && n > 0) {
                left.put(k, n - 1);
                if (!f.isNote()) {
                    suppressed++;
                }
            } else {
                kept.add(f);
            }
        }
        return new Report(List.copyOf(kept), report.problems(), report.notices(), report.filesAnalysed(),
                report.bottlenecks(), report.rewritten(), report.baselined() + suppressed, report.unresolved());
    }

    private static Path directoryOf(Path file) {
        Path parent = file.toAbsolutePath().normalize().getParent();
        return parent == null ? Path.of("").toAbsolutePath() : parent;
    }

    private static String key(Path directory, Finding f, Lines lines) {
        Path file = f.file().toAbsolutePath().normalize();
        String name = (file.startsWith(directory) ? directory.relativize(file) : file).toString().replace('\\', '/');
        return f.bottleneck().name() + "\t" + name + "\t" + lines.code(file, f.line());
    }

    /** The code on a line of a file, whitespace collapsed; files read once. */
    private static final class Lines {
        private final Map<Path, List<String>> files = new HashMap<>();

        String code(Path file, int line) {
            List<String> text = files.computeIfAbsent(file, p -> {
                try {
                    // Leniently decoded: a byte that is not UTF-8 changes no line break.
                    return new String(Files.readAllBytes(p), StandardCharsets.UTF_8).lines().toList();
                } catch (IOException e) {
                    return List.of();
                }
            });
            return line >= 1 && line <= text.size() ? text.get(line - 1).strip().replaceAll("\\s+", " ") : "";
        }
    }
}
