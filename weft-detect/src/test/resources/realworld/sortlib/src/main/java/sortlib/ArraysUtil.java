package sortlib;

import java.util.Arrays;

/** Array helpers of the sorting library. */
final class ArraysUtil {
    private ArraysUtil() {
    }

    /** The two halves of an array, as two new arrays. */
    static int[][] split(int[] a) {
        int mid = a.length / 2;
        return new int[][] {Arrays.copyOfRange(a, 0, mid), Arrays.copyOfRange(a, mid, a.length)};
    }

    /** The merge of two sorted arrays, as a new array. */
    static int[] merge(int[] x, int[] y) {
        int[] out = new int[x.length + y.length];   // expect: B3
        int i = 0;
        int j = 0;
        int k = 0;
        while (i < x.length && j < y.length) {
            out[k++] = x[i] <= y[j] ? x[i++] : y[j++];
        }
        while (i < x.length) {
            out[k++] = x[i++];
        }
        while (j < y.length) {
            out[k++] = y[j++];
        }
        return out;
    }
}
