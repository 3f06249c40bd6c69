package robitobi.solitaire;

/** Peg solitaire on the English board: 33 holes, a peg in each but the centre. */
public final class Board {
    static final int[][] MOVES = {{0, 1, 2}, {3, 4, 5}, {8, 9, 10}, {9, 10, 11}, {10, 11, 12}, {15, 16, 17},
            {16, 17, 18}, {17, 18, 19}, {22, 23, 24}, {27, 28, 29}, {30, 31, 32}, {2, 5, 10}, {5, 10, 17},
            {10, 17, 24}, {17, 24, 29}, {24, 29, 32}, {0, 3, 8}, {3, 8, 15}, {8, 15, 22}, {15, 22, 27},
            {22, 27, 30}, {9, 16, 23}, {4, 9, 16}, {16, 23, 28}, {1, 4, 9}, {23, 28, 31}, {11, 18, 25},
            {6, 11, 18}, {18, 25, 26}, {7, 12, 19}, {12, 19, 26}, {13, 20, 21}, {14, 15, 16}};

    static boolean canJump(boolean[] pegs, int[] m, boolean forward) {
        int from = forward ? m[0] : m[2];
        int to = forward ? m[2] : m[0];
        return pegs[from] && pegs[m[1]] && !pegs[to];
    }

    static void jump(boolean[] pegs, int[] m, boolean forward) {
        pegs[forward ? m[0] : m[2]] = false;
        pegs[m[1]] = false;
        pegs[forward ? m[2] : m[0]] = true;
    }

    static void undo(boolean[] pegs, int[] m, boolean forward) {
        pegs[forward ? m[0] : m[2]] = true;
        pegs[m[1]] = true;
        pegs[forward ? m[2] : m[0]] = false;
    }

    static int count(boolean[] pegs) {
        int n = 0;
        for (boolean p : pegs) {
            if (p) {
                n++;
            }
        }
        return n;
    }
}
