package columns;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Column-wise work on a matrix, one anonymous subtask per column, shaped like the linear-algebra helpers of a
 * model builder. The transpose hands each subtask a new, empty column that the subtask fills itself; the
 * normalizer copies each column out of the matrix before handing it over.
 */
public final class Transpose {
    private Transpose() {
    }

    public static double[][] transpose(final double[][] m) {
        final int rows = m.length;
        final int cols = m[0].length;
        double[][] t = new double[cols][];
        RecursiveAction[] tasks = new RecursiveAction[cols];
        for (int j = 0; j < cols; j++) {   // expect: B4
            final int col = j;
            final double[] column = new double[rows];
            t[j] = column;
            tasks[j] = new RecursiveAction() {
                @Override
                protected void compute() {
                    for (int i = 0; i < rows; i++) {
                        column[i] = m[i][col];
                    }
                }
            };
            tasks[j].fork();
        }
        for (RecursiveAction task : tasks) {
            task.join();
        }
        return t;
    }

    public static double[] norms(final double[][] m) {
        final int cols = m[0].length;
        final double[] norms = new double[cols];
        RecursiveAction[] tasks = new RecursiveAction[cols];
        for (int j = 0; j < cols; j++) {
            final int col = j;
            final double[] column = new double[m.length];   // expect: B2
            for (int i = 0; i < m.length; i++) {
                column[i] = m[i][col];
            }
            tasks[j] = new RecursiveAction() {
                @Override
                protected void compute() {
                    double s = 0;
                    for (double x : column) {
                        s += x * x;
                    }
                    norms[col] = Math.sqrt(s);
                }
            };
        }
        RecursiveAction.invokeAll(tasks);
        return norms;
    }

    public static void main(String[] args) {
        double[][] m = {{1, 2}, {3, 4}};
        ForkJoinPool.commonPool().invoke(new RecursiveAction() {
            @Override
            protected void compute() {
                transpose(m);
                norms(m);
            }
        });
    }
}
