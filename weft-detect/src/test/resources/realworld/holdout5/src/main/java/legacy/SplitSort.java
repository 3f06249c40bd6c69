package legacy;

import scala.concurrent.forkjoin.RecursiveAction;

/** A merge sort from a Scala-era code base: each half copied into its own array, merged back in place. */
public class SplitSort extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final int[] data;

    public SplitSort(int[] data) {
        this.data = data;
    }

    @Override
    protected void compute() {
        int n = data.length;
        if (n <= 32) {
            java.util.Arrays.sort(data);
            return;
        }
        int mid = n / 2;
        int[] left = new int[mid];
        int[] right = new int[n - mid];
        System.arraycopy(data, 0, left, 0, mid);   // expect: B2
        System.arraycopy(data, mid, right, 0, n - mid);   // expect: B2
        invokeAll(new SplitSort(left), new SplitSort(right));
        int i = 0;
        int j = 0;
        for (int k = 0; k < n; k++) {
            data[k] = j >= right.length || (i < left.length && left[i] <= right[j]) ? left[i++] : right[j++];
        }
    }
}
