package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.Serializable;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** The README's code, as written there, run on three members. */
class ReadmeExampleTest {
    static final class Boards extends ArrayList<byte[]> implements Serializable {       // work that can move: partial boards
        final int n;
        Boards(int n) { this.n = n; }
    }

    static final class Queens implements TaskQueue<Boards, Long> {
        private int n;
        private final ArrayList<byte[]> stack = new ArrayList<>();
        private long solutions;

        public boolean process(int steps) {                 // do at most `steps` items; say whether work is left
            for (int s = 0; s < steps && !stack.isEmpty(); s++) {
                byte[] board = stack.remove(stack.size() - 1);
                int row = board.length;
                if (row == n) { solutions++; continue; }
                for (int col = 0; col < n; col++) {
                    if (safe(board, row, col)) {
                        byte[] next = java.util.Arrays.copyOf(board, row + 1);
                        next[row] = (byte) col;
                        stack.add(next);
                    }
                }
            }
            return !stack.isEmpty();
        }

        public Boards split() {                             // every other board: about half of the work
            if (stack.size() < 2) return null;
            Boards half = new Boards(n);
            ArrayList<byte[]> kept = new ArrayList<>();
            for (int i = 0; i < stack.size(); i++) (i % 2 == 1 ? half : kept).add(stack.get(i));
            stack.clear();
            stack.addAll(kept);
            return half;
        }

        public void merge(Boards bag) { n = bag.n; stack.addAll(bag); }
        public Long result() { return solutions; }

        static boolean safe(byte[] b, int row, int col) {
            for (int r = 0; r < row; r++) {
                if (b[r] == col || b[r] - col == r - row || b[r] - col == row - r) return false;
            }
            return true;
        }
    }

    static double f(double x) {
        return x * x;
    }

    static long serialFib(int n) {
        return n < 2 ? n : serialFib(n - 1) + serialFib(n - 2);
    }

    static void fib(ClusterFinish<Long> f, int n) {
        if (n < 24) { f.offer(serialFib(n)); return; }
        f.async(g -> fib(g, n - 1));
        f.async(g -> fib(g, n - 2));
    }

    @Test
    void theReadmeExamplesRunAsWritten() {
        try (Clusters c = Clusters.start(3, 1, 6950)) {
            WeftCluster cluster = c.home();
            Boards root = new Boards(11);
            root.add(new byte[0]);
            RunReport<Long> r = cluster.runReported(root, Queens::new, Reduction.sumLong());
            assertEquals(2680L, r.value(), r.toString());

            int n = 1000;
            double a = 0;
            double h = 1.0 / n;
            double area = cluster.parallelReduceDouble(0, n, 0.0, i -> f(a + i * h) * h, Double::sum);
            assertEquals(1.0 / 3, area, 1e-3);
            String s = cluster.parallelReduce(0, 26, "", i -> String.valueOf((char) ('a' + i)), String::concat);
            assertEquals("abcdefghijklmnopqrstuvwxyz", s);
            long fib30 = cluster.finish(Reduction.sumLong(), f -> fib(f, 30));
            assertEquals(832040L, fib30);
        }
    }
}
