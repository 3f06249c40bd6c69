package dev.weft.bench.scoop;

/**
 * How the plain-threads versions split work, as a Java developer would without a framework: one thread
 * per part, each on a contiguous range, joined before the next step. Also the block size the fork/join
 * versions use where a stage keeps per-block partial results.
 */
final class Parts {
    /** Rows per block for per-block partial results in the fork/join versions (histograms, counts). */
    static final int BLOCK_ROWS = 16;

    /** A part's work: rows {@code [from, to)}, the {@code part}-th of them. */
    @FunctionalInterface
    interface Range {
        void run(int part, int from, int to);
    }

    private Parts() {
    }

    /** Runs {@code body} on {@code parts} threads over near-equal ranges of {@code [0, n)} and joins them. */
    static void threads(int n, int parts, Range body) throws InterruptedException {
        Thread[] ts = new Thread[parts];
        for (int k = 0; k < parts; k++) {
            int part = k;
            int from = Cowichan.partStart(n, parts, k);
            int to = Cowichan.partStart(n, parts, k + 1);
            ts[k] = new Thread(() -> body.run(part, from, to));
            ts[k].start();
        }
        for (Thread t : ts) {
            t.join();
        }
    }

    /** The number of {@link #BLOCK_ROWS}-row blocks of {@code n} rows. */
    static int blocks(int n) {
        return (n + BLOCK_ROWS - 1) / BLOCK_ROWS;
    }
}
