package splits;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/** The distinct values of an array in sorted runs: halves split by a helper, runs merged by another. */
public class SortedRuns extends RecursiveTask<List<Long>> {
    private static final long serialVersionUID = 1L;

    private final long[] values;

    public SortedRuns(long[] values) {
        this.values = values;
    }

    @Override
    protected List<Long> compute() {
        if (values.length <= 512) {
            List<Long> run = new ArrayList<>();
            long[] sorted = values.clone();
            java.util.Arrays.sort(sorted);
            for (int i = 0; i < sorted.length; i++) {
                if (i == 0 || sorted[i] != sorted[i - 1]) {
                    run.add(sorted[i]);
                }
            }
            return run;
        }
        long[][] halves = Halves.of(values);   // expect: B2
        SortedRuns left = new SortedRuns(halves[0]);
        left.fork();
        List<Long> right = new SortedRuns(halves[1]).compute();
        return Halves.concat(left.join(), right);   // expect: B3
    }
}
