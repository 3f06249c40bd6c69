package dev.weft.bench.programs;

import dev.weft.bench.WorkloadCheck;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CilkSortTest {
    /** Sizes around the cutoffs, and inputs with many duplicates, sorted runs and reversed runs. */
    static int[][] inputs(int n) {
        SplittableRandom r = new SplittableRandom(n);
        int[] few = r.ints(n, 0, 5).toArray();
        int[] sorted = new int[n];
        int[] reversed = new int[n];
        for (int i = 0; i < n; i++) {
            sorted[i] = i;
            reversed[i] = n - i;
        }
        int[] wide = r.ints(n).toArray();
        return new int[][] {CilkSort.scrambled(n), few, sorted, reversed, wide};
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 19, 20, 21, 100, 2047, 2048, 2049, 8191, 8192, 8195, 50_000, 300_001})
    void allVersionsSortLikeArraysSort(int n) {
        try (ForkJoinPool fjp = new ForkJoinPool(3); WeftPool weft = new WeftPool(3)) {
            for (int[] in : inputs(n)) {
                int[] expected = in.clone();
                Arrays.sort(expected);
                int[] a = in.clone();
                CilkSort.serialSort(a, 0, new int[n], 0, n);
                assertArrayEquals(expected, a, "serial");
                int[] b = in.clone();
                fjp.invoke(new CilkSort.SortTask(b, 0, new int[n], 0, n));
                assertArrayEquals(expected, b, "fjp");
                int[] c = in.clone();
                weft.run(() -> CilkSort.weftSort(c, 0, new int[n], 0, n));
                assertArrayEquals(expected, c, "weft");
            }
        }
    }

    /** Merges where one run lies entirely on one side of the other, so a recursive half is empty. */
    @Test
    void mergeWithDisjointRuns() throws Exception {
        int n = 20_000;
        int[] s = new int[2 * n];
        for (int i = 0; i < n; i++) {
            s[i] = n + i;      // first run: the larger values
            s[n + i] = i;      // second run: the smaller values
        }
        int[] dest = new int[2 * n];
        CilkSort.serialMerge(s, 0, n - 1, n, 2 * n - 1, dest, 0);
        for (int i = 0; i < 2 * n; i++) {
            assertEquals(i, dest[i]);
        }
        int[] dest2 = new int[2 * n];
        try (WeftPool weft = new WeftPool(2)) {
            weft.run(() -> CilkSort.weftMerge(s, 0, n - 1, n, 2 * n - 1, dest2, 0));
        }
        assertArrayEquals(dest, dest2);
    }

    @Test
    void binsplit() throws Exception {
        int[] s = {1, 3, 3, 5, 5, 5, 8};
        for (int lo = 0; lo < s.length; lo++) {
            for (int hi = lo; hi < s.length; hi++) {
                for (int val = 0; val <= 9; val++) {
                    int i = CilkSort.binsplit(val, s, lo, hi);
                    assertTrue(i >= lo - 1 && i <= hi);
                    for (int k = lo; k <= i; k++) {
                        assertTrue(s[k] <= val);
                    }
                    for (int k = i + 1; k <= hi; k++) {
                        assertTrue(s[k] >= val);
                    }
                }
            }
        }
        assertEquals(-1, CilkSort.binsplit(0, s, 0, 6));
        assertEquals(2, CilkSort.binsplit(4, s, 0, 6));
        assertEquals(6, CilkSort.binsplit(9, s, 0, 6));
    }

    @Test
    void scrambledIsAPermutation() throws Exception {
        int[] a = CilkSort.scrambled(100_000);
        Arrays.sort(a);
        for (int i = 0; i < a.length; i++) {
            assertEquals(i, a[i]);
        }
    }

    @Test
    void workloadInEveryVersion() throws Exception {
        WorkloadCheck.runAll(CilkSort.workload(100_000), r -> {
            int[] c = ((int[]) r).clone();
            c[500] = c[501]; // still sorted, but a value is lost
            return c;
        });
        WorkloadCheck.runAll(CilkSort.workload(100_000), r -> {
            int[] c = ((int[]) r).clone();
            int t = c[500];
            c[500] = c[501];
            c[501] = t;
            return c;
        });
    }
}
