package games;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/** Minimax over tic-tac-toe positions: a subtask per free square, each on its own copy of the board. */
public class TicTacToe extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final char[][] board;
    private final char player;

    public TicTacToe(char[][] board, char player) {
        this.board = board;
        this.player = player;
    }

    static char winner(char[][] b) {
        for (int i = 0; i < 3; i++) {
            if (b[i][0] != '.' && b[i][0] == b[i][1] && b[i][1] == b[i][2]) {
                return b[i][0];
            }
            if (b[0][i] != '.' && b[0][i] == b[1][i] && b[1][i] == b[2][i]) {
                return b[0][i];
            }
        }
        if (b[1][1] != '.' && ((b[0][0] == b[1][1] && b[1][1] == b[2][2]) || (b[0][2] == b[1][1] && b[1][1] == b[2][0]))) {
            return b[1][1];
        }
        return '.';
    }

    @Override
    protected Integer compute() {
        char w = winner(board);
        if (w != '.') {
            return w == 'X' ? 1 : -1;
        }
        List<TicTacToe> moves = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {   // expect: B4
                if (board[r][c] == '.') {
                    char[][] next = Arrays.stream(board).map(char[]::clone).toArray(char[][]::new);   // expect: B2
                    next[r][c] = player;
                    TicTacToe t = new TicTacToe(next, player == 'X' ? 'O' : 'X');
                    t.fork();
                    moves.add(t);
                }
            }
        }
        if (moves.isEmpty()) {
            return 0;
        }
        int best = player == 'X' ? -2 : 2;
        for (TicTacToe t : moves) {
            int v = t.join();
            best = player == 'X' ? Math.max(best, v) : Math.min(best, v);
        }
        return best;
    }
}
