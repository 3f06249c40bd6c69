package logsetup;

import java.util.concurrent.RecursiveTask;

/** Counts the records of a chunk of a file, logging where it splits. */
public class ParseChunk extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final byte[] data;
    private final int from;
    private final int to;

    public ParseChunk(byte[] data, int from, int to) {
        this.data = data;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Integer compute() {
        if (to - from < 4096) {
            int n = 0;
            for (int i = from; i < to; i++) {
                if (data[i] == '\n') {
                    n++;
                }
            }
            return n;
        }
        int mid = (from + to) >>> 1;
        LogSetup.logger("parse").info("split at " + mid);
        ParseChunk left = new ParseChunk(data, from, mid);
        left.fork();
        return new ParseChunk(data, mid, to).compute() + left.join();
    }
}
