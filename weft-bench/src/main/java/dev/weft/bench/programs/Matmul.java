package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Recursive matrix multiply C += A×B of doubles (Kumar's thesis, after Lea's fork/join MatrixMultiply):
 * the matrices split into quadrants, and the eight quadrant products run in two phases of four
 * independent ones, C11 += A11·B11 ∥ C12 += A11·B12 ∥ C21 += A21·B11 ∥ C22 += A21·B12, then the same with
 * A12, A22, B21, B22. Quadrants of {@link #LEAF} × {@link #LEAF} or smaller are multiplied by a plain
 * triple loop. Full size 1024×1024, quick 512×512.
 *
 * <p>Every element of C receives its products in ascending k, starting from 0 (phase 1 before phase 2,
 * recursively), which is exactly the order of the naive dot product: the result is bitwise the same in
 * every version and equal to a naive product, which the check samples.
 *
 * <p>The ForkJoinPool version is Lea's {@code Multiplier} task (fields for the three quadrant corners and
 * the size), with each phase an {@code invokeAll} of four. Lea's own MatrixMultiply instead runs the
 * eight products as four parallel {@code seq} pairs (one per quadrant of C, no barrier in between); all
 * three versions here share the two-phase graph so that they do the same work under the same
 * dependences. The Weft version writes each phase as a {@code finish} around three asyncs and a call.
 */
public final class Matmul implements Program {
    /**
     * Quadrant size at which the recursion stops: {@code DEFAULT_GRANULARITY} of Lea's FJTask
     * MatrixMultiply (util.concurrent taskDemo). jsr166's later port uses 32.
     */
    static final int LEAF = 16;

    /** Entries of C compared with a naive dot product, besides the four corners. */
    static final int SAMPLES = 2000;

    @Override
    public String name() {
        return "matmul";
    }

    @Override
    public String description() {
        return "recursive quadrant matrix multiply, two phases of 4 products, " + LEAF + "x" + LEAF + " leaves (Lea)";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        return workload(quick ? 512 : 1024);
    }

    static ForkJoinWorkload workload(int n) {
        if (n < LEAF || (n & (n - 1)) != 0) {
            throw new IllegalArgumentException("size must be a power of two >= " + LEAF + ": " + n);
        }
        double[][] a = Matrices.random(n, 1);
        double[][] b = Matrices.random(n, 2);
        return new ForkJoinWorkload() {
            private double[][] c;

            @Override
            public String label() {
                return "matmul(" + n + "x" + n + ")";
            }

            @Override
            public void reset() {
                c = new double[n][n];
            }

            @Override
            public Object serial() {
                Matmul.serial(a, 0, 0, b, 0, 0, c, 0, 0, n);
                return c;
            }

            @Override
            public Object forkJoin(ForkJoinPool pool) {
                pool.invoke(new Multiplier(a, 0, 0, b, 0, 0, c, 0, 0, n));
                return c;
            }

            @Override
            public Object weft(WeftPool pool) {
                double[][] out = c;
                pool.run(() -> Matmul.weft(a, 0, 0, b, 0, 0, out, 0, 0, n));
                return out;
            }

            @Override
            public void check(Object result, Object serialResult) {
                double[][] r = (double[][]) result;
                Matrices.same((double[][]) serialResult, r, "C");
                checkSample(a, b, r);
            }
        };
    }

    /** Compares the corners and {@link #SAMPLES} random entries of {@code c} with naive dot products, exactly. */
    static void checkSample(double[][] a, double[][] b, double[][] c) {
        int n = c.length;
        SplittableRandom rng = new SplittableRandom(3);
        for (int s = -4; s < SAMPLES; s++) {
            int i = s < 0 ? (s & 1) * (n - 1) : rng.nextInt(n);
            int j = s < 0 ? ((s >> 1) & 1) * (n - 1) : rng.nextInt(n);
            double dot = 0.0;
            for (int k = 0; k < n; k++) {
                dot += a[i][k] * b[k][j];
            }
            if (dot != c[i][j]) {
                throw new AssertionError("C[" + i + "][" + j + "] = " + c[i][j] + " but the dot product is " + dot);
            }
        }
    }

    /** C[cRow.., cCol..] += A[aRow.., aCol..] × B[bRow.., bCol..] on {@code size}×{@code size} blocks. */
    static void leaf(double[][] a, int aRow, int aCol, double[][] b, int bRow, int bCol, double[][] c, int cRow, int cCol,
                     int size) {
        for (int i = 0; i < size; i++) {
            double[] ai = a[aRow + i];
            double[] ci = c[cRow + i];
            for (int k = 0; k < size; k++) {
                double aik = ai[aCol + k];
                double[] bk = b[bRow + k];
                for (int j = 0; j < size; j++) {
                    ci[cCol + j] += aik * bk[bCol + j];
                }
            }
        }
    }

