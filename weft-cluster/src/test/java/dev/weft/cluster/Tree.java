package dev.weft.cluster;

import java.io.Serializable;
import java.util.Arrays;

/**
 * A test workload: an implicit, unbalanced random tree (UTS' binomial shape: the root has {@code rootChildren}
 * children, every other node {@code m} children with probability {@code q}), counted by a task queue that keeps
 * its frontier as an array stack of node seeds. Seeds are hashed with splitmix64, so the tree is the same on
 * every member and every run.
 */
final class Tree {
    private Tree() {
    }

    record Shape(int rootChildren, int m, double q) implements Serializable {
        boolean hasChildren(long seed) {
            return (mix(seed ^ 0x5DEECE66DL) >>> 11) * 0x1.0p-53 < q;
        }
    }

    static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static long child(long seed, int i) {
        return mix(seed * 31 + i + 1);
    }

    /** Nodes of the tree, counted serially (the check). */
    static long serialCount(Shape s, long rootSeed) {
        long[] stack = new long[1024];
        int top = 0;
        long count = 1;
        for (int i = 0; i < s.rootChildren(); i++) {
            stack = push(stack, top++, child(rootSeed, i));
        }
        while (top > 0) {
            long n = stack[--top];
            count++;
            if (s.hasChildren(n)) {
                for (int i = 0; i < s.m(); i++) {
                    stack = push(stack, top++, child(n, i));
                }
            }
        }
        return count;
    }

    private static long[] push(long[] a, int at, long v) {
        if (at == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[at] = v;
        return a;
    }

    /** Nodes not yet visited. */
    record Bag(Shape shape, long[] seeds) implements Serializable {
        static Bag root(Shape shape, long rootSeed) {
            long[] s = new long[shape.rootChildren()];
            for (int i = 0; i < s.length; i++) {
                s[i] = child(rootSeed, i);
            }
            return new Bag(shape, s);
        }
    }

    /** Counts nodes: the root bag's nodes are the root's children, so the root itself is counted by the caller (+1). */
    static final class Queue implements TaskQueue<Bag, Long> {
        private Shape shape;
        private long[] stack = new long[64];
        private int top;
        private long count;

        @Override
        public boolean process(int n) {
            for (int k = 0; k < n && top > 0; k++) {
                long node = stack[--top];
                count++;
                if (shape.hasChildren(node)) {
                    for (int i = 0; i < shape.m(); i++) {
                        stack = push(stack, top++, child(node, i));
                    }
                }
            }
            return top > 0;
        }

        @Override
        public Bag split() {
            int k = top / 2;
            if (k == 0) {
                return null;
            }
            long[] half = new long[k]; // every other node: about half of the work
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
            for (long s : bag.seeds()) {
                stack = push(stack, top++, s);
            }
        }

        @Override
        public Long result() {
            return count;
        }
    }
}
