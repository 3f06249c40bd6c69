package b2;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/**
 * New arrays next to copies: a zeroed array from an allocation helper that can also copy (but is given nothing to
 * copy), and one the subtask fills itself, are working memory, not copies of the parent's data. Halves returned
 * inside an array from a helper are copies all the same.
 */
public class FreshArrays {

    /** Allocates {@code n} elements, copied from {@code orig} when there is one (an allocator with a cache). */
    static double[] malloc(int n, double[] orig, int from) {
        if (orig != null) {
            return Arrays.copyOfRange(orig, from, from + n);
        }
        return new double[n];
    }

    static double[] zeros(int n) {
        return malloc(n, null, 0);
    }

    static double[] slice(double[] xs, int from, int n) {
        return malloc(n, xs, from);
    }

    /** The two halves of {@code a}, each copied into a local, returned together. */
    static int[][] halves(int[] a) {
        int mid = a.length / 2;
        int[] l = Arrays.copyOfRange(a, 0, mid);
        int[] r = Arrays.copyOfRange(a, mid, a.length);
        return new int[][] {l, r};
    }

    static final class Scale extends RecursiveAction {
        private final double[] in;
        private final double[] out;

        Scale(double[] in, double[] out) {
            this.in = in;
            this.out = out;
        }

        @Override
        protected void compute() {
            if (in.length <= 64) {
                for (int i = 0; i < in.length; i++) {
                    out[i] = 2 * in[i];
                }
                return;
            }
            int mid = in.length / 2;
            double[] scratch = zeros(mid);
            Scale left = new Scale(slice(in, 0, mid), scratch);   // expect: B2
            left.fork();
            new Scale(slice(in, mid, in.length - mid), zeros(in.length - mid)).compute();   // expect: B2
            left.join();
        }
    }

    static final class Sum extends RecursiveTask<Long> {
        private final int[] a;

        Sum(int[] a) {
            this.a = a;
        }

        @Override
        protected Long compute() {
            if (a.length <= 64) {
                long s = 0;
                for (int x : a) {
                    s += x;
                }
                return s;
            }
            int[][] h = halves(a);   // expect: B2
            Sum left = new Sum(h[0]);
            left.fork();
            return new Sum(h[1]).compute() + left.join();
        }
    }

    /** Each column task gets a new zeroed column, which it fills from the shared matrix itself. */
    static double[][] columns(double[][] m) {
        int n = m.length;
        double[][] result = new double[n][];
        RecursiveAction[] tasks = new RecursiveAction[n];
        for (int j = 0; j < n; j++) {
            final int col = j;
            final double[] column = new double[n];
            result[j] = column;
            tasks[j] = new RecursiveAction() {
                @Override
                protected void compute() {
                    for (int i = 0; i < n; i++) {
                        column[i] = m[i][col];
                    }
                }
            };
        }
        RecursiveAction.invokeAll(tasks);
        return result;
    }

    public static void main(String[] args) {
        double[] in = new double[1000];
        ForkJoinPool.commonPool().invoke(new Scale(in, new double[in.length]));
        System.out.println(ForkJoinPool.commonPool().invoke(new Sum(new int[1000])));
        System.out.println(ForkJoinPool.commonPool().invoke(new RecursiveTask<Integer>() {
            @Override
            protected Integer compute() {
                return columns(new double[][] {{1, 2}, {3, 4}}).length;
            }
        }));
    }
}
