package dev.weft.detect;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one run of the detector found.
 *
 * @param findings      the findings (warnings and notes), in {@link Finding#ORDER}
 * @param problems      files that could not be analysed (they do not parse, or cannot be read)
 * @param notices       code that looks like fork/join code but could not be analysed as such
 * @param filesAnalysed number of Java files parsed successfully
 * @param bottlenecks   the bottlenecks that were looked for
 * @param rewritten     number of files {@code --fix} rewrote
 * @param baselined     number of warnings left out because a {@link Baseline} records them
 * @param unresolved    the call receivers the analysis could not type
 */
public record Report(List<Finding> findings, List<Problem> problems, List<Notice> notices, int filesAnalysed,
                     Set<Bottleneck> bottlenecks, int rewritten, int baselined, Unresolved unresolved) {

    /** A report where every receiver asked about was typed. */
    public Report(List<Finding> findings, List<Problem> problems, List<Notice> notices, int filesAnalysed,
                  Set<Bottleneck> bottlenecks, int rewritten, int baselined) {
        this(findings, problems, notices, filesAnalysed, bottlenecks, rewritten, baselined, Unresolved.NONE);
    }

    /** A report of a run without a baseline. */
    public Report(List<Finding> findings, List<Problem> problems, List<Notice> notices, int filesAnalysed,
                  Set<Bottleneck> bottlenecks, int rewritten) {
        this(findings, problems, notices, filesAnalysed, bottlenecks, rewritten, 0);
    }

    /** Number of warnings per bottleneck looked for (zero included), in B1..B6 order; notes are not counted. */
    public Map<Bottleneck, Integer> counts() {
        return count(false);
    }

    /** Number of notes per bottleneck looked for (zero included), in B1..B6 order. */
    public Map<Bottleneck, Integer> noteCounts() {
        return count(true);
    }

    private Map<Bottleneck, Integer> count(boolean notes) {
        Map<Bottleneck, Integer> counts = new EnumMap<>(Bottleneck.class);
        for (Bottleneck b : bottlenecks) {
            counts.put(b, 0);
        }
        for (Finding f : findings) {
            if (f.isNote() == notes) {
                counts.merge(f.bottleneck(), 1, Integer::sum);
            }
        }
        return counts;
    }

    /** The warnings, without the notes. */
    public List<Finding> warnings() {
        return findings.stream().filter(f -> !f.isNote()).toList();
    }

    /** Whether some warning is left in the code (found and not rewritten by {@code --fix}); notes do not count. */
    public boolean hasUnfixedFindings() {
        return findings.stream().anyMatch(f -> !f.isNote() && (f.fix() == null || !f.fix().applied()));
    }
}
