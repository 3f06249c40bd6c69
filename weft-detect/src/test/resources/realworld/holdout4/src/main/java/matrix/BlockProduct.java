package matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/**
 * C = A x B by blocks: one subtask per block of C, each given the rows of A and the columns of B it needs (copied
 * out by helpers), the blocks then copied into C.
 */
public class BlockProduct extends RecursiveTask<double[][]> {
    private static final long serialVersionUID = 1L;
    static final int BLOCKS = 2;

    private final double[][] rows;
    private final double[][] cols;

    public BlockProduct(double[][] rows, double[][] cols) {
        this.rows = rows;
        this.cols = cols;
    }

    /** Rows [from, from + h) of m, copied. */
    static double[][] rows(double[][] m, int from, int h) {
        double[][] r = new double[h][];
        for (int i = 0; i < h; i++) {
            r[i] = m[from + i].clone();
        }
        return r;
    }

    /** Columns [from, from + w) of m, transposed into rows. */
    static double[][] columns(double[][] m, int from, int w) {
        double[][] c = new double[w][m.length];
        for (int j = 0; j < w; j++) {
            for (int i = 0; i < m.length; i++) {
                c[j][i] = m[i][from + j];
            }
        }
        return c;
    }

    @Override
    protected double[][] compute() {
        int n = rows.length;
        int m = cols.length;
        if (n <= 32 || m <= 32) {
            double[][] out = new double[n][m];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    double s = 0;
                    for (int k = 0; k < rows[i].length; k++) {
                        s += rows[i][k] * cols[j][k];
                    }
                    out[i][j] = s;
                }
            }
            return out;
        }
        int h = n / BLOCKS;
        int w = m / BLOCKS;
        List<BlockProduct> parts = new ArrayList<>();
        for (int bi = 0; bi < BLOCKS; bi++) {
            for (int bj = 0; bj < BLOCKS; bj++) {
                parts.add(new BlockProduct(rows(rows, bi * h, h), rows(cols, bj * w, w)));   // expect: B2
            }
        }
        invokeAll(parts);
        double[][] c = new double[n][m];
        for (int p = 0; p < parts.size(); p++) {
            double[][] block = parts.get(p).join();
            int bi = p / BLOCKS;
            int bj = p % BLOCKS;
            for (int x = 0; x < block.length; x++) {
                System.arraycopy(block[x], 0, c[bi * h + x], bj * w, block[x].length);   // expect: B3
            }
        }
        return c;
    }

    public static double[][] multiply(double[][] a, double[][] b) {
        return new BlockProduct(a, columns(b, 0, b[0].length)).invoke();
    }
}
