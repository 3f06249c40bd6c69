package linalg.lu;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * An LU decomposition whose column strips are updated by parallel tasks that meet at a barrier after every
 * pivot step, as a thread-per-strip program would: each strip task holds its worker for the whole run.
 */
public final class BlockedLU {
    private BlockedLU() {
    }

    static final class Strip extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final double[][] a;
        private final int from;
        private final int to;
        private final CyclicBarrier step;

        Strip(double[][] a, int from, int to, CyclicBarrier step) {
            this.a = a;
            this.from = from;
            this.to = to;
            this.step = step;
        }

        @Override
        protected void compute() {
            int n = a.length;
            for (int k = 0; k < n - 1; k++) {
                for (int i = k + 1; i < n; i++) {
                    double f = a[i][k] / a[k][k];
                    for (int j = Math.max(from, k + 1); j < to; j++) {
                        a[i][j] -= f * a[k][j];
                    }
                }
                try {
                    step.await();   // expect: B5
                } catch (InterruptedException | BrokenBarrierException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    public static void decompose(double[][] a, int strips) {
        CyclicBarrier step = new CyclicBarrier(strips);
        Strip[] tasks = new Strip[strips];
        int width = (a.length + strips - 1) / strips;
        for (int s = 0; s < strips; s++) {
            tasks[s] = new Strip(a, s * width, Math.min(a.length, (s + 1) * width), step);
        }
        new ForkJoinPool(strips).invoke(new RecursiveAction() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void compute() {
                invokeAll(tasks);
            }
        });
    }
}
