package dev.weft.detect;

import java.nio.file.Path;
import java.util.Comparator;

/**
 * One bottleneck found in task code.
 *
 * @param file       the source file, as reached from the paths given to the detector
 * @param line       1-based line of the offending construct
 * @param column     1-based column
 * @param bottleneck which of the six
 * @param message    what it costs, in which layer, and how to fix it
 * @param fix        what {@code --fix} did about it; {@code null} when no fix was attempted
 */
public record Finding(Path file, int line, int column, Bottleneck bottleneck, String message, Fix fix) {

    /** Report order: by file, then line, column and bottleneck. */
    public static final Comparator<Finding> ORDER = Comparator.comparing((Finding f) -> f.file().toString())
            .thenComparingInt(Finding::line)
            .thenComparingInt(Finding::column)
            .thenComparing(Finding::bottleneck);

    /**
     * The outcome of {@code --fix} for one finding.
     *
     * @param applied whether the source was rewritten
     * @param note    what was rewritten, or why the rewrite was not provably safe
     */
    public record Fix(boolean applied, String note) {
    }

    /** {@code FILE:LINE:COL: [Bn name] message}, the text format's line (plus the fix outcome, if any). */
    public String toText() {
        String text = file + ":" + line + ":" + column + ": " + bottleneck.tag() + " " + message;
        if (fix != null) {
            text += (fix.applied() ? " [fixed: " : " [not fixed: ") + fix.note() + "]";
        }
        return text;
    }
}
