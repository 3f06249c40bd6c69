package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Unbalanced Tree Search (Olivier et al., LCPC 2006/2007): counts the nodes of an implicitly defined
 * random tree whose shape cannot be known without visiting it. Each node has a 20-byte state; a
 * child's state is SHA-1(parent state || child index as 4 big-endian bytes), and a node's number of
 * children is drawn from its state, as in the UTS reference implementation ({@code uts.c},
 * {@code rng/brg_sha1.c}).
 *
 * <p>Full size: sample tree T2, a geometric tree with the cyclic shape function ({@code -t 1 -a 2 -d 16
 * -b 6 -r 502}): 4,117,769 nodes, 2,342,762 leaves, depth 81 according to the UTS sample workloads.
 * Quick size: the same parameters with another root seed (see {@link #QUICK}).
 *
 * <p>Versions: the serial elision visits the children in a loop. ForkJoinPool: a RecursiveTask per
 * child, {@code invokeAll} over a node's children, then the sum of their joins. Weft: one
 * {@code Weft.parallelReduceLong} over a node's children, summing their counts: the reduction a user
 * would write for "sum over the children", which splits a node's child range only when a worker is
 * hungry and allocates no task per child. Each child's state is hashed by whoever visits it.
 *
 * <p>The visit returns one {@code long} holding two counters: nodes in the high 32 bits and leaves in
 * the low 32 bits, so that a plain sum combines subtrees and no result object is allocated per node.
 */
public final class UTS implements Program {
    /** UTS' MAXNUMCHILDREN: a geometric draw is truncated to this many children. */
    static final int MAX_CHILDREN = 100;

    public static final long NODE = 1L << 32;
    public static final long LEAF = NODE | 1;

    /**
     * A geometric tree with the cyclic shape function: the expected branching factor at depth d > 0 is
     * b_0^sin(2πd/gen_mx), and 0 below depth 5·gen_mx.
     */
    record Tree(String name, double b0, int genMx, int rootSeed, long nodes, long leaves) {
        /** log(1 - p) per depth, where p = 1/(1 + b_d) is the parameter of the geometric distribution. */
        double[] logOneMinusP() {
            double[] t = new double[5 * genMx + 2];
            for (int d = 0; d < t.length; d++) {
                double b = d == 0 ? b0 : d > 5 * genMx ? 0.0 : Math.pow(b0, Math.sin(2.0 * 3.141592653589793 * d / genMx));
                double p = 1.0 / (1.0 + b);
                t[d] = Math.log(1.0 - p);
            }
            return t;
        }
    }

    /** T2 from the UTS sample workloads, with its published size and leaf count (UTSTest checks its depth, 81). */
    static final Tree T2 = new Tree("T2", 6, 16, 502, 4_117_769, 2_342_762);

    /**
     * The quick tree: T2's parameters with root seed 1 instead of 502, about 6% of T2's size. Its
     * statistics come from our own serial run (not from a published source).
     */
    static final Tree QUICK = new Tree("T2-seed1", 6, 16, 1, 243_269, 138_448);

    @Override
    public String name() {
        return "uts";
    }

    @Override
    public String description() {
        return "Unbalanced Tree Search, T2 (geometric, cyclic), SHA-1 node states";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        return workload(quick ? QUICK : T2);
    }

    /** Counting the nodes and leaves of {@code tree}, checked against its statistics. */
    static ForkJoinWorkload workload(Tree tree) {
        Shape shape = new Shape(tree.logOneMinusP());
        int[] root = rootState(tree.rootSeed());
        return new ForkJoinWorkload() {
            @Override
            public String label() {
                return "uts(" + tree.name() + ")";
            }

            @Override
            public Object serial() {
                return UTS.serial(root, 0, shape);
            }

            @Override
            public Object forkJoin(ForkJoinPool pool) {
                return pool.invoke(new NodeTask(root, 0, shape));
            }

            @Override
            public Object weft(WeftPool pool) {
                return pool.invoke(() -> UTS.weft(root, 0, shape));
            }

            @Override
            public void check(Object result, Object serialResult) {
                Checks.equal(serialResult, result);
                long r = (Long) result;
                Checks.equal(tree.nodes(), nodes(r));
                Checks.equal(tree.leaves(), leaves(r));
            }
        };
    }

    public static long nodes(long counts) {
        return counts >>> 32;
    }

    public static long leaves(long counts) {
        return counts & 0xFFFF_FFFFL;
    }

    /** The number of children of a node at {@code depth} with state {@code s}, as UTS' uts_numChildren_geo. */
    public record Shape(double[] logOneMinusP) implements java.io.Serializable {
        /**
         * UTS' geometric tree with the fixed shape function ({@code -t 1 -a 3}): {@code b0} children expected at
         * every depth below {@code depth}, none at it (T1: b0 = 4, depth 10, root seed 19).
         */
        public static Shape fixed(double b0, int depth) {
            double[] t = new double[depth];
            java.util.Arrays.fill(t, Math.log(1.0 - 1.0 / (1.0 + b0)));
            return new Shape(t);
        }

        public int numChildren(int[] s, int depth) {
            if (depth >= logOneMinusP.length) {
                return 0;
            }
            int h = s[4] & 0x7FFF_FFFF; // rng_rand: the last four bytes of the state, big-endian, positive
            double u = h / 2147483648.0;
            int n = (int) Math.floor(Math.log(1 - u) / logOneMinusP[depth]);
            return Math.min(n, MAX_CHILDREN);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Serial elision

    public static long serial(int[] s, int depth, Shape shape) {
        int n = shape.numChildren(s, depth);
        if (n == 0) {
            return LEAF;
        }
        long counts = NODE;
        for (int i = 0; i < n; i++) {
            counts += serial(childState(s, i), depth + 1, shape);
        }
        return counts;
    }

    // ---------------------------------------------------------------------------------------------
    // Weft: a parallel reduction over the children

    public static long weft(int[] s, int depth, Shape shape) {
        int n = shape.numChildren(s, depth);
        if (n == 0) {
            return LEAF;
        }
        return NODE + Weft.parallelReduceLong(0, n, 0L, i -> weft(childState(s, i), depth + 1, shape), Long::sum);
    }

    // ---------------------------------------------------------------------------------------------
    // ForkJoinPool: a RecursiveTask per child, invokeAll over the children

    static final class NodeTask extends RecursiveTask<Long> {
        private final int[] parent;
        private final int index;
        private final int depth;
        private final Shape shape;

        /** The root. */
        NodeTask(int[] state, int depth, Shape shape) {
            this(state, -1, depth, shape);
        }

        /** Child {@code index} of the node with state {@code parent}; its state is computed by the task. */
        NodeTask(int[] parent, int index, int depth, Shape shape) {
            this.parent = parent;
            this.index = index;
            this.depth = depth;
            this.shape = shape;
        }

        @Override
        protected Long compute() {
            int[] s = index < 0 ? parent : childState(parent, index);
            int n = shape.numChildren(s, depth);
            if (n == 0) {
                return LEAF;
            }
            NodeTask[] children = new NodeTask[n];
            for (int i = 0; i < n; i++) {
                children[i] = new NodeTask(s, i, depth + 1, shape);
            }
            invokeAll(children);
            long counts = NODE;
            for (NodeTask c : children) {
                counts += c.join();
            }
            return counts;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Node states: SHA-1 of one 64-byte block

    /** rng_init: SHA-1 of 16 zero bytes followed by the seed as 4 big-endian bytes. */
    public static int[] rootState(int seed) {
        int[] s = new int[5];
        sha1Block(s, 0, 0, 0, 0, seed, 0x8000_0000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20 * 8);
        return s;
    }

    /** rng_spawn: SHA-1 of the parent's 20 bytes followed by the child index as 4 big-endian bytes. */
    public static int[] childState(int[] parent, int index) {
        int[] s = new int[5];
        sha1Block(s, parent[0], parent[1], parent[2], parent[3], parent[4], index, 0x8000_0000, 0, 0, 0, 0, 0, 0, 0, 0, 24 * 8);
        return s;
    }

    /**
     * The SHA-1 digest (FIPS 180-1) of a message that fits in one block, given as the 16 big-endian words
     * of that block with the padding already in place; the digest's five words go to {@code out}.
     */
    static void sha1Block(int[] out, int w0, int w1, int w2, int w3, int w4, int w5, int w6, int w7, int w8,
                          int w9, int w10, int w11, int w12, int w13, int w14, int w15) {
        int a = 0x67452301;
        int b = 0xEFCDAB89;
        int c = 0x98BADCFE;
        int d = 0x10325476;
        int e = 0xC3D2E1F0;
        // 80 rounds, unrolled; the roles of a..e rotate by one each round, and w0..w15 hold the
        // message schedule's last 16 words.
        e += Integer.rotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5A827999 + w0; b = Integer.rotateLeft(b, 30);
        d += Integer.rotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5A827999 + w1; a = Integer.rotateLeft(a, 30);
        c += Integer.rotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5A827999 + w2; e = Integer.rotateLeft(e, 30);
        b += Integer.rotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5A827999 + w3; d = Integer.rotateLeft(d, 30);
        a += Integer.rotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5A827999 + w4; c = Integer.rotateLeft(c, 30);
        e += Integer.rotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5A827999 + w5; b = Integer.rotateLeft(b, 30);
        d += Integer.rotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5A827999 + w6; a = Integer.rotateLeft(a, 30);
        c += Integer.rotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5A827999 + w7; e = Integer.rotateLeft(e, 30);
        b += Integer.rotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5A827999 + w8; d = Integer.rotateLeft(d, 30);
        a += Integer.rotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5A827999 + w9; c = Integer.rotateLeft(c, 30);
        e += Integer.rotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5A827999 + w10; b = Integer.rotateLeft(b, 30);
        d += Integer.rotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5A827999 + w11; a = Integer.rotateLeft(a, 30);
        c += Integer.rotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5A827999 + w12; e = Integer.rotateLeft(e, 30);
        b += Integer.rotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5A827999 + w13; d = Integer.rotateLeft(d, 30);
        a += Integer.rotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5A827999 + w14; c = Integer.rotateLeft(c, 30);
        e += Integer.rotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5A827999 + w15; b = Integer.rotateLeft(b, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        d += Integer.rotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5A827999 + w0; a = Integer.rotateLeft(a, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        c += Integer.rotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5A827999 + w1; e = Integer.rotateLeft(e, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        b += Integer.rotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5A827999 + w2; d = Integer.rotateLeft(d, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        a += Integer.rotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5A827999 + w3; c = Integer.rotateLeft(c, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w4; b = Integer.rotateLeft(b, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w5; a = Integer.rotateLeft(a, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w6; e = Integer.rotateLeft(e, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w7; d = Integer.rotateLeft(d, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w8; c = Integer.rotateLeft(c, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w9; b = Integer.rotateLeft(b, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w10; a = Integer.rotateLeft(a, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w11; e = Integer.rotateLeft(e, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w12; d = Integer.rotateLeft(d, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w13; c = Integer.rotateLeft(c, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w14; b = Integer.rotateLeft(b, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w15; a = Integer.rotateLeft(a, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w0; e = Integer.rotateLeft(e, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w1; d = Integer.rotateLeft(d, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w2; c = Integer.rotateLeft(c, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w3; b = Integer.rotateLeft(b, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w4; a = Integer.rotateLeft(a, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w5; e = Integer.rotateLeft(e, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w6; d = Integer.rotateLeft(d, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w7; c = Integer.rotateLeft(c, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (d & (b | c))) + 0x8F1BBCDC + w8; b = Integer.rotateLeft(b, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (c & (a | b))) + 0x8F1BBCDC + w9; a = Integer.rotateLeft(a, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (b & (e | a))) + 0x8F1BBCDC + w10; e = Integer.rotateLeft(e, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (a & (d | e))) + 0x8F1BBCDC + w11; d = Integer.rotateLeft(d, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (e & (c | d))) + 0x8F1BBCDC + w12; c = Integer.rotateLeft(c, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (d & (b | c))) + 0x8F1BBCDC + w13; b = Integer.rotateLeft(b, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (c & (a | b))) + 0x8F1BBCDC + w14; a = Integer.rotateLeft(a, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (b & (e | a))) + 0x8F1BBCDC + w15; e = Integer.rotateLeft(e, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (a & (d | e))) + 0x8F1BBCDC + w0; d = Integer.rotateLeft(d, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (e & (c | d))) + 0x8F1BBCDC + w1; c = Integer.rotateLeft(c, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (d & (b | c))) + 0x8F1BBCDC + w2; b = Integer.rotateLeft(b, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (c & (a | b))) + 0x8F1BBCDC + w3; a = Integer.rotateLeft(a, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (b & (e | a))) + 0x8F1BBCDC + w4; e = Integer.rotateLeft(e, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (a & (d | e))) + 0x8F1BBCDC + w5; d = Integer.rotateLeft(d, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (e & (c | d))) + 0x8F1BBCDC + w6; c = Integer.rotateLeft(c, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (d & (b | c))) + 0x8F1BBCDC + w7; b = Integer.rotateLeft(b, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (c & (a | b))) + 0x8F1BBCDC + w8; a = Integer.rotateLeft(a, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (b & (e | a))) + 0x8F1BBCDC + w9; e = Integer.rotateLeft(e, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (a & (d | e))) + 0x8F1BBCDC + w10; d = Integer.rotateLeft(d, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (e & (c | d))) + 0x8F1BBCDC + w11; c = Integer.rotateLeft(c, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w12; b = Integer.rotateLeft(b, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w13; a = Integer.rotateLeft(a, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w14; e = Integer.rotateLeft(e, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w15; d = Integer.rotateLeft(d, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w0; c = Integer.rotateLeft(c, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w1; b = Integer.rotateLeft(b, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w2; a = Integer.rotateLeft(a, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w3; e = Integer.rotateLeft(e, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w4; d = Integer.rotateLeft(d, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w5; c = Integer.rotateLeft(c, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w6; b = Integer.rotateLeft(b, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w7; a = Integer.rotateLeft(a, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w8; e = Integer.rotateLeft(e, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w9; d = Integer.rotateLeft(d, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w10; c = Integer.rotateLeft(c, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w11; b = Integer.rotateLeft(b, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w12; a = Integer.rotateLeft(a, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w13; e = Integer.rotateLeft(e, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w14; d = Integer.rotateLeft(d, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w15; c = Integer.rotateLeft(c, 30);
        out[0] = 0x67452301 + a;
        out[1] = 0xEFCDAB89 + b;
        out[2] = 0x98BADCFE + c;
        out[3] = 0x10325476 + d;
        out[4] = 0xC3D2E1F0 + e;
    }
}
