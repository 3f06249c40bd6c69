package dev.weft.bench.scoop;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.programs.Checks;
import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cowichan thresh: the histogram of a randmat matrix, the threshold that selects the top {@code percent}%
 * (Go's search from 99 down), and the mask of the cells at or above it. SCOOP: each worker handler holds a
 * block of the input (placed once, as if a previous stage had produced it there); the root reads the
 * workers' histograms a count at a time, computes the threshold, and gathers the mask rows by query.
 */
public final class Thresh extends ScoopSuite.SuiteProgram {
    public Thresh() {
        super(true);
    }

    @Override
    public String name() {
        return "thresh";
    }

    @Override
    public String description() {
        return "Cowichan thresh: histogram, top-percent threshold and mask of a randmat matrix";
    }

    @Override
    public Work create(boolean quick) {
        return new Work(quick ? 1500 : 10_000, 0, 1);
    }

    /** The threshold and the mask. */
    record Result(int threshold, boolean[] mask) {
    }

    static Result serial(byte[] m, int n, int percent) {
        int[] hist = new int[Cowichan.RANGE];
        Cowichan.histogram(m, 0, m.length, hist);
        int t = Cowichan.threshold(hist, n, percent);
        boolean[] mask = new boolean[m.length];
        Cowichan.mask(m, 0, m.length, t, mask);
        return new Result(t, mask);
    }

    static Result forkJoin(WeftPool pool, byte[] m, int n, int percent) {
        return pool.invoke(() -> {
            int[] hist = histogram(m, n);
            int t = Cowichan.threshold(hist, n, percent);
            boolean[] mask = new boolean[m.length];
            Weft.parallelFor(0, n, i -> Cowichan.mask(m, i * n, (i + 1) * n, t, mask));
            return new Result(t, mask);
        });
    }

    /** Fork/join histogram: one partial histogram per block of rows, summed. */
    static int[] histogram(byte[] m, int n) {
        int blocks = Parts.blocks(n);
        int[][] parts = new int[blocks][Cowichan.RANGE];
        Weft.parallelFor(0, blocks, b -> Cowichan.histogram(m, b * Parts.BLOCK_ROWS * n,
                Math.min(n, (b + 1) * Parts.BLOCK_ROWS) * n, parts[b]));
        int[] hist = new int[Cowichan.RANGE];
        for (int[] p : parts) {
            for (int v = 0; v < Cowichan.RANGE; v++) {
                hist[v] += p[v];
            }
        }
        return hist;
    }

    static Result threads(byte[] m, int n, int percent, int workers) throws InterruptedException {
        int[][] parts = new int[workers][Cowichan.RANGE];
        Parts.threads(n, workers, (k, from, to) -> Cowichan.histogram(m, from * n, to * n, parts[k]));
        int[] hist = new int[Cowichan.RANGE];
        for (int[] p : parts) {
            for (int v = 0; v < Cowichan.RANGE; v++) {
                hist[v] += p[v];
            }
        }
        int t = Cowichan.threshold(hist, n, percent);
        boolean[] mask = new boolean[m.length];
        Parts.threads(n, workers, (k, from, to) -> Cowichan.mask(m, from * n, to * n, t, mask));
        return new Result(t, mask);
    }

    static Result scoop(Scoop scoop, List<Separate<CowichanWorker>> ws, int n, int percent) {
        return scoop.pool().invoke(() -> {
            for (Separate<CowichanWorker> w : ws) {
                w.call(CowichanWorker::histogram);
            }
            int t = Cowichan.threshold(gatherHistogram(ws), n, percent);
            for (Separate<CowichanWorker> w : ws) {
                w.call(x -> x.mask(t));
            }
            boolean[] mask = new boolean[n * n];
            for (int k = ws.size() - 1; k >= 0; k--) {
                Scoop.separate(ws.get(k), x -> {
                    int rows = x.queryInt(o -> o.rows);
                    for (int r = 0; r < rows; r++) {
                        int row = r;
                        x.query(o -> {
                            o.copyMaskRow(row, mask);
                            return null;
                        });
                    }
                });
            }
            return new Result(t, mask);
        });
    }

    /** Sums the workers' histograms, reading one count per query (100 per worker). */
    static int[] gatherHistogram(List<Separate<CowichanWorker>> ws) {
        int[] hist = new int[Cowichan.RANGE];
        for (int k = ws.size() - 1; k >= 0; k--) {
            Scoop.separate(ws.get(k), x -> {
                for (int v = 0; v < Cowichan.RANGE; v++) {
                    int value = v;
                    hist[v] += x.queryInt(o -> o.hist[value]);
                }
            });
        }
        return hist;
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final int n;
        final int seed;
        final int percent;
        final byte[] input;
        /** Worker handlers holding their block of the input, per runtime (placed on first use). */
        private final Map<Scoop, List<Separate<CowichanWorker>>> placed = new IdentityHashMap<>();

        Work(int n, int seed, int percent) {
            this.n = n;
            this.seed = seed;
            this.percent = percent;
            this.input = Randmat.serial(n, seed);
        }

        @Override
        public String label() {
            return "thresh(" + Checks.count(n) + "," + percent + "%)";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            List<Separate<CowichanWorker>> ws = placed.computeIfAbsent(scoop, s -> {
                List<Separate<CowichanWorker>> list = Randmat.workers(s, n, workers);
                for (Separate<CowichanWorker> w : list) {
                    w.call(x -> x.data = Arrays.copyOfRange(input, x.start * n, (x.start + x.rows) * n));
                }
                return list;
            });
            return Thresh.scoop(scoop, ws, n, percent);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Thresh.threads(input, n, percent, workers);
        }

        @Override
        Object forkJoin(WeftPool pool, int workers) {
            return Thresh.forkJoin(pool, input, n, percent);
        }

        @Override
        public void check(Object result, Object reference) {
            Result r = (Result) result;
            int[] hist = new int[Cowichan.RANGE];
            Cowichan.histogram(input, 0, input.length, hist);
            int t = Cowichan.threshold(hist, n, percent);
            Checks.equal(t, r.threshold());
            long selected = 0;
            for (int v = t; v < Cowichan.RANGE; v++) {
                selected += hist[v];
            }
            Checks.equal(selected, Cowichan.count(r.mask()));
            for (int k = 0; k < input.length; k++) {
                Checks.that(r.mask()[k] == (input[k] >= t), "thresh: mask wrong at " + k);
            }
            Checks.that(Arrays.equals(r.mask(), ((Result) reference).mask()), "thresh: mask differs from the reference run");
        }
    }
}
