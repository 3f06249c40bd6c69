package dev.weft.cluster;

import java.io.Serializable;
import java.util.Arrays;

/**
 * The simulator's workload: implicit random trees in the two shapes of UTS (Olivier et al. 2006).
 * <ul>
 *   <li>binomial ({@code b0,m,q}): the root has {@code b0} children, every other node {@code m} children
 *       with probability {@code q} and none otherwise — the most unbalanced shape; expected size
 *       {@code 1 + b0 / (1 - q·m)}, with a huge variance near {@code q·m = 1} (UTS' T3 trees);</li>
 *   <li>geometric ({@code g:b,d}): every node above depth {@code d} has a geometrically distributed number
 *       of children with mean {@code b} — the shape X10 GLB's UTS uses (about {@code b^d} nodes).</li>
 * </ul>
 * A node is a 64-bit word: a splitmix64 seed in the high bits and its depth in the low 6; a child's seed
 * hashes its parent's and its index, so the tree is the same wherever a node is expanded.
 */
final class SyntheticTree {
    private SyntheticTree() {
    }

    private static final long DEPTH = 63;

    /**
     * A tree shape: {@code geometric} false for binomial ({@code b0} root children, {@code m} children with
     * probability {@code q}), true for geometric (mean {@code q} children above depth {@code m}; {@code b0}
     * unused).
     */
    record Shape(boolean geometric, int b0, int m, double q, long rootSeed) implements Serializable {
        static Shape binomial(int b0, int m, double q, long rootSeed) {
            return new Shape(false, b0, m, q, rootSeed);
        }

        static Shape geometric(double b, int depth, long rootSeed) {
            if (depth >= DEPTH) {
                throw new IllegalArgumentException("depth must be below " + DEPTH + ": " + depth);
            }
            return new Shape(true, 0, depth, b, rootSeed);
        }

        /** The same shape from another root seed: another tree. */
        Shape seeded(long seed) {
            return new Shape(geometric, b0, m, q, seed);
        }

        /** The number of children of {@code node}. */
        int children(long node) {
            double u = (mix(node ^ 0x5DEECE66DL) >>> 11) * 0x1.0p-53;
            if (!geometric) {
                return u < q ? m : 0;
            }
            if ((node & DEPTH) >= m) {
                return 0;
            }
            int n = (int) Math.floor(Math.log(1 - u) / Math.log(1 - 1 / (1 + q)));
            return Math.min(n, 100);
        }

        @Override
        public String toString() {
            return geometric ? "geometric(b=" + q + ", depth " + m + ", seed " + rootSeed + ")"
                    : "binomial(b0=" + b0 + ", m=" + m + ", q=" + q + ", seed " + rootSeed + ")";
        }

        /** The root's children: the whole tree but the root. */
        Bag root() {
            long root = mix(rootSeed) & ~DEPTH;
            int n = geometric ? Math.max(1, children(root)) : b0;
            long[] s = new long[n];
            for (int i = 0; i < n; i++) {
                s[i] = child(root, i);
            }
            return new Bag(this, s);
        }

        /**
         * The tree's size and checksum, computed serially (the simulator's check; seconds for large trees):
         * {@code {nodes, checksum}}, where the checksum is what a run's result must be.
         */
        long[] serial() {
            Queue q = new Queue();
            q.merge(root());
            while (q.process(1 << 20)) {
                // expand
            }
            return new long[] {q.count() + 1, q.result()};
        }
    }

    static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Child {@code i} of {@code node}: a fresh seed, one level deeper. */
    static long child(long node, int i) {
        return (mix(node * 31 + i + 1) & ~DEPTH) | Math.min(DEPTH, (node & DEPTH) + 1);
    }

    /** Nodes not yet expanded. */
    record Bag(Shape shape, long[] seeds) implements Serializable {
    }

    /**
     * Expands nodes; its result is a checksum of the nodes it expanded (a wrapping sum of their hashes), so
     * that a node expanded twice, or never, changes the result — a count alone could hide a loss and a
     * duplicate that cancel out.
     */
    static final class Queue implements TaskQueue<Bag, Long> {
        private Shape shape;
        private long[] stack = new long[64];
        private int top;
        private long count;
        private long sum;

        @Override
        public boolean process(int n) {
            Shape s = shape;
            for (int k = 0; k < n && top > 0; k++) {
                long node = stack[--top];
                count++;
                sum += mix(node ^ 0xC0FFEEL);
                int m = s.children(node);
                if (m > 0) {
                    if (top + m > stack.length) {
                        stack = Arrays.copyOf(stack, Math.max(stack.length * 2, top + m));
                    }
                    for (int i = 0; i < m; i++) {
                        stack[top++] = child(node, i);
                    }
                }
            }
            return top > 0;
        }

        /**
         * Every other node of the stack, from the bottom: the stack holds, level by level, the siblings not
         * yet expanded, so taking alternate entries halves every level — about half of the work. (Taking the
         * bottom half would give away nearly all of it: the shallow nodes hold exponentially more.)
         */
        @Override
        public Bag split() {
            int k = top / 2;
            if (k == 0) {
                return null;
            }
            long[] half = new long[k];
            int kept = 0;
            for (int i = 0; i < top; i++) {
                if ((i & 1) == 1 && (i >> 1) < k) {
                    half[i >> 1] = stack[i];
                } else {
                    stack[kept++] = stack[i];
                }
            }
            top = kept;
            return new Bag(shape, half);
        }

        @Override
        public void merge(Bag bag) {
            shape = bag.shape();
            long[] s = bag.seeds();
            if (top + s.length > stack.length) {
                stack = Arrays.copyOf(stack, Math.max(stack.length * 2, top + s.length));
            }
            System.arraycopy(s, 0, stack, top, s.length);
            top += s.length;
        }

        @Override
        public Long result() {
            return sum;
        }

        /** Nodes expanded so far: the simulator charges time per node. */
        long count() {
            return count;
        }
    }
}
