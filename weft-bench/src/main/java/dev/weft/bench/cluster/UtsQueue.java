package dev.weft.bench.cluster;

import dev.weft.bench.programs.UTS;
import dev.weft.cluster.TaskQueue;
import java.io.Serializable;
import java.util.Arrays;

/**
 * UTS as a task queue: a stack of nodes (SHA-1 state and depth) not yet visited; a step visits them by
 * plain recursion for its budget of nodes, and a split gives away every other node of the stack, which
 * halves every level of the search. The result packs nodes and
 * leaves into one long as the fork/join version does ({@link UTS#NODE}, {@link UTS#LEAF}).
 */
final class UtsQueue implements TaskQueue<UtsQueue.Nodes, Long> {
    /** Nodes not yet expanded: states (5 ints each) and depths. */
    record Nodes(UTS.Shape shape, int[] states, int[] depths) implements Serializable {
    }

    private UTS.Shape shape;
    private int[][] states = new int[64][];
    private int[] depths = new int[64];
    private int top;
    private long counts;
    private int budget;

    /**
     * The serial recursion ({@link UTS#serial}'s code path) for a budget of {@code n} nodes; nodes it has
     * not reached when the budget runs out go onto the stack, where a split can give every other one away.
     */
    @Override
    public boolean process(int n) {
        budget = n;
        while (budget > 0 && top > 0) {
            int[] state = states[--top];
            int depth = depths[top];
            states[top] = null;
            counts += visit(state, depth);
        }
        return top > 0;
    }

    private long visit(int[] state, int depth) {
        if (budget <= 0) {
            push(state, depth);
            return 0;
        }
        budget--;
        int c = shape.numChildren(state, depth);
        if (c == 0) {
            return UTS.LEAF;
        }
        long sum = UTS.NODE;
        for (int i = 0; i < c; i++) {
            sum += visit(UTS.childState(state, i), depth + 1);
        }
        return sum;
    }

    private void push(int[] state, int depth) {
        if (top == states.length) {
            grow(top + 1);
        }
        states[top] = state;
        depths[top++] = depth;
    }

    private void grow(int need) {
        int n = Math.max(states.length * 2, need);
        states = Arrays.copyOf(states, n);
        depths = Arrays.copyOf(depths, n);
    }

    @Override
    public Nodes split() {
        int k = top / 2;
        if (k == 0) {
            return null;
        }
        int[] flat = new int[5 * k];
        int[] d = new int[k];
        int kept = 0;
        for (int i = 0, given = 0; i < top; i++) {
            if ((i & 1) == 1 && given < k) {
                System.arraycopy(states[i], 0, flat, 5 * given, 5);
                d[given++] = depths[i];
            } else {
                states[kept] = states[i];
                depths[kept++] = depths[i];
            }
        }
        for (int i = kept; i < top; i++) {
            states[i] = null;
        }
        top = kept;
        return new Nodes(shape, flat, d);
    }

    @Override
    public void merge(Nodes bag) {
        shape = bag.shape();
        int k = bag.depths().length;
        if (top + k > states.length) {
            grow(top + k);
        }
        for (int i = 0; i < k; i++) {
            states[top] = Arrays.copyOfRange(bag.states(), 5 * i, 5 * i + 5);
            depths[top++] = bag.depths()[i];
        }
    }

    @Override
    public Long result() {
        return counts;
    }

    /** The whole tree: its root alone. */
    static Nodes root(UTS.Shape shape, int seed) {
        return new Nodes(shape, UTS.rootState(seed), new int[] {0});
    }
}
