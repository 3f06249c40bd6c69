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
 * Cowichan product: outer's matrix times outer's vector. SCOOP: each worker handler holds a block of matrix
 * rows (placed once, as if outer had produced them there); the vector lives on a handler, from which every
 * worker fetches it an element per query; the root gathers the result an element per query.
 */
public final class Product extends ScoopSuite.SuiteProgram {
    public Product() {
        super(true);
    }

    @Override
    public String name() {
        return "product";
    }

    @Override
    public String description() {
        return "Cowichan product: matrix-vector product of outer's matrix and vector";
    }

    @Override
    public Work create(boolean quick) {
        return quick ? new Work(1500, 1500) : new Work(10_000, 4_000);
    }

    static double[] serial(double[][] m, double[] vec) {
        double[] r = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            r[i] = Cowichan.productRow(m[i], vec);
        }
        return r;
    }

    static double[] forkJoin(WeftPool pool, double[][] m, double[] vec) {
        double[] r = new double[m.length];
        pool.run(() -> Weft.parallelFor(0, m.length, i -> r[i] = Cowichan.productRow(m[i], vec)));
        return r;
    }

    static double[] threads(double[][] m, double[] vec, int workers) throws InterruptedException {
        double[] r = new double[m.length];
        Parts.threads(m.length, workers, (k, from, to) -> {
            for (int i = from; i < to; i++) {
                r[i] = Cowichan.productRow(m[i], vec);
            }
        });
        return r;
    }

    static double[] scoop(Scoop scoop, List<Separate<CowichanWorker>> ws, double[] input, int nw) {
        return scoop.pool().invoke(() -> {
            Separate<double[]> vector = scoop.create(input.clone());
            for (Separate<CowichanWorker> w : ws) {
                w.call(x -> x.product(vector, nw));
            }
            return gatherResult(ws, nw);
        });
    }

    /** The workers' result entries, one per query. */
    static double[] gatherResult(List<Separate<CowichanWorker>> ws, int nw) {
        double[] r = new double[nw];
        for (int k = ws.size() - 1; k >= 0; k--) {
            Scoop.separate(ws.get(k), x -> {
                int from = x.queryInt(o -> o.ostart);
                int rows = x.queryInt(o -> o.result.length);
                for (int i = 0; i < rows; i++) {
                    int row = i;
                    r[from + i] = x.queryDouble(o -> o.result[row]);
                }
            });
        }
        return r;
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final double[][] matrix;
        final double[] vector;
        private final Map<Scoop, List<Separate<CowichanWorker>>> placed = new IdentityHashMap<>();

        Work(int n, int nw) {
            Outer.Result o = Outer.serial(new Outer.Work(n, nw).points);
            this.matrix = o.matrix();
            this.vector = o.vector();
        }

        @Override
        public String label() {
            return "product(" + Checks.count(vector.length) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            int nw = vector.length;
            List<Separate<CowichanWorker>> ws = placed.computeIfAbsent(scoop, s -> {
                List<Separate<CowichanWorker>> list = Randmat.workers(s, nw, workers);
                for (Separate<CowichanWorker> w : list) {
                    w.call(x -> {
                        x.ostart = x.start;
                        x.orows = new double[x.rows][];
                        for (int r = 0; r < x.rows; r++) {
                            x.orows[r] = matrix[x.start + r].clone();
                        }
                    });
                }
                return list;
            });
            return Product.scoop(scoop, ws, vector, nw);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Product.threads(matrix, vector, workers);
        }

        @Override
        Object forkJoin(WeftPool pool, int workers) {
            return Product.forkJoin(pool, matrix, vector);
        }

        @Override
        public void check(Object result, Object reference) {
            double[] r = (double[]) result;
            Checks.equal(vector.length, r.length);
            for (int i = 0; i < r.length; i++) {
                Checks.equal(Cowichan.productRow(matrix[i], vector), r[i]);
            }
            Checks.that(Arrays.equals(r, (double[]) reference), "product: differs from the reference run");
        }
    }
}
