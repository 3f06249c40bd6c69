package dev.weft.detect.fix;

import dev.weft.detect.Finding;
import dev.weft.detect.analysis.TaskCode;
import dev.weft.detect.analysis.Types;
import dev.weft.detect.rules.Hit;
import java.util.List;
import java.util.Map;

/** Placeholder. */
public final class Fixer {
    public Fixer(Types types, TaskCode code) {
    }

    public Map<Hit, Finding.Fix> fix(List<Hit> hits) {
        return Map.of();
    }

    public int write() {
        return 0;
    }
}
