package org.wordfreq;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.RecursiveTask;

/** Word frequencies of the lines [lo, hi): the halves' maps are merged into one at each join. */
public class CountTask extends RecursiveTask<Map<String, Integer>> {
    private static final long serialVersionUID = 1L;

    private final String[] lines;
    private final int lo;
    private final int hi;

    public CountTask(String[] lines, int lo, int hi) {
        this.lines = lines;
        this.lo = lo;
        this.hi = hi;
    }

    @Override
    protected Map<String, Integer> compute() {
        if (hi - lo <= 200) {
            Map<String, Integer> counts = new HashMap<>();
            for (int i = lo; i < hi; i++) {
                for (String w : lines[i].split("\\s+")) {
                    counts.merge(w, 1, Integer::sum);
                }
            }
            return counts;
        }
        int mid = (lo + hi) >>> 1;
        CountTask left = new CountTask(lines, lo, mid);
        CountTask right = new CountTask(lines, mid, hi);
        invokeAll(left, right);
        Map<String, Integer> merged = left.join();
        for (Map.Entry<String, Integer> e : right.join().entrySet()) {   // expect: B3
            merged.merge(e.getKey(), e.getValue(), Integer::sum);
        }
        return merged;
    }
}
