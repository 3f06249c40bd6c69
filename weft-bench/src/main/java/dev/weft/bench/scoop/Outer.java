package dev.weft.bench.scoop;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.programs.Checks;
import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cowichan outer: from winnow's nw points, the nw×nw matrix of their distances (each diagonal entry nw
 * times its row's largest distance) and the vector of their distances from the origin. SCOOP: the points
 * live on a handler; each worker handler fetches them a point per query and computes a block of rows; the
 * root gathers the rows (one query each, copying) and the vector entries (one query each).
 */
public final class Outer extends ScoopSuite.SuiteProgram {
    public Outer() {
        super(true);
    }

    @Override
    public String name() {
        return "outer";
    }

    @Override
    public String description() {
        return "Cowichan outer: distance matrix and origin vector of the winnowed points";
    }

    @Override
    public Work create(boolean quick) {
        return quick ? new Work(1500, 1500) : new Work(10_000, 4_000);
    }

    /** The matrix and the vector. */
    record Result(double[][] matrix, double[] vector) {
    }

    static Result serial(Cowichan.Points p) {
        int nw = p.size();
        double[][] m = new double[nw][nw];
        double[] vec = new double[nw];
        for (int i = 0; i < nw; i++) {
            vec[i] = Cowichan.outerRow(p.x(), p.y(), i, m[i]);
        }
        return new Result(m, vec);
    }

    static Result forkJoin(WeftPool pool, Cowichan.Points p) {
        int nw = p.size();
        double[][] m = new double[nw][];
        double[] vec = new double[nw];
        pool.run(() -> Weft.parallelFor(0, nw, i -> {
            double[] row = new double[nw];
            vec[i] = Cowichan.outerRow(p.x(), p.y(), i, row);
            m[i] = row;
        }));
        return new Result(m, vec);
    }

    static Result threads(Cowichan.Points p, int workers) throws InterruptedException {
        int nw = p.size();
        double[][] m = new double[nw][];
        double[] vec = new double[nw];
        Parts.threads(nw, workers, (k, from, to) -> {
            for (int i = from; i < to; i++) {
                double[] row = new double[nw];
                vec[i] = Cowichan.outerRow(p.x(), p.y(), i, row);
                m[i] = row;
            }
        });
        return new Result(m, vec);
    }

    static Result scoop(Scoop scoop, Cowichan.Points input, int workers) {
        int nw = input.size();
        return scoop.pool().invoke(() -> {
            Separate<Cowichan.Points> points = scoop.create(
                    new Cowichan.Points(input.x().clone(), input.y().clone(), input.chunk()));
            List<Separate<CowichanWorker>> ws = start(scoop, points, nw, workers);
            double[][] m = new double[nw][];
            double[] vec = new double[nw];
            for (int k = ws.size() - 1; k >= 0; k--) {
                Scoop.separate(ws.get(k), x -> {
                    int from = x.queryInt(o -> o.ostart);
                    int rows = x.queryInt(o -> o.orows.length);
                    for (int r = 0; r < rows; r++) {
                        int row = r;
                        m[from + r] = x.query(o -> o.orows[row].clone());
                        vec[from + r] = x.queryDouble(o -> o.ovec[row]);
                    }
                });
            }
            return new Result(m, vec);
        });
    }

    /** Worker handlers, each computing a block of the nw rows from the points' handler. */
    static List<Separate<CowichanWorker>> start(Scoop scoop, Separate<Cowichan.Points> points, int nw, int workers) {
        List<Separate<CowichanWorker>> ws = new ArrayList<>();
        for (int k = 0; k < workers; k++) {
            int from = Cowichan.partStart(nw, workers, k);
            int to = Cowichan.partStart(nw, workers, k + 1);
            Separate<CowichanWorker> w = scoop.create(new CowichanWorker(nw, from, to - from));
            w.call(x -> x.outer(points, nw, from, to));
            ws.add(w);
        }
        return ws;
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final int n;
        final Cowichan.Points points;

        Work(int n, int nw) {
            this.n = n;
            byte[] m = Randmat.serial(n, 0);
            this.points = Winnow.serial(m, Thresh.serial(m, n, 1).mask(), n, nw);
        }

        @Override
        public String label() {
            return "outer(" + Checks.count(points.size()) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            return Outer.scoop(scoop, points, workers);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Outer.threads(points, workers);
        }

        @Override
        Object forkJoin(WeftPool pool, int workers) {
            return Outer.forkJoin(pool, points);
        }

        @Override
        public void check(Object result, Object reference) {
            Result r = (Result) result;
            Result ref = (Result) reference;
            int nw = points.size();
            Checks.equal(nw, r.vector().length);
            double[] row = new double[nw];
            for (int i = 0; i < nw; i++) {
                double v = Cowichan.outerRow(points.x(), points.y(), i, row);
                Checks.equal(v, r.vector()[i]);
                Checks.that(Arrays.equals(row, r.matrix()[i]), "outer: row " + i + " is wrong");
            }
            for (int i = 0; i < nw; i++) {
                Checks.that(Arrays.equals(ref.matrix()[i], r.matrix()[i]), "outer: row " + i + " differs from the reference run");
            }
            Checks.that(Arrays.equals(ref.vector(), r.vector()), "outer: vector differs from the reference run");
        }
    }
}
