package dev.weft.bench.programs;

import dev.weft.WeftPool;
import dev.weft.bench.Workload;
import java.util.concurrent.ForkJoinPool;

/** Runs a workload the way the bench runner does: serial first, then each version, each checked. */
final class WorkloadRuns {
    private WorkloadRuns() {
    }

    /** The serial result, after every version at 1, 2 and 4 workers was checked against it. */
    static Object checkAllVersions(Workload w) {
        w.reset();
        Object expected = w.serial();
        w.check(expected, expected);
        for (int p : new int[] {1, 2, 4}) {
            try (ForkJoinPool fjp = new ForkJoinPool(p); WeftPool weft = new WeftPool(p)) {
                for (int rep = 0; rep < 2; rep++) {
                    w.reset();
                    w.check(w.forkJoin(fjp), expected);
                    w.reset();
                    w.check(w.weft(weft), expected);
                }
            }
        }
        return expected;
    }
}
