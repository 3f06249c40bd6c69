package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Blocked LU decomposition without pivoting, Cilk-5's {@code lu.cilk} (Kumar's thesis): {@code lu}
 * factors the top-left quadrant, then solves the top-right ({@code lower_solve}) and bottom-left
 * ({@code upper_solve}) quadrants in parallel, subtracts their product from the bottom-right
 * ({@code schur}, two phases of four quadrant products) and factors that. The recursion stops at
 * {@link #BLOCK}×{@link #BLOCK} blocks. The matrix is factored in place into unit-lower L and upper U.
 * Full size 1024×1024, quick 512×512.
 *
 * <p>The input is random in [0, 1) with n added to the diagonal, so it is strictly diagonally dominant
 * and factors stably without pivoting. (Cilk multiplies the diagonal by 10, which is dominant only for
 * small n.)
 *
 * <p>The ForkJoinPool version follows Lea's jsr166 {@code loops/LU} (Schur, Lower, Upper and LowerUpper
 * tasks, {@code Seq} tasks for the dependent chains, fork / compute / {@code tryUnfork}-or-join), on
 * Cilk's task graph, which all versions share: Lea's Schur runs its eight products as four parallel
 * pairs instead of two phases.
 */
public final class LUD implements Program {
    /** Block size: {@code BLOCK_SIZE} of Cilk's lu.cilk (and of Lea's LU). */
    static final int BLOCK = 16;

    /** Entries of L·U compared with the input (besides the whole matrix at small sizes). */
    static final int SAMPLES = 2000;

    /** Largest |L·U − A| accepted, absolute (entries of A are below 1 off the diagonal, about n on it). */
    static final double RESIDUAL = 1e-9;

    @Override
    public String name() {
        return "lud";
    }

    @Override
    public String description() {
        return "blocked LU decomposition (Cilk lu.cilk), " + BLOCK + "x" + BLOCK + " blocks, no pivoting";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        return workload(quick ? 512 : 1024);
    }

    /** The diagonally dominant input of size n. */
    static double[][] input(int n) {
        double[][] a = Matrices.random(n, 4);
        for (int i = 0; i < n; i++) {
            a[i][i] += n;
        }
        return a;
    }

    static ForkJoinWorkload workload(int n) {
        if (n < BLOCK || (n & (n - 1)) != 0) {
            throw new IllegalArgumentException("size must be a power of two >= " + BLOCK + ": " + n);
        }
        double[][] input = input(n);
        int nb = n / BLOCK;
        return new ForkJoinWorkload() {
            private double[][] m;

            @Override
            public String label() {
                return "lud(" + n + "x" + n + ")";
            }

            @Override
            public void reset() {
                m = Matrices.copy(input);
            }

            @Override
            public Object serial() {
                LUD.serial(m, 0, 0, nb);
                return m;
            }

            @Override
            public Object forkJoin(ForkJoinPool pool) {
                pool.invoke(new LowerUpper(m, 0, 0, nb));
                return m;
            }

            @Override
            public Object weft(WeftPool pool) {
                double[][] x = m;
                pool.run(() -> LUD.weft(x, 0, 0, nb));
                return x;
            }

            @Override
            public void check(Object result, Object serialResult) {
                double[][] lu = (double[][]) result;
                Matrices.same((double[][]) serialResult, lu, "LU");
                checkResidual(input, lu);
            }
        };
    }

    /** (L·U)[i][j] with L unit lower triangular and U upper triangular, both packed in {@code lu}. */
    static double product(double[][] lu, int i, int j) {
        double v = 0.0;
        int k = 0;
        for (; k < i && k <= j; k++) {
            v += lu[i][k] * lu[k][j];
        }
        if (k == i && k <= j) {
            v += lu[i][j];
        }
        return v;
    }

