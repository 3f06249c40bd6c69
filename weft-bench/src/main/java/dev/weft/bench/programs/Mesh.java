package dev.weft.bench.programs;

import java.util.Arrays;

/**
 * The mesh shared by {@link Jacobi} and {@link JacobiBarrier}: an n×n interior surrounded by a fixed
 * edge, held in two (n+2)×(n+2) grids that the steps read from and write to in turn.
 */
final class Mesh {
    private Mesh() {
    }

    /**
     * The interior's starting value. Edges are 1. This is the initialisation of jsr166's FJJacobi and of
     * Kumar's port of it, so the 1024×1024 results can be checked against the values Kumar's harness
     * recorded.
     */
    static final double INTERIOR = 0.0001;

    /** What a run returns: the largest change in each step, and the grid the last step wrote. */
    record Result(double[] maxDiffs, double[][] grid) {
        double lastMaxDiff() {
            return maxDiffs[maxDiffs.length - 1];
        }
    }

    /** A fresh pair of grids: edges 1 in both, the interior {@link #INTERIOR} in the first and 0 in the second. */
    static double[][][] grids(int n) {
        double[][] a = new double[n + 2][n + 2];
        double[][] b = new double[n + 2][n + 2];
        for (int i = 1; i <= n; i++) {
            Arrays.fill(a[i], 1, n + 1, INTERIOR);
        }
        for (int k = 0; k < n + 2; k++) {
            a[k][0] = a[k][n + 1] = a[0][k] = a[n + 1][k] = 1.0;
            b[k][0] = b[k][n + 1] = b[0][k] = b[n + 1][k] = 1.0;
        }
        return new double[][][] {a, b};
    }

    /**
     * One step on the cells [lr, hr] × [lc, hc] (inclusive, as in Lea's code): each becomes the average of
     * its four neighbours in {@code a}, written to {@code b}. Returns the largest change. This is the leaf
     * of every version of both programs, so all of them do the same arithmetic in the same order.
     */
    static double relax(double[][] a, double[][] b, int lr, int hr, int lc, int hc) {
        double md = 0.0;
        for (int i = lr; i <= hr; ++i) {
            double[] up = a[i - 1];
            double[] row = a[i];
            double[] down = a[i + 1];
            double[] out = b[i];
            for (int j = lc; j <= hc; ++j) {
                double v = 0.25 * (up[j] + row[j - 1] + down[j] + row[j + 1]);
                out[j] = v;
                double diff = Math.abs(v - row[j]);
                if (diff > md) {
                    md = diff;
                }
            }
        }
        return md;
    }

    /**
     * {@code steps} steps over the whole interior of {@code g}'s grids, row by row: the plain serial sweep
     * (JacobiBarrier's serial elision, and the independent check of Jacobi's quadrant decomposition).
     */
    static Result sweep(double[][][] g, int n, int steps) {
        double[][] a = g[0];
        double[][] b = g[1];
        double[] maxDiffs = new double[steps];
        for (int s = 0; s < steps; s++) {
            double md = 0.0;
            for (int i = 1; i <= n; i++) {
                md = Math.max(md, relax(a, b, i, i, 1, n));
            }
            maxDiffs[s] = md;
            double[][] t = a;
            a = b;
            b = t;
        }
        return new Result(maxDiffs, a);
    }

    /** Checks that two runs produced bitwise the same maxima and grid. */
    static void same(Result expected, Result actual) {
        if (!Arrays.equals(expected.maxDiffs(), actual.maxDiffs())) {
            throw new AssertionError("max differences per step: expected " + Arrays.toString(expected.maxDiffs())
                    + " but got " + Arrays.toString(actual.maxDiffs()));
        }
        Matrices.same(expected.grid(), actual.grid(), "grid");
    }

    /**
     * Checks properties every correct run has, whatever the decomposition: the edges are still 1, every
     * cell lies between the interior's start and 1 (the discrete maximum principle), and the grid is
     * symmetric about its diagonals up to rounding (the problem is).
     */
    static void plausible(Result r, int n) {
        double[][] g = r.grid();
        for (int k = 0; k < n + 2; k++) {
            Checks.that(g[k][0] == 1.0 && g[k][n + 1] == 1.0 && g[0][k] == 1.0 && g[n + 1][k] == 1.0,
                    "edge changed at " + k);
        }
        for (int i = 1; i <= n; i++) {
            for (int j = 1; j <= n; j++) {
                double v = g[i][j];
                Checks.that(v >= INTERIOR && v <= 1.0, "cell (" + i + "," + j + ") = " + v + " outside [start, 1]");
                Checks.that(Math.abs(v - g[j][i]) <= 1e-12 && Math.abs(v - g[n + 1 - i][n + 1 - j]) <= 1e-12,
                        "grid not symmetric at (" + i + "," + j + ")");
            }
        }
    }
}
