package dev.weft.bench.scoop;

import java.util.Arrays;

/**
 * The Cowichan problems of West, Nanz, Meyer 2015's parallel set, with the semantics of the Go versions used with
 * SCOOP/Qs (Nanz, West et al.): a 32-bit LCG per row for randmat, a top-percent threshold for thresh,
 * points sorted by (value, index) and sampled at a stride for winnow, a distance matrix for outer and a
 * matrix-vector product for product. Every engine's version of a program calls these kernels on its
 * part of the data, so the versions differ only in how they distribute the work and move the data.
 *
 * <p>Validation values for {@code nelts=10000, seed=0, percent=1, winnow_nelts=10000}: randmat sum
 * 4,949,735,884 and {@code m[0][0..4] = 23 62 97 84 47}; threshold 98 with 2,000,178 cells; winnow chunk
 * 200, first points (0,193), (1,7390), last (9996,2672); {@code product[0] ≈ 6.75288e11}.
 */
final class Cowichan {
    static final int LCG_A = 1664525;
    static final int LCG_C = 1013904223;
    /** Values are 0..99. */
    static final int RANGE = 100;

    private Cowichan() {
    }

    // ---------------------------------------------------------------------------------------------
    // randmat: an n×n matrix of values in 0..99; row i starts its generator at seed + i (uint32 arithmetic)

    /** Fills row {@code row} of an {@code ncols}-wide matrix into {@code dst[off .. off + ncols)}. */
    static void randmatRow(int seed, int row, int ncols, byte[] dst, int off) {
        int s = seed + row;
        for (int j = 0; j < ncols; j++) {
            s = LCG_A * s + LCG_C; // int overflow is Go's uint32 wrap-around
            dst[off + j] = (byte) Integer.remainderUnsigned(s, RANGE);
        }
    }

    static void randmatRows(int seed, int n, int from, int to, byte[] m) {
        for (int i = from; i < to; i++) {
            randmatRow(seed, i, n, m, i * n);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // thresh: the smallest threshold t (searched down from 99) whose cells >= t outnumber percent% of all

    static void histogram(byte[] m, int from, int to, int[] hist) {
        for (int k = from; k < to; k++) {
            hist[m[k]]++;
        }
    }

    /** Go's loop: from 99 down, add the count; stop at the first threshold whose prefix exceeds the quota. */
    static int threshold(int[] hist, int n, int percent) {
        long count = (long) n * n * percent / 100;
        long prefix = 0;
        int t = RANGE - 1;
        for (; t > 0; t--) {
            prefix += hist[t];
            if (prefix > count) {
                break;
            }
        }
        return t;
    }

    static void mask(byte[] m, int from, int to, int threshold, boolean[] mask) {
        for (int k = from; k < to; k++) {
            mask[k] = m[k] >= threshold;
        }
    }

    static long count(boolean[] mask) {
        long c = 0;
        for (boolean b : mask) {
            if (b) {
                c++;
            }
        }
        return c;
    }

    // ---------------------------------------------------------------------------------------------
    // winnow: the selected cells sorted by (value, index), sampled every len/nw; a point is (row, column)

    /** Counts the selected cells of {@code [from, to)} per value. */
    static void winnowCount(byte[] m, boolean[] mask, int from, int to, int[] counts) {
        for (int k = from; k < to; k++) {
            if (mask[k]) {
                counts[m[k]]++;
            }
        }
    }

    /**
     * Writes the selected cells' indices of {@code [from, to)} into {@code sorted}, each at {@code
     * cursor[value]++}. Called on consecutive ranges in index order with cursors laid out by value, this is
     * a stable counting sort: the same order as Go's sort by (value, index), in linear time.
     */
    static void winnowScatter(byte[] m, boolean[] mask, int from, int to, int[] cursor, int base, int[] sorted) {
        for (int k = from; k < to; k++) {
            if (mask[k]) {
                sorted[cursor[m[k]]++] = base + k;
            }
        }
    }

    /**
     * Start positions per (block, value) for blocks of counts: value-major, then block order, so each
     * block's cells of one value follow the earlier blocks' cells of that value.
     */
    static int[][] winnowCursors(int[][] counts) {
        int blocks = counts.length;
        int[][] cursor = new int[blocks][RANGE];
        int pos = 0;
        for (int v = 0; v < RANGE; v++) {
            for (int b = 0; b < blocks; b++) {
                cursor[b][v] = pos;
                pos += counts[b][v];
            }
        }
        return cursor;
    }

    /** Points every {@code chunk = len / nw} of the sorted indices: x (row) and y (column). */
    static Points samplePoints(int[] sorted, int len, int n, int nw) {
        int chunk = len / nw;
        Points p = new Points(new int[nw], new int[nw], chunk);
        for (int i = 0; i < nw; i++) {
            int v = sorted[i * chunk];
            p.x()[i] = v / n;
            p.y()[i] = v % n;
        }
        return p;
    }

    /** The winnowed points and the stride they were sampled at. */
    record Points(int[] x, int[] y, int chunk) {
        int size() {
            return x.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Points p && chunk == p.chunk && Arrays.equals(x, p.x) && Arrays.equals(y, p.y);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(x) * 31 + Arrays.hashCode(y);
        }

        @Override
        public String toString() {
            int n = x.length;
            return "Points[" + n + ", chunk " + chunk + ", first (" + x[0] + "," + y[0] + "), last ("
                    + x[n - 1] + "," + y[n - 1] + ")]";
        }
    }

    // ---------------------------------------------------------------------------------------------
    // outer: m[i][j] = distance(p_i, p_j), m[i][i] = nw × the row's largest distance; vec[i] = |p_i|

    static double distance(int ax, int ay, int bx, int by) {
        double dx = ax - bx;
        double dy = ay - by;
        return Math.sqrt(dx * dx + dy * dy);
    }

    /** Fills {@code row} (length nw) with row {@code i} of the outer matrix and returns {@code vec[i]}. */
    static double outerRow(int[] px, int[] py, int i, double[] row) {
        int nw = px.length;
        double nmax = 0;
        int xi = px[i];
        int yi = py[i];
        for (int j = 0; j < nw; j++) {
            if (j != i) {
                double d = distance(xi, yi, px[j], py[j]);
                if (d > nmax) {
                    nmax = d;
                }
                row[j] = d;
            }
        }
        row[i] = nw * nmax;
        return distance(0, 0, xi, yi);
    }

    // ---------------------------------------------------------------------------------------------
    // product: result[i] = sum_j m[i][j] * vec[j], summed in j order

    static double productRow(double[] row, double[] vec) {
        double sum = 0;
        for (int j = 0; j < row.length; j++) {
            sum += row[j] * vec[j];
        }
        return sum;
    }

    // ---------------------------------------------------------------------------------------------

    /** The rows {@code [from, to)} of part {@code k} of {@code parts} near-equal parts of {@code n} rows. */
    static int partStart(int n, int parts, int k) {
        return (int) ((long) n * k / parts);
    }
}
