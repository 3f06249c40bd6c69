package dev.weft.cluster;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;

/** A test workload: n-queens as a task queue of partial boards (a board is the columns of its first rows). */
final class Queens implements TaskQueue<Queens.Boards, Long> {
    static final long[] SOLUTIONS = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596};

    /** Partial boards, all of the same size n. */
    static final class Boards extends ArrayList<byte[]> implements Serializable {
        private static final long serialVersionUID = 1L;
        int n;

        static Boards root(int n) {
            Boards b = new Boards();
            b.n = n;
            b.add(new byte[0]);
            return b;
        }
    }

    private int n;
    private final ArrayList<byte[]> stack = new ArrayList<>();
    private long solutions;

    @Override
    public boolean process(int steps) {
        for (int s = 0; s < steps && !stack.isEmpty(); s++) {
            byte[] board = stack.remove(stack.size() - 1);
            int row = board.length;
            if (row == n) {
                solutions++;
                continue;
            }
            for (int col = n - 1; col >= 0; col--) {
                if (safe(board, row, col)) {
                    byte[] next = Arrays.copyOf(board, row + 1);
                    next[row] = (byte) col;
                    stack.add(next);
                }
            }
        }
        return !stack.isEmpty();
    }

    static boolean safe(byte[] board, int row, int col) {
        for (int r = 0; r < row; r++) {
            int c = board[r];
            if (c == col || c - col == r - row || c - col == row - r) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Boards split() {
        if (stack.size() < 2) {
            return null;
        }
        Boards half = new Boards();
        half.n = n;
        ArrayList<byte[]> kept = new ArrayList<>(stack.size());
        for (int i = 0; i < stack.size(); i++) {
            (i % 2 == 1 ? half : kept).add(stack.get(i)); // every other board: about half of the work
        }
        stack.clear();
        stack.addAll(kept);
        return half;
    }

    @Override
    public void merge(Boards bag) {
        n = bag.n;
        stack.addAll(bag);
    }

    @Override
    public Long result() {
        return solutions;
    }
}
