package dev.weft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Par#sort}: the same order as {@link Arrays#sort}, stability for objects, on pools of 1 to 16. */
class ParSortTest {
    static final int[] SIZES = {0, 1, 2, 100, ParSort.LEAF - 1, ParSort.LEAF, ParSort.LEAF + 1, 3 * ParSort.LEAF + 7, 200_003};

    @Test
    void primitiveSortsEqualArraysSort() throws Exception {
        Random r = new Random(42);
        for (int workers : new int[] {1, 3, 16}) {
            TestPools.withPool(workers, pool -> {
                for (int n : SIZES) {
                    int bound = r.nextBoolean() ? 50 : Integer.MAX_VALUE; // many duplicates, or few
                    int[] ints = r.ints(n, -bound / 2, bound / 2 + 1).toArray();
                    long[] longs = r.longs(n).map(x -> bound == 50 ? x % 50 : x).toArray();
                    double[] doubles = r.doubles(n).map(x -> x < 0.05 ? Double.NaN : x < 0.1 ? -0.0 : x < 0.15 ? 0.0 : x - 0.5).toArray();
                    int[] wi = ints.clone();
                    long[] wl = longs.clone();
                    double[] wd = doubles.clone();
                    Arrays.sort(wi);
                    Arrays.sort(wl);
                    Arrays.sort(wd);
                    pool.run(() -> {
                        Par.sort(ints);
                        Par.sort(longs);
                        Par.sort(doubles);
                    });
                    assertArrayEquals(wi, ints, "int[" + n + "]");
                    assertArrayEquals(wl, longs, "long[" + n + "]");
                    // -0.0 before 0.0 and NaN last: compare bit patterns.
                    assertArrayEquals(Arrays.stream(wd).mapToLong(Double::doubleToRawLongBits).toArray(),
                            Arrays.stream(doubles).mapToLong(Double::doubleToRawLongBits).toArray(), "double[" + n + "]");
                }
            });
        }
    }

    record Rec(int key, int seq) {
    }

    @Test
    void objectSortIsStable() throws Exception {
        Random r = new Random(7);
        for (int workers : new int[] {1, 4, 16}) {
            TestPools.withPool(workers, pool -> {
                for (int n : SIZES) {
                    Rec[] a = new Rec[n];
                    for (int i = 0; i < n; i++) {
                        a[i] = new Rec(r.nextInt(100), i);
                    }
                    Rec[] want = a.clone();
                    Arrays.sort(want, Comparator.comparingInt(Rec::key)); // stable
                    pool.run(() -> Par.sort(a, Comparator.comparingInt(Rec::key)));
                    assertArrayEquals(want, a, "Rec[" + n + "]");
                }
            });
        }
        String[] s = {"b", "a", "c", "a"};
        Par.sort(s); // from outside any pool: the common pool
        assertEquals(Arrays.asList("a", "a", "b", "c"), Arrays.asList(s));
    }
}
