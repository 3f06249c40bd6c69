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
 * @param level      a warning, or a note: something worth knowing that costs little as written
 * @param message    what it costs, in which layer, and how to fix it
 * @param fix        what {@code --fix} did about it; {@code null} when no fix was attempted
 */
public record Finding(Path file, int line, int column, Bottleneck bottleneck, Level level, String message, Fix fix) {

    /** Report order: by file, then line, column and bottleneck. */
    public static final Comparator<Finding> ORDER = Comparator.comparing((Finding f) -> f.file().toString())
            .thenComparingInt(Finding::line)
            .thenComparingInt(Finding::column)
            .thenComparing(Finding::bottleneck);

    /** How much a finding matters. */
    public enum Level {
        /** The bottleneck as the paper describes it: it costs at every fork, join or wait. */
        WARNING,
        /**
         * The construct of a bottleneck where it costs little (a copy made once while setting up, a submission
         * that the pool turns into a local fork): reported so the reader knows, not counted as a finding.
         */
        NOTE
    }

    /**
     * The outcome of {@code --fix} for one finding.
     *
     * @param applied whether the source was rewritten
     * @param note    what was rewritten, or why the rewrite was not provably safe
     */
    public record Fix(boolean applied, String note) {
    }

    /** Whether this is a {@link Level#NOTE note}. */
    public boolean isNote() {
        return level == Level.NOTE;
    }

    /**
     * {@code FILE:LINE:COL: [Bn name] message}, the text format's line ({@code [Bn name] note: message} for a
     * note), plus the fix outcome, if any.
     */
    public String toText() {
        String text = file + ":" + line + ":" + column + ": " + bottleneck.tag() + (isNote() ? " note: " : " ") + message;
        if (fix != null) {
            text += (fix.applied() ? " [fixed: " : " [not fixed: ") + fix.note() + "]";
        }
        return text;
    }
}
