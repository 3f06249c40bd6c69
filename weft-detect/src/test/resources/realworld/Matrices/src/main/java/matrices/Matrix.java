package matrices;

import java.util.concurrent.locks.ReentrantLock;

/** A dense matrix whose rows can be accumulated into from several threads. */
public final class Matrix {
    final double[][] cells;
    private final ReentrantLock lock = new ReentrantLock();

    public Matrix(int rows, int cols) {
        cells = new double[rows][cols];
    }

    public int rows() {
        return cells.length;
    }

    public int cols() {
        return cells[0].length;
    }

    /** Adds {@code part} into row {@code r}. */
    void accumulate(int r, double[] part) {
        lock.lock();   // expect: B5
        try {
            for (int c = 0; c < part.length; c++) {
                cells[r][c] += part[c];
            }
        } finally {
            lock.unlock();
        }
    }
}
