package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Chains of activations, each started by the previous handler's call (thread-ring): they finish, every
 * pass arrives once and in order, and a worker's stack stays bounded however long the chain — a detached
 * fork spawned by a running one is drained inside its frame, so an unbounded chain nested one level per
 * hop until the stack overflowed and the ring hung (weft-core bounds it: {@link dev.weft.WeftPool#spawn}). Pools of 1 worker (no thief ever
 * breaks the chain), 2, and 8 (more workers than this machine's cores), the client on a worker of the
 * pool (it parks through {@code Weft.blocking}) or outside it; each run fails after a time limit instead
 * of hanging the build.
 */
class ActivationChainTest {
    static final int NODES = 101;
    static final int PASSES = 300_000;
    /**
     * Frames a worker's stack may hold: weft-core's chain bound (1,024 starts between two inbox takes, see
     * {@link dev.weft.WeftPool#spawn}; three frames a hop) and room for the rest.
     */
    static final int MAX_FRAMES = 3 * 1_024 + 1_000;

    /** A node of the ring; handler-owned. */
    static final class Node {
        final int index;
        final AtomicInteger deepest;
        Separate<Node> next;
        Separate<int[]> holder;
        int received;
        int lastToken = Integer.MAX_VALUE;
        boolean outOfOrder;

        Node(int index, AtomicInteger deepest) {
            this.index = index;
            this.deepest = deepest;
        }

        void pass(int token) {
            received++;
            outOfOrder |= token >= lastToken; // each node sees the token count down
            lastToken = token;
            if ((token & 511) == 0) {
                int depth = StackWalker.getInstance().walk(s -> (int) s.count());
                deepest.accumulateAndGet(depth, Math::max);
            }
            if (token == 0) {
                int me = index;
                holder.call(h -> h[0] = me);
            } else {
                next.call(x -> x.pass(token - 1));
            }
        }
    }

    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Modes m : Modes.values()) {
            for (int workers : new int[] {1, 2, 8}) {
                out.add(Arguments.of(m, workers, true));
                out.add(Arguments.of(m, workers, false));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}, {1} workers, client on a worker: {2}")
    @MethodSource("cases")
    void aLongRingFinishesWithBoundedStacks(Modes m, int workers, boolean clientOnWorker) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(workers, scoop -> {
            AtomicInteger deepest = new AtomicInteger();
            Separate<int[]> holder = scoop.create(new int[] {-1});
            List<Node> nodes = new ArrayList<>();
            List<Separate<Node>> refs = new ArrayList<>();
            for (int i = 0; i < NODES; i++) {
                Node n = new Node(i, deepest);
                nodes.add(n);
                refs.add(scoop.create(n));
            }
            for (int i = 0; i < NODES; i++) {
                nodes.get(i).next = refs.get((i + 1) % NODES);
                nodes.get(i).holder = holder;
            }
            java.util.function.Supplier<Integer> ring = () -> {
                refs.get(0).call(x -> x.pass(PASSES));
                return Scoop.separateGet(holder, h -> h.test(x -> x[0] >= 0), h -> h.queryInt(x -> x[0]));
            };
            int last = clientOnWorker ? scoop.pool().invoke(ring::get) : ring.get();

            assertEquals(PASSES % NODES, last, "the node holding the token when it reached zero");
            int[] expected = new int[NODES];
            for (int hop = 0; hop <= PASSES; hop++) {
                expected[hop % NODES]++;
            }
            int[] received = new int[NODES];
            for (int i = 0; i < NODES; i++) {
                int k = i;
                received[i] = refs.get(i).query(x -> x.outOfOrder ? -1 : x.received);
                assertTrue(received[k] >= 0, "node " + k + " saw the token out of order");
            }
            assertArrayEquals(expected, received, "every pass reached its node exactly once");
            assertTrue(deepest.get() < MAX_FRAMES, "a worker's stack held " + deepest.get()
                    + " frames; nested activations must stay bounded (" + MAX_FRAMES + ")");
        }));
    }
}
