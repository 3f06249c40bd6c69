package dev.weft.bench.cluster;

import dev.weft.bench.programs.UTS;
import dev.weft.cluster.TaskQueue;
import java.io.Serializable;
import java.util.Arrays;

/**
 * UTS as a task queue: a stack of nodes (SHA-1 state and depth), expanded depth first; a split gives away
 * every other node of the stack, which halves every level of the search. The result packs nodes and
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

    @Override
    public boolean process(int n) {
        UTS.Shape s = shape;
        for (int k = 0; k < n && top > 0; k++) {
            int[] state = states[--top];
            int depth = depths[top];
            states[top] = null;
            int c = s.numChildren(state, depth);
            if (c == 0) {
                counts += UTS.LEAF;
                continue;
            }
            counts += UTS.NODE;
            if (top + c > states.length) {
                grow(top + c);
            }
            for (int i = c - 1; i >= 0; i--) {
                states[top] = UTS.childState(state, i);
                depths[top++] = depth + 1;
            }
        }
        return top > 0;
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
