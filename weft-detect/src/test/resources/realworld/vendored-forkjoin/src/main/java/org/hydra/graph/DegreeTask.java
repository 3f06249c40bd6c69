package org.hydra.graph;

import java.util.Arrays;
import org.hydra.util.concurrent.forkjoin.RecursiveTask;

/** The largest vertex degree of a graph, on the project's vendored fork/join copy. */
public class DegreeTask extends RecursiveTask<Integer> {
    private final int[][] adjacency;

    public DegreeTask(int[][] adjacency) {
        this.adjacency = adjacency;
    }

    @Override
    protected Integer compute() {
        if (adjacency.length <= 128) {
            int max = 0;
            for (int[] edges : adjacency) {
                max = Math.max(max, edges.length);
            }
            return max;
        }
        int mid = adjacency.length / 2;
        DegreeTask left = new DegreeTask(Arrays.copyOfRange(adjacency, 0, mid));   // expect: B2
        DegreeTask right = new DegreeTask(Arrays.copyOfRange(adjacency, mid, adjacency.length));   // expect: B2
        invokeAll(left, right);
        return Math.max(left.join(), right.join());
    }
}
