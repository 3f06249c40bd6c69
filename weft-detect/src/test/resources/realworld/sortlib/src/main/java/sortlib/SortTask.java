package sortlib;

import java.util.Arrays;
import java.util.concurrent.RecursiveTask;

/** Merge sort that returns a new sorted array: halves split off and merged by the library's helpers. */
public class SortTask extends RecursiveTask<int[]> {
    private static final long serialVersionUID = 1L;

    private final int[] a;

    public SortTask(int[] a) {
        this.a = a;
    }

    @Override
    protected int[] compute() {
        if (a.length <= 32) {
            int[] sorted = a.clone();
            Arrays.sort(sorted);
            return sorted;
        }
        int[][] halves = ArraysUtil.split(a);   // expect: B2
        SortTask left = new SortTask(halves[0]);
        SortTask right = new SortTask(halves[1]);
        left.fork();
        int[] r = right.compute();
        return ArraysUtil.merge(left.join(), r);   // expect: B3
    }
}
