package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/**
 * N-queens as in the Barcelona OpenMP Tasks Suite (the thesis' version): one task per candidate column
 * at every row, each copying the board before placing its queen and checking the whole board.
 */
public final class NQueens implements Program {
    /** Solutions for n = 0..14, the independent check. */
    public static final int[] SOLUTIONS = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596};

    @Override
    public String name() {
        return "nqueens";
    }

    @Override
    public String description() {
        return "N-queens (BOTS), one task per column, board copied per placement";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        int n = 12;
        return ForkJoinWorkload.of("nqueens(" + n + ")", () -> serial(new byte[0], 0, n),
                pool -> pool.invoke(new QueensTask(new byte[0], 0, n)),
                pool -> pool.invoke(() -> weft(new byte[0], 0, n)), (result, serialResult) -> {
                    Checks.equal(serialResult, result);
                    Checks.equal(SOLUTIONS[n], result);
                });
    }

    /** Whether no two of the first {@code n} queens attack each other. */
    public static boolean ok(int n, byte[] a) {
        for (int i = 0; i < n; i++) {
            int p = a[i];
            for (int j = i + 1; j < n; j++) {
                int q = a[j];
                if (q == p || q == p - (j - i) || q == p + (j - i)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The board {@code a} (rows 0..j-1) with a queen in column {@code col} of row j: a fresh copy. */
    public static byte[] place(byte[] a, int j, int col) {
        byte[] b = Arrays.copyOf(a, j + 1);
        b[j] = (byte) col;
        return b;
    }

    public static int serial(byte[] a, int j, int n) {
        if (j == n) {
            return 1;
        }
        int solutions = 0;
        for (int col = 0; col < n; col++) {
            byte[] b = place(a, j, col);
            if (ok(j + 1, b)) {
                solutions += serial(b, j + 1, n);
            }
        }
        return solutions;
    }

    public static int weft(byte[] a, int j, int n) {
        if (j == n) {
            return 1;
        }
        return Weft.parallelReduceInt(0, n, 0, col -> {
            byte[] b = place(a, j, col);
            return ok(j + 1, b) ? weft(b, j + 1, n) : 0;
        }, Integer::sum);
    }

    static final class QueensTask extends RecursiveTask<Integer> {
        private final byte[] a;
        private final int j;
        private final int n;

        QueensTask(byte[] a, int j, int n) {
            this.a = a;
            this.j = j;
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (j == n) {
                return 1;
            }
            List<PlaceTask> tasks = new ArrayList<>(n);
            for (int col = 0; col < n; col++) {
                tasks.add(new PlaceTask(a, j, n, col));
            }
            invokeAll(tasks);
            int solutions = 0;
            for (PlaceTask t : tasks) {
                solutions += t.join();
            }
            return solutions;
        }
    }

    /** One candidate placement: copy, check, recurse (the body of BOTS' task). */
    static final class PlaceTask extends RecursiveTask<Integer> {
        private final byte[] a;
        private final int j;
        private final int n;
        private final int col;

        PlaceTask(byte[] a, int j, int n, int col) {
            this.a = a;
            this.j = j;
            this.n = n;
            this.col = col;
        }

        @Override
        protected Integer compute() {
            byte[] b = place(a, j, col);
            return ok(j + 1, b) ? new QueensTask(b, j + 1, n).compute() : 0;
        }
    }
}
