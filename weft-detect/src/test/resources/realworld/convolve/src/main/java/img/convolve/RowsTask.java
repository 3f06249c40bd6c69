package img.convolve;

import java.util.Arrays;
import java.util.concurrent.RecursiveAction;

/** A 3x3 box blur of an image given as rows: each half of the rows goes to a subtask as a new array of rows. */
public class RowsTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final int[][] rows;
    private final int[][] out;
    private final int offset;

    public RowsTask(int[][] rows, int[][] out, int offset) {
        this.rows = rows;
        this.out = out;
        this.offset = offset;
    }

    @Override
    protected void compute() {
        if (rows.length <= 16) {
            for (int r = 0; r < rows.length; r++) {
                int[] row = rows[r];
                int[] target = out[offset + r];
                for (int c = 1; c + 1 < row.length; c++) {
                    target[c] = (row[c - 1] + row[c] + row[c + 1]) / 3;
                }
            }
            return;
        }
        int half = rows.length / 2;
        int[][] top = Arrays.copyOfRange(rows, 0, half);   // expect: B2
        int[][] bottom = Arrays.copyOfRange(rows, half, rows.length);   // expect: B2
        invokeAll(new RowsTask(top, out, offset), new RowsTask(bottom, out, offset + half));
    }
}
