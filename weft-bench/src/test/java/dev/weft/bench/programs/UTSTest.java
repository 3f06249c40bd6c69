package dev.weft.bench.programs;

import dev.weft.bench.WorkloadCheck;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.WeftPool;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class UTSTest {
    static int[] words(byte[] digest) {
        ByteBuffer b = ByteBuffer.wrap(digest); // big-endian
        int[] w = new int[5];
        for (int i = 0; i < 5; i++) {
            w[i] = b.getInt();
        }
        return w;
    }

    @Test
    void childStateIsSha1OfParentAndIndex() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        SplittableRandom r = new SplittableRandom(1);
        for (int k = 0; k < 10_000; k++) {
            int[] parent = r.ints(5).toArray();
            int index = k < 200 ? k : r.nextInt();
            ByteBuffer msg = ByteBuffer.allocate(24);
            for (int w : parent) {
                msg.putInt(w);
            }
            msg.putInt(index);
            assertArrayEquals(words(md.digest(msg.array())), UTS.childState(parent, index));
        }
    }

    @Test
    void rootStateIsSha1OfSeed() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        for (int seed : new int[] {0, 1, 19, 502, -1, Integer.MAX_VALUE}) {
            byte[] msg = ByteBuffer.allocate(20).putInt(16, seed).array();
            assertArrayEquals(words(md.digest(msg)), UTS.rootState(seed));
        }
    }

    /** Nodes, leaves and maximum depth, serially: the reference statistics of a UTS run. */
    static long[] stats(int[] s, int depth, UTS.Shape shape) {
        int n = shape.numChildren(s, depth);
        long[] st = {1, n == 0 ? 1 : 0, depth};
        for (int i = 0; i < n; i++) {
            long[] c = stats(UTS.childState(s, i), depth + 1, shape);
            st[0] += c[0];
            st[1] += c[1];
            st[2] = Math.max(st[2], c[2]);
        }
        return st;
    }

    /** T2's published statistics (UTS sample workloads): size, leaves and depth. */
    @Test
    void t2MatchesPublishedStatistics() throws Exception {
        UTS.Tree t = UTS.T2;
        long[] st = stats(UTS.rootState(t.rootSeed()), 0, new UTS.Shape(t.logOneMinusP()));
        assertEquals(4_117_769, st[0]);
        assertEquals(2_342_762, st[1]);
        assertEquals(81, st[2]);
        assertEquals(t.nodes(), st[0]);
        assertEquals(t.leaves(), st[1]);
    }

    @Test
    void parallelVersionsCountTheQuickTree() throws Exception {
        UTS.Tree t = UTS.QUICK;
        UTS.Shape shape = new UTS.Shape(t.logOneMinusP());
        int[] root = UTS.rootState(t.rootSeed());
        long[] st = stats(root, 0, shape);
        long expected = UTS.serial(root, 0, shape);
        assertEquals(st[0], UTS.nodes(expected));
        assertEquals(st[1], UTS.leaves(expected));
        assertEquals(t.nodes(), st[0]);
        assertEquals(t.leaves(), st[1]);
        try (ForkJoinPool fjp = new ForkJoinPool(3); WeftPool weft = new WeftPool(3)) {
            assertEquals(expected, fjp.invoke(new UTS.NodeTask(root, 0, shape)));
            assertEquals(expected, weft.invoke(() -> UTS.weft(root, 0, shape)));
        }
    }

    /** T2's parameters with root seed 91: a tree of 17,981 nodes and 10,185 leaves (our serial count). */
    static final UTS.Tree TINY = new UTS.Tree("T2-seed91", 6, 16, 91, 17_981, 10_185);

    @Test
    void workloadInEveryVersion() throws Exception {
        WorkloadCheck.runAll(UTS.workload(TINY), r -> (Long) r + UTS.NODE);
    }
}
