package b2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/**
 * Counts knight's-tour prefixes of a given length: a task per square tried, each with its own copy of the board.
 * The copy is made in a second task class, which runs the first again: at every level, through two classes.
 */
public class Knights {
    static final int[][] MOVES = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

    static final class Expand extends RecursiveTask<Long> {
        private final int[] board;
        private final int size;
        private final int at;
        private final int left;

        Expand(int[] board, int size, int at, int left) {
            this.board = board;
            this.size = size;
            this.at = at;
            this.left = left;
        }

        @Override
        protected Long compute() {
            if (left == 0) {
                return 1L;
            }
            List<Move> moves = new ArrayList<>();
            for (int[] m : MOVES) {
                int r = at / size + m[0];
                int c = at % size + m[1];
                if (r >= 0 && r < size && c >= 0 && c < size && board[r * size + c] == 0) {
                    moves.add(new Move(board, size, r * size + c, left));
                }
            }
            invokeAll(moves);
            long n = 0;
            for (Move m : moves) {
                n += m.join();
            }
            return n;
        }
    }

    static final class Move extends RecursiveTask<Long> {
        private final int[] board;
        private final int size;
        private final int to;
        private final int left;

        Move(int[] board, int size, int to, int left) {
            this.board = board;
            this.size = size;
            this.to = to;
            this.left = left;
        }

        @Override
        protected Long compute() {
            int[] next = Arrays.copyOf(board, board.length);   // expect: B2
            next[to] = left;
            return new Expand(next, size, to, left - 1).compute();
        }
    }

    public static long count(int size, int length) {
        int[] board = new int[size * size];
        board[0] = length + 1;
        return new Expand(board, size, 0, length).invoke();
    }
}