    static void serial(double[][] a, int aRow, int aCol, double[][] b, int bRow, int bCol, double[][] c, int cRow, int cCol,
                       int size) {
        if (size <= LEAF) {
            leaf(a, aRow, aCol, b, bRow, bCol, c, cRow, cCol, size);
            return;
        }
        int h = size / 2;
        serial(a, aRow, aCol, b, bRow, bCol, c, cRow, cCol, h);                     // C11 += A11 B11
        serial(a, aRow, aCol, b, bRow, bCol + h, c, cRow, cCol + h, h);             // C12 += A11 B12
        serial(a, aRow + h, aCol, b, bRow, bCol, c, cRow + h, cCol, h);             // C21 += A21 B11
        serial(a, aRow + h, aCol, b, bRow, bCol + h, c, cRow + h, cCol + h, h);     // C22 += A21 B12

        serial(a, aRow, aCol + h, b, bRow + h, bCol, c, cRow, cCol, h);             // C11 += A12 B21
        serial(a, aRow, aCol + h, b, bRow + h, bCol + h, c, cRow, cCol + h, h);     // C12 += A12 B22
        serial(a, aRow + h, aCol + h, b, bRow + h, bCol, c, cRow + h, cCol, h);     // C21 += A22 B21
        serial(a, aRow + h, aCol + h, b, bRow + h, bCol + h, c, cRow + h, cCol + h, h); // C22 += A22 B22
    }

    /** Each phase is a {@code finish} around four products: three asyncs and one run in place. */
    static void weft(double[][] a, int aRow, int aCol, double[][] b, int bRow, int bCol, double[][] c, int cRow, int cCol,
                     int size) {
        if (size <= LEAF) {
            leaf(a, aRow, aCol, b, bRow, bCol, c, cRow, cCol, size);
            return;
        }
        int h = size / 2;
        Weft.finish(() -> {
            Weft.async(() -> weft(a, aRow, aCol, b, bRow, bCol, c, cRow, cCol, h));
            Weft.async(() -> weft(a, aRow, aCol, b, bRow, bCol + h, c, cRow, cCol + h, h));
            Weft.async(() -> weft(a, aRow + h, aCol, b, bRow, bCol, c, cRow + h, cCol, h));
            weft(a, aRow + h, aCol, b, bRow, bCol + h, c, cRow + h, cCol + h, h);
        });
        Weft.finish(() -> {
            Weft.async(() -> weft(a, aRow, aCol + h, b, bRow + h, bCol, c, cRow, cCol, h));
            Weft.async(() -> weft(a, aRow, aCol + h, b, bRow + h, bCol + h, c, cRow, cCol + h, h));
            Weft.async(() -> weft(a, aRow + h, aCol + h, b, bRow + h, bCol, c, cRow + h, cCol, h));
            weft(a, aRow + h, aCol + h, b, bRow + h, bCol + h, c, cRow + h, cCol + h, h);
        });
    }

    /** Lea's Multiplier task: a quadrant product; each phase is {@code invokeAll} of four of them. */
    static final class Multiplier extends RecursiveAction {
        final double[][] a;
        final int aRow;
        final int aCol;
        final double[][] b;
        final int bRow;
        final int bCol;
        final double[][] c;
        final int cRow;
        final int cCol;
        final int size;

        Multiplier(double[][] a, int aRow, int aCol, double[][] b, int bRow, int bCol, double[][] c, int cRow, int cCol,
                   int size) {
            this.a = a;
            this.aRow = aRow;
            this.aCol = aCol;
            this.b = b;
            this.bRow = bRow;
            this.bCol = bCol;
            this.c = c;
            this.cRow = cRow;
            this.cCol = cCol;
            this.size = size;
        }

        @Override
        protected void compute() {
            if (size <= LEAF) {
                leaf(a, aRow, aCol, b, bRow, bCol, c, cRow, cCol, size);
                return;
            }
            int h = size / 2;
            invokeAll(new Multiplier(a, aRow, aCol, b, bRow, bCol, c, cRow, cCol, h),
                    new Multiplier(a, aRow, aCol, b, bRow, bCol + h, c, cRow, cCol + h, h),
                    new Multiplier(a, aRow + h, aCol, b, bRow, bCol, c, cRow + h, cCol, h),
                    new Multiplier(a, aRow + h, aCol, b, bRow, bCol + h, c, cRow + h, cCol + h, h));
            invokeAll(new Multiplier(a, aRow, aCol + h, b, bRow + h, bCol, c, cRow, cCol, h),
                    new Multiplier(a, aRow, aCol + h, b, bRow + h, bCol + h, c, cRow, cCol + h, h),
                    new Multiplier(a, aRow + h, aCol + h, b, bRow + h, bCol, c, cRow + h, cCol, h),
                    new Multiplier(a, aRow + h, aCol + h, b, bRow + h, bCol + h, c, cRow + h, cCol + h, h));
        }
    }
}
