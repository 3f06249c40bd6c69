package dev.weft.detect.output;

import dev.weft.detect.Bottleneck;
import dev.weft.detect.Finding;
import dev.weft.detect.Report;
import java.io.PrintStream;
import java.util.Map;

/**
 * The text format: one line per finding ({@code FILE:LINE:COL: [Bn name] message}, sorted by file and line),
 * then one summary line per bottleneck looked for, then a total.
 */
public final class TextFormat {
    private TextFormat() {
    }

    public static void write(Report report, PrintStream out) {
        for (Finding f : report.findings()) {
            out.println(f.toText());
        }
        for (Map.Entry<Bottleneck, Integer> e : report.counts().entrySet()) {
            Bottleneck b = e.getKey();
            out.println(b.name() + " " + b.title() + " (" + b.layer() + " layer): " + plural(e.getValue(), "finding"));
        }
        long files = report.findings().stream().map(Finding::file).distinct().count();
        StringBuilder total = new StringBuilder()
                .append(plural(report.findings().size(), "finding")).append(" in ").append(plural((int) files, "file"))
                .append(" of ").append(report.filesAnalysed()).append(" analysed");
        if (!report.problems().isEmpty()) {
            total.append("; ").append(plural(report.problems().size(), "file")).append(" could not be parsed");
        }
        if (report.rewritten() > 0) {
            total.append("; ").append(plural(report.rewritten(), "file")).append(" rewritten by --fix");
        }
        out.println(total);
    }

    static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
