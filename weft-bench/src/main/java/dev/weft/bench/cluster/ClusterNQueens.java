package dev.weft.bench.cluster;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import dev.weft.bench.programs.NQueens;
import dev.weft.cluster.Reduction;
import dev.weft.cluster.RunReport;
import dev.weft.cluster.TaskQueue;
import dev.weft.cluster.WeftCluster;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * N-queens on a cluster, the same kernel as the fork/join suite's (BOTS: the board copied for every
 * placement, the whole board checked): n = 12 (quick) or 14. The queue is a stack of partial boards; the
 * static split places the first queens breadth first until there is a board per job.
 */
public final class ClusterNQueens extends ClusterProgram {
    @Override
    public String name() {
        return "nqueens";
    }

    @Override
    public String description() {
        return "N-queens (BOTS, board copied per placement), n = 12 (quick) or 14";
    }

    @Override
    public Workload create(boolean quick) {
        return workload(quick ? 12 : 14);
    }

    static ClusterWorkload workload(int n) {
        return new ClusterWorkload() {
            @Override
            public String label() {
                return "nqueens(" + n + ")";
            }

            @Override
            Object serial() {
                return (long) NQueens.serial(new byte[0], 0, n);
            }

            @Override
            Object weft() {
                return (long) NQueens.weft(new byte[0], 0, n);
            }

            @Override
            RunReport<?> cluster(WeftCluster home) {
                Boards root = new Boards(n);
                root.add(new byte[0]);
                return home.runReported(root, Queue::new, Reduction.sumLong());
            }

            @Override
            List<Callable<Serializable>> jobs(int jobs) {
                ArrayDeque<byte[]> frontier = new ArrayDeque<>();
                frontier.add(new byte[0]);
                while (!frontier.isEmpty() && frontier.size() < jobs && frontier.peek().length < n) {
                    byte[] a = frontier.poll();
                    for (int col = 0; col < n; col++) {
                        byte[] b = NQueens.place(a, a.length, col);
                        if (NQueens.ok(a.length + 1, b)) {
                            frontier.add(b);
                        }
                    }
                }
                List<Boards> parts = new ArrayList<>();
                for (int j = 0; j < jobs; j++) {
                    parts.add(new Boards(n));
                }
                int j = 0;
                for (byte[] b : frontier) {
                    parts.get(j++ % jobs).add(b);
                }
                List<Callable<Serializable>> out = new ArrayList<>();
                for (Boards p : parts) {
                    out.add(p);
                }
                return out;
            }

            @Override
            Object combine(List<Serializable> results) {
                return sumOfLongs(results);
            }

            @Override
            public void check(Object result, Object serialResult) {
                Checks.equal(serialResult, result);
                Checks.equal((long) NQueens.SOLUTIONS[n], result);
            }
        };
    }

    /** Partial boards of one size of problem; as a static-split job, it counts their solutions. */
    static final class Boards extends ArrayList<byte[]> implements Callable<Serializable> {
        private static final long serialVersionUID = 1L;
        final int n;

        Boards(int n) {
            this.n = n;
        }

        @Override
        public Serializable call() {
            long sum = 0;
            for (byte[] b : this) {
                sum += NQueens.serial(b, b.length, n);
            }
            return sum;
        }
    }

    /** A stack of partial boards, expanded depth first as the serial version does; splits give every other board. */
    static final class Queue implements TaskQueue<Boards, Long> {
        private int n;
        private byte[][] stack = new byte[64][];
        private int top;
        private long solutions;

        @Override
        public boolean process(int steps) {
            for (int s = 0; s < steps && top > 0; s++) {
                byte[] a = stack[--top];
                stack[top] = null;
                int j = a.length;
                if (j == n) {
                    solutions++;
                    continue;
                }
                if (top + n > stack.length) {
                    stack = java.util.Arrays.copyOf(stack, Math.max(2 * stack.length, top + n));
                }
                for (int col = n - 1; col >= 0; col--) {
                    byte[] b = NQueens.place(a, j, col);
                    if (NQueens.ok(j + 1, b)) {
                        stack[top++] = b;
                    }
                }
            }
            return top > 0;
        }

        @Override
        public Boards split() {
            int k = top / 2;
            if (k == 0) {
                return null;
            }
            Boards half = new Boards(n);
            int kept = 0;
            for (int i = 0; i < top; i++) {
                if ((i & 1) == 1 && half.size() < k) {
                    half.add(stack[i]);
                } else {
                    stack[kept++] = stack[i];
                }
            }
            for (int i = kept; i < top; i++) {
                stack[i] = null;
            }
            top = kept;
            return half;
        }

        @Override
        public void merge(Boards bag) {
            n = bag.n;
            if (top + bag.size() > stack.length) {
                stack = java.util.Arrays.copyOf(stack, Math.max(2 * stack.length, top + bag.size()));
            }
            for (byte[] b : bag) {
                stack[top++] = b;
            }
        }

        @Override
        public Long result() {
            return solutions;
        }
    }
}
