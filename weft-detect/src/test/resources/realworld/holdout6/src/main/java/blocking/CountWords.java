package blocking;

import java.util.concurrent.ForkJoinTask;

/** Counts words in lines, forking halves; the top level waits with result(false), the way a loader does. */
public class CountWords extends Job<Long> {
    private static final long serialVersionUID = 1L;

    private final String[] lines;
    private final int from;
    private final int to;

    public CountWords(String[] lines, int from, int to) {
        this.lines = lines;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Long compute() {
        if (from == to && lines.length > 0) {
            return drain(new CountWords(lines, 0, lines.length).fork(), lines);
        }
        if (to - from <= 64) {
            long n = 0;
            for (int i = from; i < to; i++) {
                n += lines[i].isBlank() ? 0 : lines[i].trim().split("\\s+").length;
            }
            return n;
        }
        int mid = (from + to) >>> 1;
        CountWords left = new CountWords(lines, from, mid);
        left.fork();
        CountWords right = new CountWords(lines, mid, to);
        right.fork();
        long r = right.result(false);
        while (!left.isDone()) {
            left.join();
        }
        return left.join() + r;
    }

    /** Waits for a task started elsewhere, polling it between slices of other work. */
    static long drain(ForkJoinTask<Long> started, String[] more) {
        long other = 0;
        int i = 0;
        while (!started.isDone()) {   // expect: B6
            other += i < more.length ? more[i++].length() : 0;
        }
        return started.join() + other;
    }
}
