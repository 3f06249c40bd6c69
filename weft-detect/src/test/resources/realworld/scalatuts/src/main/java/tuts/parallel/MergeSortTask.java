package tuts.parallel;

import java.util.Arrays;
import scala.concurrent.forkjoin.ForkJoinPool;
import scala.concurrent.forkjoin.RecursiveAction;

/**
 * The Java half of a Scala tutorial: merge sort on the fork/join copy that ships with the Scala library
 * ({@code scala.concurrent.forkjoin}). Each level copies the two halves before sorting them in subtasks.
 */
public class MergeSortTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final long[] a;

    public MergeSortTask(long[] a) {
        this.a = a;
    }

    @Override
    protected void compute() {
        if (a.length <= 32) {
            Arrays.sort(a);
            return;
        }
        long[] left = Arrays.copyOfRange(a, 0, a.length / 2);   // expect: B2
        long[] right = Arrays.copyOfRange(a, a.length / 2, a.length);   // expect: B2
        invokeAll(new MergeSortTask(left), new MergeSortTask(right));
        int i = 0;
        int j = 0;
        for (int k = 0; k < a.length; k++) {
            a[k] = j >= right.length || (i < left.length && left[i] <= right[j]) ? left[i++] : right[j++];
        }
    }

    public static void sort(long[] a) {
        new ForkJoinPool().invoke(new MergeSortTask(a));
    }
}
