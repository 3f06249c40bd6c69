package align;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Edit distance by blocks along anti-diagonals: a task per block, started all at once, each waiting until the
 * blocks above and to its left are done.
 */
public class Wavefront {
    static final int B = 64;

    static final class Block extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int[][] d;
        private final String s;
        private final String t;
        private final int bi;
        private final int bj;
        private final CountDownLatch[][] done;

        Block(int[][] d, String s, String t, int bi, int bj, CountDownLatch[][] done) {
            this.d = d;
            this.s = s;
            this.t = t;
            this.bi = bi;
            this.bj = bj;
            this.done = done;
        }

        @Override
        protected void compute() {
            try {
                if (bi > 0) {
                    done[bi - 1][bj].await();   // expect: B5
                }
                if (bj > 0) {
                    done[bi][bj - 1].await();   // expect: B5
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (int i = Math.max(1, bi * B); i < Math.min(d.length, (bi + 1) * B); i++) {
                for (int j = Math.max(1, bj * B); j < Math.min(d[0].length, (bj + 1) * B); j++) {
                    int cost = s.charAt(i - 1) == t.charAt(j - 1) ? 0 : 1;
                    d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                }
            }
            done[bi][bj].countDown();
        }
    }

    public static int distance(String s, String t) {
        int[][] d = new int[s.length() + 1][t.length() + 1];
        for (int i = 0; i <= s.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= t.length(); j++) {
            d[0][j] = j;
        }
        int rows = (s.length() + B) / B;
        int cols = (t.length() + B) / B;
        CountDownLatch[][] done = new CountDownLatch[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                done[i][j] = new CountDownLatch(1);
            }
        }
        ForkJoinPool pool = new ForkJoinPool();
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                pool.execute(new Block(d, s, t, i, j, done));
            }
        }
        try {
            done[rows - 1][cols - 1].await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        pool.shutdown();
        return d[s.length()][t.length()];
    }
}
