package b2;

import java.util.Arrays;
import java.util.concurrent.RecursiveAction;

/** A merge sort that copies both halves at every level before sorting them in subtasks. */
public class MergeSort extends RecursiveAction {
    private final int[] a;

    public MergeSort(int[] a) {
        this.a = a;
    }

    @Override
    protected void compute() {
        if (a.length <= 16) {
            Arrays.sort(a);
            return;
        }
        int mid = a.length / 2;
        int[] left = Arrays.copyOf(a, mid);   // expect: B2
        int[] right = Arrays.copyOfRange(a, mid, a.length);   // expect: B2
        MergeSort l = new MergeSort(left);
        MergeSort r = new MergeSort(right);
        l.fork();
        r.compute();
        l.join();
        merge(left, right, a);
    }

    static void merge(int[] left, int[] right, int[] out) {
        int i = 0;
        int j = 0;
        int k = 0;
        while (i < left.length && j < right.length) {
            out[k++] = left[i] <= right[j] ? left[i++] : right[j++];
        }
        while (i < left.length) {
            out[k++] = left[i++];
        }
        while (j < right.length) {
            out[k++] = right[j++];
        }
    }
}
