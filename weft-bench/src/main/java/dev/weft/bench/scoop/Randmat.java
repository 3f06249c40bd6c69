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
 * Cowichan randmat: an n×n matrix of pseudo-random values in 0..99, each row generated from {@code seed +
 * row} with a 32-bit LCG. SCOOP: one worker handler per pool worker fills its block of rows; the root
 * copies each row into its matrix with a query (a client-run query copies a row at memory speed).
 */
public final class Randmat extends ScoopSuite.SuiteProgram {
    public Randmat() {
        super(true);
    }

    @Override
    public String name() {
        return "randmat";
    }

    @Override
    public String description() {
        return "Cowichan randmat: n×n LCG matrix; SCOOP workers fill row blocks, the root gathers rows by query";
    }

    @Override
    public Work create(boolean quick) {
        return new Work(quick ? 1500 : 10_000, 0);
    }

    static byte[] serial(int n, int seed) {
        byte[] m = new byte[n * n];
        Cowichan.randmatRows(seed, n, 0, n, m);
        return m;
    }

    static byte[] forkJoin(WeftPool pool, int n, int seed) {
        byte[] m = new byte[n * n];
        pool.run(() -> Weft.parallelFor(0, n, i -> Cowichan.randmatRow(seed, i, n, m, i * n)));
        return m;
    }

    static byte[] threads(int n, int seed, int workers) throws InterruptedException {
        byte[] m = new byte[n * n];
        Parts.threads(n, workers, (k, from, to) -> Cowichan.randmatRows(seed, n, from, to, m));
        return m;
    }

    static byte[] scoop(Scoop scoop, int n, int seed, int workers) {
        return scoop.pool().invoke(() -> {
            List<Separate<CowichanWorker>> blocks = start(scoop, n, seed, workers);
            return gather(blocks, n);
        });
    }

    /** Creates one worker handler per block of rows and logs its fill call (they run in parallel). */
    static List<Separate<CowichanWorker>> start(Scoop scoop, int n, int seed, int workers) {
        List<Separate<CowichanWorker>> blocks = workers(scoop, n, workers);
        for (Separate<CowichanWorker> b : blocks) {
            b.call(x -> x.fill(seed));
        }
        return blocks;
    }

    /** One worker handler per near-equal block of the n rows. */
    static List<Separate<CowichanWorker>> workers(Scoop scoop, int n, int workers) {
        List<Separate<CowichanWorker>> ws = new ArrayList<>();
        for (int k = 0; k < workers; k++) {
            int from = Cowichan.partStart(n, workers, k);
            ws.add(scoop.create(new CowichanWorker(n, from, Cowichan.partStart(n, workers, k + 1) - from)));
        }
        return ws;
    }

    /**
     * Copies every worker's rows into one matrix, newest worker first: its activation is the likeliest still
     * to sit on this worker, where the first query runs it instead of waiting for a thief.
     */
    static byte[] gather(List<Separate<CowichanWorker>> blocks, int n) {
        byte[] m = new byte[n * n];
        for (int k = blocks.size() - 1; k >= 0; k--) {
            Scoop.separate(blocks.get(k), b -> {
                int rows = b.queryInt(x -> x.rows);
                for (int r = 0; r < rows; r++) {
                    int row = r;
                    b.query(x -> {
                        x.copyRow(row, m);
                        return null;
                    });
                }
            });
        }
        return m;
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final int n;
        final int seed;

        Work(int n, int seed) {
            this.n = n;
            this.seed = seed;
        }

        @Override
        public String label() {
            return "randmat(" + Checks.count(n) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            return Randmat.scoop(scoop, n, seed, workers);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Randmat.threads(n, seed, workers);
        }

        @Override
        Object forkJoin(WeftPool pool, int workers) {
            return Randmat.forkJoin(pool, n, seed);
        }

        @Override
        public void check(Object result, Object reference) {
            byte[] m = (byte[]) result;
            Checks.that(m.length == n * n, "randmat: wrong size");
            checkAgainstSerial(m, n, seed);
            Checks.that(Arrays.equals(m, (byte[]) reference), "randmat: differs from the reference run");
        }
    }

    /** Independent check: every row recomputed serially. */
    static void checkAgainstSerial(byte[] m, int n, int seed) {
        byte[] row = new byte[n];
        for (int i = 0; i < n; i++) {
            Cowichan.randmatRow(seed, i, n, row, 0);
            Checks.that(Arrays.equals(row, 0, n, m, i * n, (i + 1) * n), "randmat: row " + i + " is wrong");
        }
    }
}