    /** Checks |L·U − A| ≤ {@link #RESIDUAL}: everywhere up to 128×128, else on the corners and a sample. */
    static void checkResidual(double[][] a, double[][] lu) {
        int n = a.length;
        if (n <= 128) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    checkEntry(a, lu, i, j);
                }
            }
            return;
        }
        SplittableRandom rng = new SplittableRandom(5);
        for (int s = -4; s < SAMPLES; s++) {
            int i = s < 0 ? (s & 1) * (n - 1) : rng.nextInt(n);
            int j = s < 0 ? ((s >> 1) & 1) * (n - 1) : rng.nextInt(n);
            checkEntry(a, lu, i, j);
        }
    }

    private static void checkEntry(double[][] a, double[][] lu, int i, int j) {
        double v = product(lu, i, j);
        if (!(Math.abs(v - a[i][j]) <= RESIDUAL)) {
            throw new AssertionError("(L·U)[" + i + "][" + j + "] = " + v + " but A has " + a[i][j]);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Block kernels (lu.cilk), on the BLOCK×BLOCK blocks of m at the given element offsets.

    /** Factors block B in place. */
    static void blockLu(double[][] m, int br, int bc) {
        for (int k = 0; k < BLOCK; k++) {
            double[] bk = m[br + k];
            for (int i = k + 1; i < BLOCK; i++) {
                double[] bi = m[br + i];
                double a = bi[bc + k] / bk[bc + k];
                bi[bc + k] = a;
                for (int j = k + 1; j < BLOCK; j++) {
                    bi[bc + j] -= a * bk[bc + j];
                }
            }
        }
    }

    /** Solves L·B' = B for B' (forward substitution), L unit lower triangular. */
    static void blockLowerSolve(double[][] m, int br, int bc, int lr, int lc) {
        for (int i = 1; i < BLOCK; i++) {
            double[] bi = m[br + i];
            double[] li = m[lr + i];
            for (int k = 0; k < i; k++) {
                double a = li[lc + k];
                double[] bk = m[br + k];
                for (int j = 0; j < BLOCK; j++) {
                    bi[bc + j] -= a * bk[bc + j];
                }
            }
        }
    }

    /** Solves B'·U = B for B', U upper triangular. */
    static void blockUpperSolve(double[][] m, int br, int bc, int ur, int uc) {
        for (int i = 0; i < BLOCK; i++) {
            double[] bi = m[br + i];
            for (int k = 0; k < BLOCK; k++) {
                double[] uk = m[ur + k];
                double a = bi[bc + k] / uk[uc + k];
                bi[bc + k] = a;
                for (int j = k + 1; j < BLOCK; j++) {
                    bi[bc + j] -= a * uk[uc + j];
                }
            }
        }
    }

    /** B -= A·C (the Schur complement update of one block). */
    static void blockSchur(double[][] m, int br, int bc, int ar, int ac, int cr, int cc) {
        for (int i = 0; i < BLOCK; i++) {
            double[] bi = m[br + i];
            double[] ai = m[ar + i];
            for (int k = 0; k < BLOCK; k++) {
                double a = ai[ac + k];
                double[] ck = m[cr + k];
                for (int j = 0; j < BLOCK; j++) {
                    bi[bc + j] -= a * ck[cc + j];
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Serial elision. Matrices are (row, column) element offsets into m; nb is the size in blocks.

    /**
     * M -= V·W. Every version dispatches its leaves from a small method like this one and splits in a
     * separate one: the JIT compiles the inlined leaf loop noticeably better in a small caller (Lea's
     * {@code Schur.compute} has that shape), and the versions should differ only in how they fork.
     */
    static void schur(double[][] m, int mr, int mc, int vr, int vc, int wr, int wc, int nb) {
        if (nb == 1) {
            blockSchur(m, mr, mc, vr, vc, wr, wc);
        } else {
            schurSplit(m, mr, mc, vr, vc, wr, wc, nb);
        }
    }

    static void schurSplit(double[][] m, int mr, int mc, int vr, int vc, int wr, int wc, int nb) {
        int h = nb / 2;
        int o = h * BLOCK;
        schur(m, mr, mc, vr, vc, wr, wc, h);
        schur(m, mr, mc + o, vr, vc, wr, wc + o, h);
        schur(m, mr + o, mc, vr + o, vc, wr, wc, h);
        schur(m, mr + o, mc + o, vr + o, vc, wr, wc + o, h);

        schur(m, mr, mc, vr, vc + o, wr + o, wc, h);
        schur(m, mr, mc + o, vr, vc + o, wr + o, wc + o, h);
        schur(m, mr + o, mc, vr + o, vc + o, wr + o, wc, h);
        schur(m, mr + o, mc + o, vr + o, vc + o, wr + o, wc + o, h);
    }

    /** Solves L·M' = M. */
    static void lowerSolve(double[][] m, int mr, int mc, int lr, int lc, int nb) {
        if (nb == 1) {
            blockLowerSolve(m, mr, mc, lr, lc);
            return;
        }
        int h = nb / 2;
        int o = h * BLOCK;
        auxLowerSolve(m, mr, mc, mr + o, mc, lr, lc, h);
        auxLowerSolve(m, mr, mc + o, mr + o, mc + o, lr, lc, h);
    }

    /** One column of {@code lowerSolve}: Ma above Mb, against L's quadrants. */
    static void auxLowerSolve(double[][] m, int ar, int ac, int br, int bc, int lr, int lc, int nb) {
        int o = nb * BLOCK;
        lowerSolve(m, ar, ac, lr, lc, nb);
        schur(m, br, bc, lr + o, lc, ar, ac, nb);
        lowerSolve(m, br, bc, lr + o, lc + o, nb);
    }

    /** Solves M'·U = M. */
    static void upperSolve(double[][] m, int mr, int mc, int ur, int uc, int nb) {
        if (nb == 1) {
            blockUpperSolve(m, mr, mc, ur, uc);
            return;
        }
        int h = nb / 2;
        int o = h * BLOCK;
        auxUpperSolve(m, mr, mc, mr, mc + o, ur, uc, h);
        auxUpperSolve(m, mr + o, mc, mr + o, mc + o, ur, uc, h);
    }

    /** One row of {@code upperSolve}: Ma left of Mb, against U's quadrants. */
    static void auxUpperSolve(double[][] m, int ar, int ac, int br, int bc, int ur, int uc, int nb) {
        int o = nb * BLOCK;
        upperSolve(m, ar, ac, ur, uc, nb);
        schur(m, br, bc, ar, ac, ur, uc + o, nb);
        upperSolve(m, br, bc, ur + o, uc + o, nb);
    }

    static void serial(double[][] m, int r, int c, int nb) {
        if (nb == 1) {
            blockLu(m, r, c);
            return;
        }
        int h = nb / 2;
        int o = h * BLOCK;
        serial(m, r, c, h);
        lowerSolve(m, r, c + o, r, c, h);
        upperSolve(m, r + o, c, r, c, h);
        schur(m, r + o, c + o, r + o, c, r, c + o, h);
        serial(m, r + o, c + o, h);
    }

    // ---------------------------------------------------------------------------------------------
    // Weft: a join where lu.cilk spawns two, a finish around each phase of four.

    static void weftSchur(double[][] m, int mr, int mc, int vr, int vc, int wr, int wc, int nb) {
        if (nb == 1) {
            blockSchur(m, mr, mc, vr, vc, wr, wc);
        } else {
            weftSchurSplit(m, mr, mc, vr, vc, wr, wc, nb);
        }
    }

    static void weftSchurSplit(double[][] m, int mr, int mc, int vr, int vc, int wr, int wc, int nb) {
        int h = nb / 2;
        int o = h * BLOCK;
        Weft.finish(() -> {
            Weft.async(() -> weftSchur(m, mr, mc, vr, vc, wr, wc, h));
            Weft.async(() -> weftSchur(m, mr, mc + o, vr, vc, wr, wc + o, h));
            Weft.async(() -> weftSchur(m, mr + o, mc, vr + o, vc, wr, wc, h));
            weftSchur(m, mr + o, mc + o, vr + o, vc, wr, wc + o, h);
        });
        Weft.finish(() -> {
            Weft.async(() -> weftSchur(m, mr, mc, vr, vc + o, wr + o, wc, h));
            Weft.async(() -> weftSchur(m, mr, mc + o, vr, vc + o, wr + o, wc + o, h));
            Weft.async(() -> weftSchur(m, mr + o, mc, vr + o, vc + o, wr + o, wc, h));
            weftSchur(m, mr + o, mc + o, vr + o, vc + o, wr + o, wc + o, h);
        });
    }

    static void weftLowerSolve(double[][] m, int mr, int mc, int lr, int lc, int nb) {
        if (nb == 1) {
            blockLowerSolve(m, mr, mc, lr, lc);
            return;
        }
        int h = nb / 2;
        int o = h * BLOCK;
        Weft.join(() -> weftAuxLowerSolve(m, mr, mc + o, mr + o, mc + o, lr, lc, h),
                () -> weftAuxLowerSolve(m, mr, mc, mr + o, mc, lr, lc, h));
    }

    static void weftAuxLowerSolve(double[][] m, int ar, int ac, int br, int bc, int lr, int lc, int nb) {
        int o = nb * BLOCK;
        weftLowerSolve(m, ar, ac, lr, lc, nb);
        weftSchur(m, br, bc, lr + o, lc, ar, ac, nb);
        weftLowerSolve(m, br, bc, lr + o, lc + o, nb);
    }

    static void weftUpperSolve(double[][] m, int mr, int mc, int ur, int uc, int nb) {
        if (nb == 1) {
            blockUpperSolve(m, mr, mc, ur, uc);
            return;
        }
        int h = nb / 2;
        int o = h * BLOCK;
        Weft.join(() -> weftAuxUpperSolve(m, mr + o, mc, mr + o, mc + o, ur, uc, h),
                () -> weftAuxUpperSolve(m, mr, mc, mr, mc + o, ur, uc, h));
    }

    static void weftAuxUpperSolve(double[][] m, int ar, int ac, int br, int bc, int ur, int uc, int nb) {
        int o = nb * BLOCK;
        weftUpperSolve(m, ar, ac, ur, uc, nb);
        weftSchur(m, br, bc, ar, ac, ur, uc + o, nb);
        weftUpperSolve(m, br, bc, ur + o, uc + o, nb);
    }

    static void weft(double[][] m, int r, int c, int nb) {
        if (nb == 1) {
            blockLu(m, r, c);
            return;
        }
        int h = nb / 2;
        int o = h * BLOCK;
        weft(m, r, c, h);
        Weft.join(() -> weftUpperSolve(m, r + o, c, r, c, h), () -> weftLowerSolve(m, r, c + o, r, c, h));
        weftSchur(m, r + o, c + o, r + o, c, r, c + o, h);
        weft(m, r + o, c + o, h);
    }

    // ---------------------------------------------------------------------------------------------
    // ForkJoinPool: Lea's LU tasks on lu.cilk's graph.

    /** M -= V·W: two phases, each {@code invokeAll} of four quadrant updates. */
    static final class Schur extends RecursiveAction {
        final double[][] m;
        final int mr;
        final int mc;
        final int vr;
        final int vc;
        final int wr;
        final int wc;
        final int nb;

        Schur(double[][] m, int mr, int mc, int vr, int vc, int wr, int wc, int nb) {
            this.m = m;
            this.mr = mr;
            this.mc = mc;
            this.vr = vr;
            this.vc = vc;
            this.wr = wr;
            this.wc = wc;
            this.nb = nb;
        }

        @Override
        protected void compute() {
            if (nb == 1) {
                blockSchur(m, mr, mc, vr, vc, wr, wc);
                return;
            }
            int h = nb / 2;
            int o = h * BLOCK;
            invokeAll(new Schur(m, mr, mc, vr, vc, wr, wc, h),
                    new Schur(m, mr, mc + o, vr, vc, wr, wc + o, h),
                    new Schur(m, mr + o, mc, vr + o, vc, wr, wc, h),
                    new Schur(m, mr + o, mc + o, vr + o, vc, wr, wc + o, h));
            invokeAll(new Schur(m, mr, mc, vr, vc + o, wr + o, wc, h),
                    new Schur(m, mr, mc + o, vr, vc + o, wr + o, wc + o, h),
                    new Schur(m, mr + o, mc, vr + o, vc + o, wr + o, wc, h),
                    new Schur(m, mr + o, mc + o, vr + o, vc + o, wr + o, wc + o, h));
        }
    }

    /** Solves L·M' = M: the two columns of M as parallel {@code Seq}s of lower, schur, lower. */
    static final class Lower extends RecursiveAction {
        final double[][] m;
        final int mr;
        final int mc;
        final int lr;
        final int lc;
        final int nb;

        Lower(double[][] m, int mr, int mc, int lr, int lc, int nb) {
            this.m = m;
            this.mr = mr;
            this.mc = mc;
            this.lr = lr;
            this.lc = lc;
            this.nb = nb;
        }

        @Override
        protected void compute() {
            if (nb == 1) {
                blockLowerSolve(m, mr, mc, lr, lc);
                return;
            }
            int h = nb / 2;
            int o = h * BLOCK;
            Seq s1 = new Seq(new Lower(m, mr, mc, lr, lc, h),
                    new Schur(m, mr + o, mc, lr + o, lc, mr, mc, h),
                    new Lower(m, mr + o, mc, lr + o, lc + o, h));
            Seq s2 = new Seq(new Lower(m, mr, mc + o, lr, lc, h),
                    new Schur(m, mr + o, mc + o, lr + o, lc, mr, mc + o, h),
                    new Lower(m, mr + o, mc + o, lr + o, lc + o, h));
            s2.fork();
            s1.compute();
            if (s2.tryUnfork()) {
                s2.compute();
            } else {
                s2.join();
            }
        }
    }

    /** Solves M'·U = M: the two rows of M as parallel {@code Seq}s of upper, schur, upper. */
    static final class Upper extends RecursiveAction {
        final double[][] m;
        final int mr;
        final int mc;
        final int ur;
        final int uc;
        final int nb;

        Upper(double[][] m, int mr, int mc, int ur, int uc, int nb) {
            this.m = m;
            this.mr = mr;
            this.mc = mc;
            this.ur = ur;
            this.uc = uc;
            this.nb = nb;
        }

        @Override
        protected void compute() {
            if (nb == 1) {
                blockUpperSolve(m, mr, mc, ur, uc);
                return;
            }
            int h = nb / 2;
            int o = h * BLOCK;
            Seq s1 = new Seq(new Upper(m, mr, mc, ur, uc, h),
                    new Schur(m, mr, mc + o, mr, mc, ur, uc + o, h),
                    new Upper(m, mr, mc + o, ur + o, uc + o, h));
            Seq s2 = new Seq(new Upper(m, mr + o, mc, ur, uc, h),
                    new Schur(m, mr + o, mc + o, mr + o, mc, ur, uc + o, h),
                    new Upper(m, mr + o, mc + o, ur + o, uc + o, h));
            s2.fork();
            s1.compute();
            if (s2.tryUnfork()) {
                s2.compute();
            } else {
                s2.join();
            }
        }
    }

    /** Factors M: top-left, then lower ∥ upper, then the Schur complement, then bottom-right. */
    static final class LowerUpper extends RecursiveAction {
        final double[][] m;
        final int r;
        final int c;
        final int nb;

        LowerUpper(double[][] m, int r, int c, int nb) {
            this.m = m;
            this.r = r;
            this.c = c;
            this.nb = nb;
        }

        @Override
        protected void compute() {
            if (nb == 1) {
                blockLu(m, r, c);
                return;
            }
            int h = nb / 2;
            int o = h * BLOCK;
            new LowerUpper(m, r, c, h).compute();
            Lower sl = new Lower(m, r, c + o, r, c, h);
            Upper su = new Upper(m, r + o, c, r, c, h);
            su.fork();
            sl.compute();
            if (su.tryUnfork()) {
                su.compute();
            } else {
                su.join();
            }
            new Schur(m, r + o, c + o, r + o, c, r, c + o, h).compute();
            new LowerUpper(m, r + o, c + o, h).compute();
        }
    }

    /** Lea's {@code Seq3}: runs three dependent tasks in order, as one task another worker can take. */
    static final class Seq extends RecursiveAction {
        final RecursiveAction fst;
        final RecursiveAction snd;
        final RecursiveAction thr;

        Seq(RecursiveAction fst, RecursiveAction snd, RecursiveAction thr) {
            this.fst = fst;
            this.snd = snd;
            this.thr = thr;
        }

        @Override
        protected void compute() {
            fst.invoke();
            snd.invoke();
            thr.invoke();
        }
    }
}
