package matrices;

import java.util.concurrent.RecursiveAction;

/** C += A * B, splitting the inner dimension: each half's partial products are added into C under a lock. */
public class MultiplyTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final Matrix a;
    private final Matrix b;
    private final Matrix c;
    private final int kFrom;
    private final int kTo;

    public MultiplyTask(Matrix a, Matrix b, Matrix c, int kFrom, int kTo) {
        this.a = a;
        this.b = b;
        this.c = c;
        this.kFrom = kFrom;
        this.kTo = kTo;
    }

    @Override
    protected void compute() {
        if (kTo - kFrom > 32) {
            int mid = (kFrom + kTo) >>> 1;
            invokeAll(new MultiplyTask(a, b, c, kFrom, mid), new MultiplyTask(a, b, c, mid, kTo));
            return;
        }
        for (int i = 0; i < a.rows(); i++) {
            double[] row = new double[b.cols()];
            for (int k = kFrom; k < kTo; k++) {
                double aik = a.cells[i][k];
                for (int j = 0; j < row.length; j++) {
                    row[j] += aik * b.cells[k][j];
                }
            }
            c.accumulate(i, row);
        }
    }
}
