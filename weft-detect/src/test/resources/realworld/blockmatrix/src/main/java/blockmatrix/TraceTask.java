package blockmatrix;

import java.util.concurrent.RecursiveTask;

/** The trace of a square matrix: the two diagonal blocks are copied out and traced by subtasks. */
public class TraceTask extends RecursiveTask<Double> {
    private static final long serialVersionUID = 1L;

    private final double[][] m;

    public TraceTask(double[][] m) {
        this.m = m;
    }

    @Override
    protected Double compute() {
        int n = m.length;
        if (n <= 64) {
            double t = 0;
            for (int i = 0; i < n; i++) {
                t += m[i][i];
            }
            return t;
        }
        int h = n / 2;
        TraceTask top = new TraceTask(Blocks.block(m, 0, 0, h));   // expect: B2
        TraceTask bottom = new TraceTask(Blocks.block(m, h, h, n - h));   // expect: B2
        top.fork();
        return bottom.compute() + top.join();
    }
}
