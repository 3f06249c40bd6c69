package matrices;

import java.util.concurrent.RecursiveTask;

/** The trace of a matrix: results combine at the join, nothing is shared. */
public class TraceTask extends RecursiveTask<Double> {
    private static final long serialVersionUID = 1L;

    private final Matrix m;
    private final int from;
    private final int to;

    public TraceTask(Matrix m, int from, int to) {
        this.m = m;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Double compute() {
        if (to - from <= 1024) {
            double t = 0;
            for (int i = from; i < to; i++) {
                t += m.cells[i][i];
            }
            return t;
        }
        int mid = (from + to) >>> 1;
        TraceTask left = new TraceTask(m, from, mid);
        left.fork();
        return new TraceTask(m, mid, to).compute() + left.join();
    }
}
