package dev.weft.detect.output;

import dev.weft.detect.Bottleneck;
import dev.weft.detect.Finding;
import dev.weft.detect.Report;
import dev.weft.detect.Unresolved;
import java.io.PrintStream;
import java.util.Map;

/**
 * The text format: one line per finding ({@code FILE:LINE:COL: [Bn name] message}, notes as
 * {@code [Bn name] note: message}, sorted by file and line), then one summary line per bottleneck looked for,
 * then a total.
 */
public final class TextFormat {
    private TextFormat() {
    }

    public static void write(Report report, PrintStream out) {
        for (Finding f : report.findings()) {
            out.println(f.toText());
        }
        Map<Bottleneck, Integer> notes = report.noteCounts();
        for (Map.Entry<Bottleneck, Integer> e : report.counts().entrySet()) {
            Bottleneck b = e.getKey();
            int n = notes.getOrDefault(b, 0);
            out.println(b.name() + " " + b.title() + " (" + b.layer() + " layer): " + plural(e.getValue(), "finding")
                    + (n > 0 ? ", " + plural(n, "note") : ""));
        }
        long files = report.warnings().stream().map(Finding::file).distinct().count();
        int noteCount = report.findings().size() - report.warnings().size();
        StringBuilder total = new StringBuilder()
                .append(plural(report.warnings().size(), "finding")).append(" in ").append(plural((int) files, "file"))
                .append(" of ").append(report.filesAnalysed()).append(" analysed");
        if (noteCount > 0) {
            total.append("; ").append(plural(noteCount, "note"));
        }
        if (!report.problems().isEmpty()) {
            total.append("; ").append(plural(report.problems().size(), "file")).append(" could not be analysed");
        }
        if (!report.notices().isEmpty()) {
            total.append("; ").append(plural(report.notices().size(), "class", "classes"))
                    .append(" look").append(report.notices().size() == 1 ? "s" : "")
                    .append(" like fork/join code that could not be typed");
        }
        if (report.unresolved().receivers() > 0) {
            Unresolved u = report.unresolved();
            total.append("; ").append(plural(u.receivers(), "call receiver")).append(" could not be typed")
                    .append(u.overBudget() > 0 ? " (" + u.overBudget() + " over the symbol solver's budget)" : "");
        }
        if (report.baselined() > 0) {
            total.append("; ").append(plural(report.baselined(), "finding")).append(" in the baseline not shown");
        }
        if (report.rewritten() > 0) {
            total.append("; ").append(plural(report.rewritten(), "file")).append(" rewritten by --fix");
        }
        out.println(total);
    }

    static String plural(int n, String word) {
        return plural(n, word, word + "s");
    }

    static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
