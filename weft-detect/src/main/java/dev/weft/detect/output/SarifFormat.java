package dev.weft.detect.output;

import dev.weft.detect.Bottleneck;
import dev.weft.detect.Finding;
import dev.weft.detect.Notice;
import dev.weft.detect.Problem;
import dev.weft.detect.Report;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * SARIF 2.1.0, the format GitHub code scanning reads: one run, one rule per bottleneck (B1..B6), one result per
 * finding, and files that did not parse as tool execution notifications. Locations are relative to the directory
 * the tool ran in (normally the repository root), against the base {@code %SRCROOT%} that the run defines as that
 * directory, as code-scanning services expect: a path given absolute is made relative when it lies under it; one
 * outside it stays an absolute {@code file:} URI.
 */
public final class SarifFormat {
    private static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

    private SarifFormat() {
    }

    /** The base that locations are relative to. */
    static final String SRCROOT = "%SRCROOT%";

    /** Writes the report with locations relative to the working directory. */
    public static void write(Report report, PrintStream out) {
        write(report, out, Path.of("").toAbsolutePath());
    }

    /** Writes the report with locations relative to {@code root} (the directory the tool was invoked in). */
    public static void write(Report report, PrintStream out, Path root) {
        Path base = root.toAbsolutePath().normalize();
        List<Bottleneck> rules = List.of(Bottleneck.values());
        StringBuilder sb = new StringBuilder();
        sb.append("{\n  \"$schema\": ").append(Json.quote(SCHEMA)).append(",\n  \"version\": \"2.1.0\",\n");
        sb.append("  \"runs\": [\n    {\n      \"tool\": {\n        \"driver\": {\n");
        sb.append("          \"name\": \"weft detect\",\n          \"semanticVersion\": \"0.1.0\",\n");
        sb.append("          \"rules\": [\n");
        for (int i = 0; i < rules.size(); i++) {
            Bottleneck b = rules.get(i);
            sb.append("            {\"id\": ").append(Json.quote(b.name()))
                    .append(", \"name\": ").append(Json.quote(camel(b.title())))
                    .append(", \"shortDescription\": {\"text\": ").append(Json.quote(b.title()))
                    .append("}, \"fullDescription\": {\"text\": ").append(Json.quote(description(b)))
                    .append("}, \"defaultConfiguration\": {\"level\": \"warning\"}")
                    .append(", \"properties\": {\"tags\": [\"performance\", \"fork-join\", ")
                    .append(Json.quote(b.layer() + "-layer")).append("]}}")
                    .append(i + 1 < rules.size() ? ",\n" : "\n");
        }
        sb.append("          ]\n        }\n      },\n");
        String baseUri = base.toUri().toString();
        sb.append("      \"originalUriBaseIds\": {").append(Json.quote(SRCROOT)).append(": {\"uri\": ")
                .append(Json.quote(baseUri.endsWith("/") ? baseUri : baseUri + "/")).append("}},\n");
        // The run failed as a whole only if nothing could be analysed; a file that does not parse is a notification.
        boolean successful = report.filesAnalysed() > 0 || report.problems().isEmpty();
        sb.append("      \"invocations\": [\n        {\n          \"executionSuccessful\": ").append(successful);
        if (!report.problems().isEmpty() || !report.notices().isEmpty()) {
            sb.append(",\n          \"toolExecutionNotifications\": [\n");
            List<String> notes = new ArrayList<>();
            for (Problem p : report.problems()) {
                notes.add("            {\"level\": \"error\", \"message\": {\"text\": " + Json.quote(p.message())
                        + "}, \"locations\": [" + location(base, p.file(), p.line(), p.column()) + "]}");
            }
            for (Notice n : report.notices()) {
                notes.add("            {\"level\": \"note\", \"message\": {\"text\": " + Json.quote(n.message())
                        + "}, \"locations\": [" + location(base, n.file(), n.line(), n.column()) + "]}");
            }
            sb.append(String.join(",\n", notes)).append("\n          ]");
        }
        if (report.unresolved().receivers() > 0) {
            // Not a notification of its own: no one place in the code is wrong, the analysis knew less there.
            sb.append(",\n          \"properties\": {\"untypedReceivers\": ").append(report.unresolved().receivers())
                    .append(", \"overBudget\": ").append(report.unresolved().overBudget()).append("}");
        }
        sb.append("\n        }\n      ],\n");
        sb.append("      \"results\": [");
        List<String> results = new ArrayList<>();
        for (Finding f : report.findings()) {
            StringBuilder r = new StringBuilder();
            r.append("        {\"ruleId\": ").append(Json.quote(f.bottleneck().name()))
                    .append(", \"ruleIndex\": ").append(rules.indexOf(f.bottleneck()))
                    .append(", \"level\": ").append(f.isNote() ? "\"note\"" : "\"warning\"")
                    .append(", \"message\": {\"text\": ")
                    .append(Json.quote(f.bottleneck().tag() + " " + f.message())).append("}")
                    .append(", \"locations\": [").append(location(base, f.file(), f.line(), f.column())).append("]");
            if (f.fix() != null) {
                r.append(", \"properties\": {\"fixed\": ").append(f.fix().applied())
                        .append(", \"fixNote\": ").append(Json.quote(f.fix().note())).append("}");
            }
            results.add(r.append("}").toString());
        }
        if (!results.isEmpty()) {
            sb.append("\n").append(String.join(",\n", results)).append("\n      ");
        }
        sb.append("]\n    }\n  ]\n}");
        out.println(sb);
    }

