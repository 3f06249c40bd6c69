package dev.weft.bench.scoop;

import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.Arrays;

/**
 * The object a Cowichan worker handler owns: a block of matrix rows and whatever each stage computes from
 * it. Only its handler touches it; the root reads it through queries. Stages that need data from elsewhere
 * (the points for outer, the vector for product) fetch it with element queries on the handler that owns
 * it — the access pattern dynamic sync coalescing is for: one round trip, then direct reads.
 */
final class CowichanWorker {
    final int n;
    /** The block of rows {@code [start, start + rows)} of the n×n matrices. */
    final int start;
    final int rows;
    byte[] data;
    boolean[] mask;
    final int[] hist = new int[Cowichan.RANGE];
    final int[] counts = new int[Cowichan.RANGE];
    /** Per value, the global indices of the block's selected cells, ascending. */
    int[][] buckets;
    /** This worker's rows {@code [ostart, ostart + orows.length)} of the outer matrix and their vector entries. */
    int ostart;
    double[][] orows;
    double[] ovec;
    double[] result;

    CowichanWorker(int n, int start, int rows) {
        this.n = n;
        this.start = start;
        this.rows = rows;
    }

    // randmat

    void fill(int seed) {
        data = new byte[rows * n];
        for (int r = 0; r < rows; r++) {
            Cowichan.randmatRow(seed, start + r, n, data, r * n);
        }
    }

    void copyRow(int r, byte[] dst) {
        System.arraycopy(data, r * n, dst, (start + r) * n, n);
    }

    // thresh

    void histogram() {
        Arrays.fill(hist, 0);
        Cowichan.histogram(data, 0, data.length, hist);
    }

    void mask(int threshold) {
        mask = new boolean[data.length];
        Cowichan.mask(data, 0, data.length, threshold, mask);
    }

    void copyMaskRow(int r, boolean[] dst) {
        System.arraycopy(mask, r * n, dst, (start + r) * n, n);
    }

    // winnow

    /** Counts the selected cells per value and sorts their indices into per-value buckets (stable). */
    void bucketize() {
        Arrays.fill(counts, 0);
        Cowichan.winnowCount(data, mask, 0, data.length, counts);
        int[] flat = new int[Arrays.stream(counts).sum()];
        int[] cursor = new int[Cowichan.RANGE];
        for (int v = 1; v < Cowichan.RANGE; v++) {
            cursor[v] = cursor[v - 1] + counts[v - 1];
        }
        int[] begin = cursor.clone();
        Cowichan.winnowScatter(data, mask, 0, data.length, cursor, start * n, flat);
        buckets = new int[Cowichan.RANGE][];
        for (int v = 0; v < Cowichan.RANGE; v++) {
            buckets[v] = Arrays.copyOfRange(flat, begin[v], begin[v] + counts[v]);
        }
    }

    // outer

    /** Computes outer rows {@code [from, to)}, fetching every point from the points' handler first. */
    void outer(Separate<Cowichan.Points> points, int nw, int from, int to) {
        int[] px = new int[nw];
        int[] py = new int[nw];
        Scoop.separate(points, p -> {
            for (int j = 0; j < nw; j++) {
                int k = j;
                long xy = p.queryLong(q -> ((long) q.x()[k] << 32) | (q.y()[k] & 0xFFFF_FFFFL));
                px[j] = (int) (xy >> 32);
                py[j] = (int) xy;
            }
        });
        ostart = from;
        orows = new double[to - from][];
        ovec = new double[to - from];
        for (int i = from; i < to; i++) {
            double[] row = new double[nw];
            ovec[i - from] = Cowichan.outerRow(px, py, i, row);
            orows[i - from] = row;
        }
    }

    // product

    /** Multiplies its outer rows by the vector, fetched element by element from the vector's handler. */
    void product(Separate<double[]> vector, int nw) {
        double[] v = new double[nw];
        Scoop.separate(vector, q -> {
            for (int j = 0; j < nw; j++) {
                int k = j;
                v[j] = q.queryDouble(a -> a[k]);
            }
        });
        result = new double[orows.length];
        for (int i = 0; i < orows.length; i++) {
            result[i] = Cowichan.productRow(orows[i], v);
        }
    }
}
