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
 * Cowichan winnow: the cells a thresh mask selects, sorted by (value, index), sampled every {@code len / nw}
 * into {@code nw} points. Every version sorts the same way — per block, a counting sort by value; blocks laid
 * out value-major — which gives exactly Go's comparison order. SCOOP: workers hold a block of matrix and
 * mask; the root reads their per-value counts a count at a time, lays out the result, and copies each
 * worker's buckets into it with one query per (worker, value).
 */
public final class Winnow extends ScoopSuite.SuiteProgram {
    public Winnow() {
        super(true);
    }

    @Override
    public String name() {
        return "winnow";
    }

    @Override
    public String description() {
        return "Cowichan winnow: sort the masked cells by (value, index) and sample nw points";
    }

    @Override
    public Work create(boolean quick) {
        return quick ? new Work(1500, 0, 1, 1500) : new Work(10_000, 0, 1, 10_000);
    }

    static Cowichan.Points serial(byte[] m, boolean[] mask, int n, int nw) {
        int[][] counts = new int[1][Cowichan.RANGE];
        Cowichan.winnowCount(m, mask, 0, m.length, counts[0]);
        int[][] cursor = Cowichan.winnowCursors(counts);
        int total = total(counts);
        int[] sorted = new int[total];
        Cowichan.winnowScatter(m, mask, 0, m.length, cursor[0], 0, sorted);
        return Cowichan.samplePoints(sorted, total, n, nw);
    }

    static Cowichan.Points forkJoin(WeftPool pool, byte[] m, boolean[] mask, int n, int nw) {
        return pool.invoke(() -> {
            int blocks = Parts.blocks(n);
            int[][] counts = new int[blocks][Cowichan.RANGE];
            Weft.parallelFor(0, blocks, b -> Cowichan.winnowCount(m, mask, from(b, n), to(b, n), counts[b]));
            int[][] cursor = Cowichan.winnowCursors(counts);
            int[] sorted = new int[total(counts)];
            Weft.parallelFor(0, blocks, b -> Cowichan.winnowScatter(m, mask, from(b, n), to(b, n), cursor[b], 0, sorted));
            return Cowichan.samplePoints(sorted, sorted.length, n, nw);
        });
    }

    private static int from(int block, int n) {
        return block * Parts.BLOCK_ROWS * n;
    }

    private static int to(int block, int n) {
        return Math.min(n, (block + 1) * Parts.BLOCK_ROWS) * n;
    }

    static Cowichan.Points threads(byte[] m, boolean[] mask, int n, int nw, int workers) throws InterruptedException {
        int[][] counts = new int[workers][Cowichan.RANGE];
        Parts.threads(n, workers, (k, from, to) -> Cowichan.winnowCount(m, mask, from * n, to * n, counts[k]));
        int[][] cursor = Cowichan.winnowCursors(counts);
        int[] sorted = new int[total(counts)];
        Parts.threads(n, workers, (k, from, to) -> Cowichan.winnowScatter(m, mask, from * n, to * n, cursor[k], 0, sorted));
        return Cowichan.samplePoints(sorted, sorted.length, n, nw);
    }

    static Cowichan.Points scoop(Scoop scoop, List<Separate<CowichanWorker>> ws, int n, int nw) {
        return scoop.pool().invoke(() -> {
            for (Separate<CowichanWorker> w : ws) {
                w.call(CowichanWorker::bucketize);
            }
            int[][] counts = gatherCounts(ws);
            int[][] cursor = Cowichan.winnowCursors(counts);
            int[] sorted = new int[total(counts)];
            for (int k = ws.size() - 1; k >= 0; k--) {
                int[] at = cursor[k];
                Scoop.separate(ws.get(k), x -> {
                    for (int v = 0; v < Cowichan.RANGE; v++) {
                        int value = v;
                        x.query(o -> {
                            System.arraycopy(o.buckets[value], 0, sorted, at[value], o.buckets[value].length);
                            return null;
                        });
                    }
                });
            }
            return Cowichan.samplePoints(sorted, sorted.length, n, nw);
        });
    }

    /** Each worker's per-value counts, one count per query. */
    static int[][] gatherCounts(List<Separate<CowichanWorker>> ws) {
        int[][] counts = new int[ws.size()][Cowichan.RANGE];
        for (int k = ws.size() - 1; k >= 0; k--) {
            int[] c = counts[k];
            Scoop.separate(ws.get(k), x -> {
                for (int v = 0; v < Cowichan.RANGE; v++) {
                    int value = v;
                    c[v] = x.queryInt(o -> o.counts[value]);
                }
            });
        }
        return counts;
    }

    static int total(int[][] counts) {
        int t = 0;
        for (int[] c : counts) {
            for (int x : c) {
                t += x;
            }
        }
        return t;
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final int n;
        final int nw;
        final byte[] matrix;
        final boolean[] mask;
        private final Map<Scoop, List<Separate<CowichanWorker>>> placed = new IdentityHashMap<>();

        Work(int n, int seed, int percent, int nw) {
            this.n = n;
            this.nw = nw;
            this.matrix = Randmat.serial(n, seed);
            this.mask = Thresh.serial(matrix, n, percent).mask();
        }

        @Override
        public String label() {
            return "winnow(" + Checks.count(n) + "," + Checks.count(nw) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            List<Separate<CowichanWorker>> ws = placed.computeIfAbsent(scoop, s -> {
                List<Separate<CowichanWorker>> list = Randmat.workers(s, n, workers);
                for (Separate<CowichanWorker> w : list) {
                    w.call(x -> {
                        x.data = Arrays.copyOfRange(matrix, x.start * n, (x.start + x.rows) * n);
                        x.mask = Arrays.copyOfRange(mask, x.start * n, (x.start + x.rows) * n);
                    });
                }
                return list;
            });
            return Winnow.scoop(scoop, ws, n, nw);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Winnow.threads(matrix, mask, n, nw, workers);
        }

        @Override
        Object forkJoin(WeftPool pool, int workers) {
            return Winnow.forkJoin(pool, matrix, mask, n, nw);
        }

        @Override
        public void check(Object result, Object reference) {
            Cowichan.Points p = (Cowichan.Points) result;
            checkPoints(p, matrix, mask, n, nw);
            Checks.equal(reference, p);
        }
    }

    /**
     * Independent check: nw points, each selected by the mask, in (value, index) order, {@code chunk}
     * selected cells apart.
     */
    static void checkPoints(Cowichan.Points p, byte[] m, boolean[] mask, int n, int nw) {
        Checks.equal(nw, p.size());
        Checks.equal((int) (Cowichan.count(mask) / nw), p.chunk());
        long prev = -1;
        for (int i = 0; i < nw; i++) {
            int idx = p.x()[i] * n + p.y()[i];
            Checks.that(mask[idx], "winnow: point " + i + " is not selected");
            long key = ((long) m[idx] << 32) | idx;
            Checks.that(key > prev, "winnow: points out of (value, index) order at " + i);
            prev = key;
        }
    }
}
