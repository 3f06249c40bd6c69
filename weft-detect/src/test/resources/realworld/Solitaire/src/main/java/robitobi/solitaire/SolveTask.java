package robitobi.solitaire;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveAction;

/** Explores the moves from a position: the first levels in parallel, each child on its own copy of the board. */
public class SolveTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final boolean[] pegs;
    private final int depth;
    private final Best best;

    SolveTask(boolean[] pegs, int depth, Best best) {
        this.pegs = pegs;
        this.depth = depth;
        this.best = best;
    }

    @Override
    protected void compute() {
        best.offer(Board.count(pegs));
        if (depth > 4) {
            search(pegs);
            return;
        }
        List<SolveTask> children = new ArrayList<>();
        for (int[] m : Board.MOVES) {
            for (boolean forward : new boolean[] {true, false}) {
                if (Board.canJump(pegs, m, forward)) {
                    boolean[] next = pegs.clone();   // expect: B2
                    Board.jump(next, m, forward);
                    children.add(new SolveTask(next, depth + 1, best));
                }
            }
        }
        invokeAll(children);
    }

    private void search(boolean[] p) {
        best.offer(Board.count(p));
        for (int[] m : Board.MOVES) {
            for (boolean forward : new boolean[] {true, false}) {
                if (Board.canJump(p, m, forward)) {
                    Board.jump(p, m, forward);
                    search(p);
                    Board.undo(p, m, forward);
                }
            }
        }
    }

    /** The fewest pegs left so far, shared by every task. */
    static final class Best {
        private int pegsLeft = Integer.MAX_VALUE;

        synchronized void offer(int n) {   // expect: B5
            if (n < pegsLeft) {
                pegsLeft = n;
            }
        }

        synchronized int get() {
            return pegsLeft;
        }
    }
}