    private static String location(Path base, Path file, int line, int column) {
        Path absolute = file.toAbsolutePath().normalize();
        StringBuilder sb = new StringBuilder("{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ");
        if (absolute.startsWith(base)) {
            sb.append(Json.quote(uri(base.relativize(absolute)))).append(", \"uriBaseId\": ").append(Json.quote(SRCROOT));
        } else {
            sb.append(Json.quote(uri(absolute)));
        }
        sb.append("}");
        if (line > 0) {
            sb.append(", \"region\": {\"startLine\": ").append(line);
            if (column > 0) {
                sb.append(", \"startColumn\": ").append(column);
            }
            sb.append("}");
        }
        return sb.append("}}").toString();
    }

    /** A URI reference for a path: a relative one with '/' separators and percent-encoding, else a file: URI. */
    static String uri(Path file) {
        if (file.isAbsolute()) {
            return file.toUri().toString();
        }
        String path = file.toString().replace(java.io.File.separatorChar, '/');
        try {
            return new URI(null, null, path, null).toASCIIString();
        } catch (URISyntaxException e) {
            return path;
        }
    }

    private static String camel(String title) {
        StringBuilder sb = new StringBuilder();
        for (String w : title.split("[ -]")) {
            sb.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
        }
        return sb.toString();
    }

    private static String description(Bottleneck b) {
        return switch (b) {
            case B1 -> "Task code submits to a pool (ForkJoinPool, the common pool, an ExecutorService, a WeftPool)"
                    + " where forking a subtask would do; thread management layer.";
            case B2 -> "Data is copied (Arrays.copyOfRange, clone, a copied subList, ...) and handed to a subtask at"
                    + " every fork instead of sharing it with index ranges; data management layer.";
            case B3 -> "Joined results are merged by copying (addAll/putAll of join() results, array"
                    + " concatenation); data management layer.";
            case B4 -> "A loop prepares and forks one subtask per iteration instead of building the subtasks first"
                    + " and handing them to invokeAll; data management layer.";
            case B5 -> "Task code blocks on a monitor, lock, condition, latch, barrier, semaphore or blocking queue,"
                    + " stalling its worker and deque; synchronization management layer.";
            case B6 -> "Task code sleeps, parks or spins on isDone(), putting the worker rather than the task to"
                    + " sleep; synchronization management layer.";
        };
    }
}
