package dev.weft.cluster;

import dev.weft.WeftPool;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The test tree with a little work per node, so that a run lasts long enough to kill or add a member in
 * the middle of it, and a record of which member (by pool, all in this JVM) processed nodes.
 */
final class SlowTree {
    private SlowTree() {
    }

    /** Nodes processed per member pool in this JVM. */
    static final Map<WeftPool, LongAdder> PROCESSED = new ConcurrentHashMap<>();

    /** Time each node takes, busy (a static: every member of this JVM sees the same). */
    static volatile long nodeNanos = 25_000;

    static long processedBy(WeftCluster member) {
        LongAdder a = PROCESSED.get(member.pool());
        return a == null ? 0 : a.sum();
    }

    static final class Queue extends TreeWrapper {
        @Override
        public boolean process(int n) {
            int k = Math.min(n, 8);
            long until = System.nanoTime() + k * nodeNanos;
            while (System.nanoTime() - until < 0) {
                Thread.onSpinWait();
            }
            WeftPool p = WeftPool.current();
            if (p != null) {
                PROCESSED.computeIfAbsent(p, x -> new LongAdder()).add(k);
            }
            return step(k);
        }
    }
}
