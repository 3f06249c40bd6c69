package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Jacobi mesh relaxation as in Kumar's thesis: 10 steps of nearest-neighbour averaging on a 1024×1024
 * interior, after Lea's fork/join Jacobi. Each step splits the mesh recursively into quadrants (halves
 * where a quadrant would fall below the leaf size) down to leaves of at most {@link #LEAF_CELLS} cells,
 * relaxes every leaf from the previous grid into the next, and takes the largest change. Steps are
 * sequential; the grids swap between them.
 *
 * <p>The ForkJoinPool version is Lea's (jsr166 {@code loops/FJJacobi}): the tree of tasks is built once
 * and re-invoked every step, each node forking its other quadrants, computing the first itself and
 * taking the forked ones back with {@code tryUnfork} where no thief got them. The Weft version
 * recurses afresh every step with nested {@code joinDouble}s.
 */
public final class Jacobi implements Program {
    /**
     * Most cells in a leaf: {@code DEFAULT_LEAFCELLS} of Lea's FJTask Jacobi (util.concurrent taskDemo),
     * i.e. 32×32 blocks at 1024. (jsr166's FJJacobi later raised it to 4096.)
     */
    static final int LEAF_CELLS = 1024;

    /** The largest change in step 10 at 1024×1024, as recorded in Kumar's Jacobi harness. */
    static final double KUMAR_MAX_DIFF_1024_STEP_10 = 0.03532437858581544;

    @Override
    public String name() {
        return "jacobi";
    }

    @Override
    public String description() {
        return "mesh relaxation, recursive quadrants to " + LEAF_CELLS + "-cell leaves, steps in sequence (Kumar/Lea)";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        return workload(1024, 10);
    }

    static ForkJoinWorkload workload(int n, int steps) {
        return new ForkJoinWorkload() {
            private double[][][] grids;
            private Mesh.Result reference;

            @Override
            public String label() {
                return "jacobi(" + n + "x" + n + "," + steps + ")";
            }

            @Override
            public void reset() {
                grids = Mesh.grids(n);
            }

            @Override
            public Object serial() {
                return Jacobi.serial(grids, n, steps);
            }

            @Override
            public Object forkJoin(ForkJoinPool pool) {
                return Jacobi.forkJoin(pool, grids, n, steps);
            }

            @Override
            public Object weft(WeftPool pool) {
                return Jacobi.weft(pool, grids, n, steps);
            }

            @Override
            public void check(Object result, Object serialResult) {
                Mesh.Result r = (Mesh.Result) result;
                Mesh.same((Mesh.Result) serialResult, r);
                // Independent: the plain row-by-row sweep computes every cell the same way, so it must
                // agree bitwise with any correct quadrant decomposition.
                if (reference == null) {
                    reference = Mesh.sweep(Mesh.grids(n), n, steps);
                }
                Mesh.same(reference, r);
                if (n == 1024 && steps == 10) {
                    Checks.equal(KUMAR_MAX_DIFF_1024_STEP_10, r.lastMaxDiff());
                }
            }
        };
    }

    static Mesh.Result serial(double[][][] g, int n, int steps) {
        double[][] a = g[0];
        double[][] b = g[1];
        double[] maxDiffs = new double[steps];
        for (int s = 0; s < steps; s++) {
            maxDiffs[s] = serial(a, b, 1, n, 1, n);
            double[][] t = a;
            a = b;
            b = t;
        }
        return new Mesh.Result(maxDiffs, a);
    }

    /** One step on the block [lr, hr] × [lc, hc], split as Lea's {@code build} splits it. */
    static double serial(double[][] a, double[][] b, int lr, int hr, int lc, int hc) {
        int rows = hr - lr + 1;
        int cols = hc - lc + 1;
        int mr = (lr + hr) >>> 1;
        int mc = (lc + hc) >>> 1;
        if (rows * cols <= LEAF_CELLS) {
            return Mesh.relax(a, b, lr, hr, lc, hc);
        } else if ((mr - lr + 1) * (mc - lc + 1) >= LEAF_CELLS) {
            double q1 = serial(a, b, lr, mr, lc, mc);
            double q2 = serial(a, b, lr, mr, mc + 1, hc);
            double q3 = serial(a, b, mr + 1, hr, lc, mc);
            double q4 = serial(a, b, mr + 1, hr, mc + 1, hc);
            return Math.max(Math.max(q1, q2), Math.max(q3, q4));
        } else if (cols >= rows) {
            return Math.max(serial(a, b, lr, hr, lc, mc), serial(a, b, lr, hr, mc + 1, hc));
        } else {
            return Math.max(serial(a, b, lr, mr, lc, hc), serial(a, b, mr + 1, hr, lc, hc));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Weft: a step is a recursive join; the worker that started it runs the steps one after another.

    static Mesh.Result weft(WeftPool pool, double[][][] g, int n, int steps) {
        return pool.invoke(() -> {
            double[][] a = g[0];
            double[][] b = g[1];
            double[] maxDiffs = new double[steps];
            for (int s = 0; s < steps; s++) {
                maxDiffs[s] = weft(a, b, 1, n, 1, n);
                double[][] t = a;
                a = b;
                b = t;
            }
            return new Mesh.Result(maxDiffs, a);
        });
    }

    /**
     * One step on a block. In {@code joinDouble(x, y, max)} the {@code y} half runs first on this worker
     * and {@code x} is offered to thieves, so unstolen quadrants run in the serial order q1, q2, q3, q4
     * and a thief takes the bottom half, the largest piece pending.
     */
    static double weft(double[][] a, double[][] b, int lr, int hr, int lc, int hc) {
        int rows = hr - lr + 1;
        int cols = hc - lc + 1;
        int mr = (lr + hr) >>> 1;
        int mc = (lc + hc) >>> 1;
        if (rows * cols <= LEAF_CELLS) {
            return Mesh.relax(a, b, lr, hr, lc, hc);
        } else if ((mr - lr + 1) * (mc - lc + 1) >= LEAF_CELLS) {
            return Weft.joinDouble(
                    () -> Weft.joinDouble(() -> weft(a, b, mr + 1, hr, mc + 1, hc),
                            () -> weft(a, b, mr + 1, hr, lc, mc), Math::max),
                    () -> Weft.joinDouble(() -> weft(a, b, lr, mr, mc + 1, hc),
                            () -> weft(a, b, lr, mr, lc, mc), Math::max),
                    Math::max);
        } else if (cols >= rows) {
            return Weft.joinDouble(() -> weft(a, b, lr, hr, mc + 1, hc), () -> weft(a, b, lr, hr, lc, mc), Math::max);
        } else {
            return Weft.joinDouble(() -> weft(a, b, mr + 1, hr, lc, hc), () -> weft(a, b, lr, mr, lc, hc), Math::max);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // ForkJoinPool: Lea's FJJacobi. The task tree is built once and re-run every step.

    static Mesh.Result forkJoin(ForkJoinPool pool, double[][][] g, int n, int steps) {
        Driver driver = new Driver(build(g[0], g[1], 1, n, 1, n), steps);
        pool.invoke(driver);
        return new Mesh.Result(driver.maxDiffs, steps % 2 == 0 ? g[0] : g[1]);
    }

    static MatrixTree build(double[][] a, double[][] b, int lr, int hr, int lc, int hc) {
        int rows = hr - lr + 1;
        int cols = hc - lc + 1;
        int mr = (lr + hr) >>> 1;
        int mc = (lc + hc) >>> 1;
        if (rows * cols <= LEAF_CELLS) {
            return new LeafNode(a, b, lr, hr, lc, hc);
        } else if ((mr - lr + 1) * (mc - lc + 1) >= LEAF_CELLS) {
            return new FourNode(build(a, b, lr, mr, lc, mc), build(a, b, lr, mr, mc + 1, hc),
                    build(a, b, mr + 1, hr, lc, mc), build(a, b, mr + 1, hr, mc + 1, hc));
        } else if (cols >= rows) {
            return new TwoNode(build(a, b, lr, hr, lc, mc), build(a, b, lr, hr, mc + 1, hc));
        } else {
            return new TwoNode(build(a, b, lr, mr, lc, hc), build(a, b, mr + 1, hr, lc, hc));
        }
    }

    abstract static class MatrixTree extends RecursiveAction {
        /** The largest change in this block in the step just run. */
        double maxDiff;

        final double directCompute() {
            compute();
            return maxDiff;
        }

        /** Joins this forked node (or runs it here if no thief took it) and readies it for the next step. */
        final double joinAndReinitialize(double md) {
            if (tryUnfork()) {
                compute();
            } else {
                quietlyJoin();
                reinitialize();
            }
            return Math.max(md, maxDiff);
        }
    }

    static final class LeafNode extends MatrixTree {
        final double[][] a;
        final double[][] b;
        final int loRow;
        final int hiRow;
        final int loCol;
        final int hiCol;
        /** Steps run so far: even steps read {@code a} and write {@code b}, odd steps the reverse. */
        int steps;

        LeafNode(double[][] a, double[][] b, int loRow, int hiRow, int loCol, int hiCol) {
            this.a = a;
            this.b = b;
            this.loRow = loRow;
            this.hiRow = hiRow;
            this.loCol = loCol;
            this.hiCol = hiCol;
        }

        @Override
        protected void compute() {
            boolean aToB = (steps++ & 1) == 0;
            maxDiff = aToB ? Mesh.relax(a, b, loRow, hiRow, loCol, hiCol)
                    : Mesh.relax(b, a, loRow, hiRow, loCol, hiCol);
        }
    }

    static final class FourNode extends MatrixTree {
        final MatrixTree q1;
        final MatrixTree q2;
        final MatrixTree q3;
        final MatrixTree q4;

        FourNode(MatrixTree q1, MatrixTree q2, MatrixTree q3, MatrixTree q4) {
            this.q1 = q1;
            this.q2 = q2;
            this.q3 = q3;
            this.q4 = q4;
        }

        @Override
        protected void compute() {
            q4.fork();
            q3.fork();
            q2.fork();
            double md = q1.directCompute();
            md = q2.joinAndReinitialize(md);
            md = q3.joinAndReinitialize(md);
            maxDiff = q4.joinAndReinitialize(md);
        }
    }

    static final class TwoNode extends MatrixTree {
        final MatrixTree q1;
        final MatrixTree q2;

        TwoNode(MatrixTree q1, MatrixTree q2) {
            this.q1 = q1;
            this.q2 = q2;
        }

        @Override
        protected void compute() {
            q2.fork();
            maxDiff = q2.joinAndReinitialize(q1.directCompute());
        }
    }

    static final class Driver extends RecursiveAction {
        final MatrixTree mat;
        final double[] maxDiffs;

        Driver(MatrixTree mat, int steps) {
            this.mat = mat;
            this.maxDiffs = new double[steps];
        }

        @Override
        protected void compute() {
            for (int s = 0; s < maxDiffs.length; s++) {
                mat.invoke();
                maxDiffs[s] = mat.maxDiff;
                mat.reinitialize();
            }
        }
    }
}
