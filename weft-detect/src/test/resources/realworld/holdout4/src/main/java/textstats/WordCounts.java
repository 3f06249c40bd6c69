package textstats;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RecursiveTask;

/** Word frequencies of a list of lines: each half counts into its own map, and the right map is merged into the left. */
public class WordCounts extends RecursiveTask<Map<String, Long>> {
    private static final long serialVersionUID = 1L;

    private final List<String> lines;
    private final int from;
    private final int to;

    public WordCounts(List<String> lines, int from, int to) {
        this.lines = lines;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Map<String, Long> compute() {
        if (to - from <= 100) {
            Map<String, Long> counts = new HashMap<>();
            for (int i = from; i < to; i++) {
                for (String w : lines.get(i).split("\\s+")) {
                    counts.merge(w.toLowerCase(), 1L, Long::sum);
                }
            }
            return counts;
        }
        int mid = (from + to) >>> 1;
        WordCounts l = new WordCounts(lines, from, mid);
        WordCounts r = new WordCounts(lines, mid, to);
        l.fork();
        Map<String, Long> right = r.compute();
        Map<String, Long> left = l.join();
        right.forEach((w, n) -> left.merge(w, n, Long::sum));   // expect: B3
        return left;
    }

    /** The same count into one shared concurrent map: nothing to merge. */
    static final class Shared extends RecursiveTask<Void> {
        private static final long serialVersionUID = 1L;
        private final List<String> lines;
        private final int from;
        private final int to;
        private final ConcurrentHashMap<String, Long> counts;

        Shared(List<String> lines, int from, int to, ConcurrentHashMap<String, Long> counts) {
            this.lines = lines;
            this.from = from;
            this.to = to;
            this.counts = counts;
        }

        @Override
        protected Void compute() {
            if (to - from <= 100) {
                for (int i = from; i < to; i++) {
                    for (String w : lines.get(i).split("\\s+")) {
                        counts.merge(w.toLowerCase(), 1L, Long::sum);
                    }
                }
                return null;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Shared(lines, from, mid, counts), new Shared(lines, mid, to, counts));
            return null;
        }
    }
}
