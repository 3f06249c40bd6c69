package dev.weft.bench.cluster;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import dev.weft.bench.programs.UTS;
import dev.weft.cluster.Reduction;
import dev.weft.cluster.RunReport;
import dev.weft.cluster.WeftCluster;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Unbalanced Tree Search on a cluster: UTS' geometric tree with the fixed shape (T1: 4 children expected
 * per node down to depth 10, root seed 19, 4,130,071 nodes in the UTS sample workloads; full size: the
 * same to depth 12), SHA-1 node states as in the fork/join suite's UTS. The static split expands the tree
 * breadth first until there are enough subtrees for the jobs, then deals them round-robin.
 */
public final class ClusterUts extends ClusterProgram {
    /** T1 from the UTS sample workloads: nodes and leaves as published. */
    static final long T1_NODES = 4_130_071;

    @Override
    public String name() {
        return "uts";
    }

    @Override
    public String description() {
        return "Unbalanced Tree Search, geometric fixed shape (T1: b=4, d=10; full d=12), SHA-1 node states";
    }

    @Override
    public Workload create(boolean quick) {
        return workload(quick ? 10 : 12);
    }

    /** T1's tree to {@code depth} (T1 itself: 10). */
    static ClusterWorkload workload(int depth) {
        UTS.Shape shape = UTS.Shape.fixed(4, depth);
        int seed = 19;
        int[] root = UTS.rootState(seed);
        return new ClusterWorkload() {
            @Override
            public String label() {
                return "uts(T1" + (depth == 10 ? "" : ", depth " + depth) + ")";
            }

            @Override
            String show(Object result) {
                long r = (Long) result;
                return UTS.nodes(r) + " nodes, " + UTS.leaves(r) + " leaves";
            }

            @Override
            Object serial() {
                return UTS.serial(root, 0, shape);
            }

            @Override
            Object weft() {
                return UTS.weft(root, 0, shape);
            }

            @Override
            RunReport<?> cluster(WeftCluster home) {
                return home.runReported(UtsQueue.root(shape, seed), UtsQueue::new, Reduction.sumLong());
            }

            @Override
            List<Callable<Serializable>> jobs(int jobs) {
                // Breadth first until the frontier has a subtree for every job (leaves counted on the way).
                ArrayDeque<int[]> states = new ArrayDeque<>();
                ArrayDeque<Integer> depths = new ArrayDeque<>();
                states.add(root);
                depths.add(0);
                long counted = 0;
                while (!states.isEmpty() && states.size() < jobs) {
                    int[] s = states.poll();
                    int d = depths.poll();
                    int c = shape.numChildren(s, d);
                    counted += c == 0 ? UTS.LEAF : UTS.NODE;
                    for (int i = 0; i < c; i++) {
                        states.add(UTS.childState(s, i));
                        depths.add(d + 1);
                    }
                }
                List<List<int[]>> parts = new ArrayList<>();
                List<List<Integer>> partDepths = new ArrayList<>();
                for (int j = 0; j < jobs; j++) {
                    parts.add(new ArrayList<>());
                    partDepths.add(new ArrayList<>());
                }
                int j = 0;
                while (!states.isEmpty()) {
                    parts.get(j % jobs).add(states.poll());
                    partDepths.get(j++ % jobs).add(depths.poll());
                }
                List<Callable<Serializable>> out = new ArrayList<>();
                long head = counted;
                for (int k = 0; k < jobs; k++) {
                    out.add(new Subtrees(shape, parts.get(k).toArray(new int[0][]),
                            partDepths.get(k).stream().mapToInt(Integer::intValue).toArray(), k == 0 ? head : 0));
                }
                return out;
            }

            @Override
            Object combine(List<Serializable> results) {
                return sumOfLongs(results);
            }

            @Override
            public void check(Object result, Object serialResult) {
                Checks.equal(serialResult, result);
                if (depth == 10) {
                    Checks.equal(T1_NODES, UTS.nodes((Long) result));
                }
            }
        };
    }

    /** A static-split job: counts the subtrees of its nodes serially. */
    record Subtrees(UTS.Shape shape, int[][] states, int[] depths, long plus) implements Callable<Serializable>, Serializable {
        @Override
        public Serializable call() {
            long sum = plus;
            for (int i = 0; i < states.length; i++) {
                sum += UTS.serial(states[i], depths[i], shape);
            }
            return sum;
        }
    }
}
