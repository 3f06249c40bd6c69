package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Phaser;
import java.util.concurrent.RecursiveAction;

/**
 * Lea's Jacobi ("A Java Fork/Join Framework", section 4): iterative mesh relaxation with a global
 * barrier after every step, 100 steps of nearest-neighbour averaging. Lea ran 4096×4096 on 30 CPUs;
 * here the full size is 1024×1024 (64K cells a step per worker on 16 cores, so the barrier's cost shows,
 * which is what Lea's section 4.4 measures, and both grids fit in a large last-level cache), and the quick
 * size 512×512. Every step also reduces the largest change over the whole mesh, so the barrier carries a
 * reduction.
 *
 * <p>The per-step barrier is written the way each runtime expresses it:
 * <ul>
 *   <li>ForkJoinPool: Lea's barrier version (jsr166 {@code loops/FJPhaserJacobi}): one long-lived task
 *       per worker, each owning a band of rows, meeting at a {@link Phaser} after every step; the
 *       phaser's {@code onAdvance} takes the step's maximum. (Lea's bands are squares sized n²/P; rows
 *       divide evenly for every worker count and keep a task's cells contiguous.)</li>
 *   <li>Weft: a {@code parallelReduceDouble} over the rows per step. The loop returning is the barrier, and
 *       it needs no grain size or worker count.</li>
 * </ul>
 * The serial elision relaxes the rows in order. All three use the same row kernel, {@link Mesh#relax}.
 */
public final class JacobiBarrier implements Program {
    static final int STEPS = 100;

    /** The largest change in step 100 at 1024×1024, as recorded in Kumar's Jacobi harness (10 runs of 10 steps). */
    static final double KUMAR_MAX_DIFF_1024_STEP_100 = 0.0035942981873005597;

    @Override
    public String name() {
        return "jacobi-barrier";
    }

    @Override
    public String description() {
        return "mesh relaxation, " + STEPS + " steps, barrier + max reduction per step (Lea: phaser; Weft: parallel loop)";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        return workload(quick ? 512 : 1024, STEPS);
    }

    static ForkJoinWorkload workload(int n, int steps) {
        return new ForkJoinWorkload() {
            private double[][][] grids;
            private Mesh.Result reference;

            @Override
            public String label() {
                return "jacobi-barrier(" + n + "x" + n + "," + steps + ")";
            }

            @Override
            public void reset() {
                grids = Mesh.grids(n);
            }

            @Override
            public Object serial() {
                return Mesh.sweep(grids, n, steps);
            }

            @Override
            public Object forkJoin(ForkJoinPool pool) {
                return JacobiBarrier.forkJoin(pool, grids, n, steps);
            }

            @Override
            public Object weft(WeftPool pool) {
                return JacobiBarrier.weft(pool, grids, n, steps);
            }

            @Override
            public void check(Object result, Object serialResult) {
                Mesh.Result r = (Mesh.Result) result;
                Mesh.same((Mesh.Result) serialResult, r);
                // Independent: the quadrant recursion of Jacobi visits the cells in another order and
                // must agree bitwise; the result must also obey the maximum principle and the symmetry.
                if (reference == null) {
                    reference = Jacobi.serial(Mesh.grids(n), n, steps);
                    Mesh.plausible(reference, n);
                }
                Mesh.same(reference, r);
                if (n == 1024 && steps == 100) {
                    Checks.equal(KUMAR_MAX_DIFF_1024_STEP_100, r.lastMaxDiff());
                }
            }
        };
    }

    // ---------------------------------------------------------------------------------------------
    // Weft: one parallel loop per step; its return is the barrier.

    static Mesh.Result weft(WeftPool pool, double[][][] g, int n, int steps) {
        return pool.invoke(() -> {
            double[][] a = g[0];
            double[][] b = g[1];
            double[] maxDiffs = new double[steps];
            for (int s = 0; s < steps; s++) {
                double[][] from = a;
                double[][] to = b;
                maxDiffs[s] = Weft.parallelReduceDouble(1, n + 1, 0.0, i -> Mesh.relax(from, to, i, i, 1, n), Math::max);
                a = to;
                b = from;
            }
            return new Mesh.Result(maxDiffs, a);
        });
    }

    // ---------------------------------------------------------------------------------------------
    // ForkJoinPool: Lea's FJPhaserJacobi. P segments, one per worker, step in lockstep on a phaser.

    static Mesh.Result forkJoin(ForkJoinPool pool, double[][][] g, int n, int steps) {
        double[] maxDiffs = new double[steps];
        pool.invoke(new Driver(g[0], g[1], n, maxDiffs, pool.getParallelism()));
        return new Mesh.Result(maxDiffs, steps % 2 == 0 ? g[0] : g[1]);
    }

    static final class Driver extends RecursiveAction {
        final double[][] a;
        final double[][] b;
        final int n;
        final double[] maxDiffs;
        final int parallelism;

        Driver(double[][] a, double[][] b, int n, double[] maxDiffs, int parallelism) {
            this.a = a;
            this.b = b;
            this.n = n;
            this.maxDiffs = maxDiffs;
            this.parallelism = parallelism;
        }

        @Override
        protected void compute() {
            int p = Math.min(parallelism, n);
            Segment[] segs = new Segment[p];
            StepBarrier barrier = new StepBarrier(segs, maxDiffs);
            for (int k = 0; k < p; k++) {
                int lo = 1 + (int) ((long) k * n / p);
                int hi = (int) ((long) (k + 1) * n / p);
                segs[k] = new Segment(a, b, lo, hi, n, maxDiffs.length, barrier);
            }
            invokeAll(segs);
        }
    }

    /** The barrier between steps; its last arrival takes the step's largest change over all segments. */
    static final class StepBarrier extends Phaser {
        final Segment[] segs;
        final double[] maxDiffs;

        StepBarrier(Segment[] segs, double[] maxDiffs) {
            super(segs.length);
            this.segs = segs;
            this.maxDiffs = maxDiffs;
        }

        @Override
        protected boolean onAdvance(int phase, int registeredParties) {
            double md = 0.0;
            for (Segment s : segs) {
                md = Math.max(md, s.maxDiff);
            }
            maxDiffs[phase] = md;
            return phase == maxDiffs.length - 1;
        }
    }

    /** Rows [lo, hi] for every step: relax, arrive, wait for the others, swap. */
    static final class Segment extends RecursiveAction {
        final int lo;
        final int hi;
        final int n;
        final int steps;
        final Phaser barrier;
        double[][] a;
        double[][] b;
        /** The largest change in this segment's rows in the current step; read in {@code onAdvance}. */
        double maxDiff;

        Segment(double[][] a, double[][] b, int lo, int hi, int n, int steps, Phaser barrier) {
            this.a = a;
            this.b = b;
            this.lo = lo;
            this.hi = hi;
            this.n = n;
            this.steps = steps;
            this.barrier = barrier;
        }

        @Override
        protected void compute() {
            for (int s = 0; s < steps; s++) {
                double md = 0.0;
                for (int i = lo; i <= hi; i++) {
                    md = Math.max(md, Mesh.relax(a, b, i, i, 1, n));
                }
                maxDiff = md;
                barrier.arriveAndAwaitAdvance();
                double[][] t = a;
                a = b;
                b = t;
            }
        }
    }
}
