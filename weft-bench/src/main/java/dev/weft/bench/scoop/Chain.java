package dev.weft.bench.scoop;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.programs.Checks;
import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.Arrays;
import java.util.List;

/**
 * Cowichan chain: randmat, thresh, winnow, outer and product in sequence, each stage's output the next
 * one's input. SCOOP keeps the data where it is computed, as Quicksilver's chain does: the workers fill
 * their blocks, histogram and mask them and sort their selected cells into buckets; the root moves only
 * what a stage needs — 100 counts per worker, then the nw sampled points (one query each, straight from the
 * owning worker's bucket) — to a points handler; the workers compute blocks of outer rows from it, the
 * root gathers the vector entries into a vector handler, the workers multiply, and the root gathers the
 * result.
 *
 * <p>Validation at {@code nelts=10000, seed=0, percent=1, winnow_nelts=10000}: {@code result[0] ≈ 6.75288e11}.
 */
public final class Chain extends ScoopSuite.SuiteProgram {
    public Chain() {
        super(true);
    }

    @Override
    public String name() {
        return "chain";
    }

    @Override
    public String description() {
        return "Cowichan chain: randmat, thresh, winnow, outer and product in one pipeline";
    }

    @Override
    public Work create(boolean quick) {
        return quick ? new Work(1500, 0, 1, 1000) : new Work(10_000, 0, 1, 10_000);
    }

    static double[] serial(int n, int seed, int percent, int nw) {
        byte[] m = Randmat.serial(n, seed);
        boolean[] mask = Thresh.serial(m, n, percent).mask();
        Cowichan.Points p = Winnow.serial(m, mask, n, nw);
        Outer.Result o = Outer.serial(p);
        return Product.serial(o.matrix(), o.vector());
    }

    static double[] forkJoin(WeftPool pool, int n, int seed, int percent, int nw) {
        byte[] m = Randmat.forkJoin(pool, n, seed);
        boolean[] mask = Thresh.forkJoin(pool, m, n, percent).mask();
        Cowichan.Points p = Winnow.forkJoin(pool, m, mask, n, nw);
        Outer.Result o = Outer.forkJoin(pool, p);
        return Product.forkJoin(pool, o.matrix(), o.vector());
    }

    static double[] threads(int n, int seed, int percent, int nw, int workers) throws InterruptedException {
        byte[] m = Randmat.threads(n, seed, workers);
        boolean[] mask = Thresh.threads(m, n, percent, workers).mask();
        Cowichan.Points p = Winnow.threads(m, mask, n, nw, workers);
        Outer.Result o = Outer.threads(p, workers);
        return Product.threads(o.matrix(), o.vector(), workers);
    }

    static double[] scoop(Scoop scoop, int n, int seed, int percent, int nw, int workers) {
        return scoop.pool().invoke(() -> {
            List<Separate<CowichanWorker>> ws = Randmat.start(scoop, n, seed, workers);
            for (Separate<CowichanWorker> w : ws) {
                w.call(CowichanWorker::histogram);
            }
            int t = Cowichan.threshold(Thresh.gatherHistogram(ws), n, percent);
            for (Separate<CowichanWorker> w : ws) {
                w.call(x -> {
                    x.mask(t);
                    x.bucketize();
                });
            }
            Cowichan.Points points = samplePoints(ws, Winnow.gatherCounts(ws), n, nw);
            Separate<Cowichan.Points> pts = scoop.create(points);
            for (int k = 0; k < ws.size(); k++) {
                int from = Cowichan.partStart(nw, workers, k);
                int to = Cowichan.partStart(nw, workers, k + 1);
                ws.get(k).call(x -> x.outer(pts, nw, from, to));
            }
            double[] vec = new double[nw];
            for (int k = ws.size() - 1; k >= 0; k--) {
                Scoop.separate(ws.get(k), x -> {
                    int from = x.queryInt(o -> o.ostart);
                    int rows = x.queryInt(o -> o.ovec.length);
                    for (int r = 0; r < rows; r++) {
                        int row = r;
                        vec[from + r] = x.queryDouble(o -> o.ovec[row]);
                    }
                });
            }
            Separate<double[]> vector = scoop.create(vec);
            for (Separate<CowichanWorker> w : ws) {
                w.call(x -> x.product(vector, nw));
            }
            return Product.gatherResult(ws, nw);
        });
    }

    /**
     * Winnow's sample without moving the sorted cells: point i is the {@code i·chunk}-th cell in (value,
     * worker, bucket) order, read with one query from the worker whose bucket holds it.
     */
    static Cowichan.Points samplePoints(List<Separate<CowichanWorker>> ws, int[][] counts, int n, int nw) {
        int[][] cursor = Cowichan.winnowCursors(counts);
        int total = Winnow.total(counts);
        int chunk = total / nw;
        int workers = ws.size();
        // Which worker and bucket hold each sampled position: walk the value-major layout once.
        int[] owner = new int[nw];
        int[] value = new int[nw];
        int[] offset = new int[nw];
        int i = 0;
        for (int v = 0; v < Cowichan.RANGE && i < nw; v++) {
            for (int k = 0; k < workers && i < nw; k++) {
                int begin = cursor[k][v];
                int end = begin + counts[k][v];
                while (i < nw && (long) i * chunk < end) {
                    owner[i] = k;
                    value[i] = v;
                    offset[i] = i * chunk - begin;
                    i++;
                }
            }
        }
        Cowichan.Points p = new Cowichan.Points(new int[nw], new int[nw], chunk);
        for (int k = workers - 1; k >= 0; k--) {
            int worker = k;
            Scoop.separate(ws.get(k), x -> {
                for (int j = 0; j < nw; j++) {
                    if (owner[j] == worker) {
                        int at = j;
                        int idx = x.queryInt(o -> o.buckets[value[at]][offset[at]]);
                        p.x()[j] = idx / n;
                        p.y()[j] = idx % n;
                    }
                }
            });
        }
        return p;
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final int n;
        final int seed;
        final int percent;
        final int nw;
        final double[] expected;

        Work(int n, int seed, int percent, int nw) {
            this.n = n;
            this.seed = seed;
            this.percent = percent;
            this.nw = nw;
            this.expected = serial(n, seed, percent, nw);
        }

        @Override
        public String label() {
            return "chain(" + Checks.count(n) + "," + percent + "%," + Checks.count(nw) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            return Chain.scoop(scoop, n, seed, percent, nw, workers);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Chain.threads(n, seed, percent, nw, workers);
        }

        @Override
        Object forkJoin(WeftPool pool, int workers) {
            return Chain.forkJoin(pool, n, seed, percent, nw);
        }

        @Override
        public void check(Object result, Object reference) {
            Checks.that(Arrays.equals(expected, (double[]) result), "chain: differs from the serial pipeline");
            Checks.that(Arrays.equals((double[]) reference, (double[]) result), "chain: differs from the reference run");
        }
    }
}
