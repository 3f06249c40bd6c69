package logsearch;

import java.util.List;
import java.util.concurrent.RecursiveTask;

/**
 * Counts matching log lines per file: files are split between subtasks by index range, and each leaf scans its
 * file's lines with a parallel stream (which runs on the same pool when called from a worker).
 */
public class SearchTask extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final List<List<String>> files;
    private final int from;
    private final int to;
    private final String needle;

    public SearchTask(List<List<String>> files, int from, int to, String needle) {
        this.files = files;
        this.from = from;
        this.to = to;
        this.needle = needle;
    }

    @Override
    protected Long compute() {
        if (to - from == 1) {
            return files.get(from).parallelStream().filter(line -> line.contains(needle)).count();
        }
        int mid = (from + to) >>> 1;
        SearchTask left = new SearchTask(files, from, mid, needle);
        left.fork();
        long right = new SearchTask(files, mid, to, needle).compute();
        return left.join() + right;
    }
}
