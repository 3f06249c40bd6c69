package dev.weft.detect;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one run of the detector found.
 *
 * @param findings      the findings, in {@link Finding#ORDER}
 * @param problems      files that could not be analysed
 * @param filesAnalysed number of Java files parsed successfully
 * @param bottlenecks   the bottlenecks that were looked for
 * @param rewritten     number of files {@code --fix} rewrote
 */
public record Report(List<Finding> findings, List<Problem> problems, int filesAnalysed,
                     Set<Bottleneck> bottlenecks, int rewritten) {

    /** Number of findings per bottleneck looked for (zero included), in B1..B6 order. */
    public Map<Bottleneck, Integer> counts() {
        Map<Bottleneck, Integer> counts = new EnumMap<>(Bottleneck.class);
        for (Bottleneck b : bottlenecks) {
            counts.put(b, 0);
        }
        for (Finding f : findings) {
            counts.merge(f.bottleneck(), 1, Integer::sum);
        }
        return counts;
    }

    /** Whether some finding is left in the code (found and not rewritten by {@code --fix}). */
    public boolean hasUnfixedFindings() {
        return findings.stream().anyMatch(f -> f.fix() == null || !f.fix().applied());
    }
}
