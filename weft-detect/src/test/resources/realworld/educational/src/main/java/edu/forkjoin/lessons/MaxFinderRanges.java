package edu.forkjoin.lessons;

import java.util.concurrent.RecursiveTask;

/** Lesson 3: the same with index ranges, so no subtask copies anything. */
public class MaxFinderRanges extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;

    private final int[] data;
    private final int start;
    private final int end;

    public MaxFinderRanges(int[] data, int start, int end) {
        this.data = data;
        this.start = start;
        this.end = end;
    }

    @Override
    protected Integer compute() {
        if (end - start < MaxFinder.SEQUENTIAL_THRESHOLD) {
            int max = Integer.MIN_VALUE;
            for (int i = start; i < end; i++) {
                max = Math.max(max, data[i]);
            }
            return max;
        }
        int mid = (start + end) >>> 1;
        MaxFinderRanges left = new MaxFinderRanges(data, start, mid);
        left.fork();
        return Math.max(new MaxFinderRanges(data, mid, end).compute(), left.join());
    }
}
