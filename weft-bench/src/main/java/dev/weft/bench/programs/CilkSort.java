package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Cilk-5's {@code cilksort.cilk}: merge sort that sorts the four quarters of the array in parallel,
 * merges them pairwise into a temporary array in parallel, then merges the two halves back. Merging is
 * itself parallel ({@code cilkmerge}): the middle element of the larger run is located in the smaller
 * run by binary search, and the two sides are merged in parallel. Below {@link #QUICKSIZE} elements the
 * sort is a sequential quicksort (median-of-3 pivot, insertion sort below {@link #INSERTIONSIZE}), and
 * below {@link #MERGESIZE} the merge is sequential, all as in Cilk.
 *
 * <p>Versions: the serial elision calls where Cilk spawns. ForkJoinPool: {@code invokeAll} of the four
 * quarter sorts, then of the two merges, and of the two halves of each merge. Weft: the four quarter
 * sorts in a {@code Weft.finish} with three {@code Weft.async}s (Cilk's spawn, spawn, spawn, call,
 * sync), the two-way spawns with {@code Weft.join(Runnable, Runnable)}.
 *
 * <p>The input is a permutation of 0..n-1, shuffled with Cilk's linear congruential generator. Full size
 * 10M ints (the thesis), quick 1M.
 */
public final class CilkSort implements Program {
    static final int QUICKSIZE = 2048;
    static final int MERGESIZE = 2048;
    static final int INSERTIONSIZE = 20;

    @Override
    public String name() {
        return "cilksort";
    }

    @Override
    public String description() {
        return "Cilk-5 cilksort: 4-way parallel merge sort with parallel merge, cutoffs 2048";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        return workload(quick ? 1_000_000 : 10_000_000);
    }

    /** Sorting a shuffled permutation of 0..n-1. */
    static ForkJoinWorkload workload(int n) {
        int[] input = scrambled(n);
        long inputHash = multisetHash(input);
        return new ForkJoinWorkload() {
            final int[] tmp = new int[n];
            int[] a;

            @Override
            public String label() {
                return "cilksort(" + Checks.count(n) + ")";
            }

            @Override
            public void reset() {
                a = input.clone(); // fresh, so that earlier results stay intact
            }

            @Override
            public Object serial() {
                CilkSort.serialSort(a, 0, tmp, 0, n);
                return a;
            }

            @Override
            public Object forkJoin(ForkJoinPool pool) {
                pool.invoke(new SortTask(a, 0, tmp, 0, n));
                return a;
            }

            @Override
            public Object weft(WeftPool pool) {
                int[] x = a;
                pool.run(() -> CilkSort.weftSort(x, 0, tmp, 0, n));
                return x;
            }

            @Override
            public void check(Object result, Object serialResult) {
                int[] r = (int[]) result;
                Checks.that(Arrays.equals((int[]) serialResult, r), "result differs from the serial sort");
                checkSorted(r);
                Checks.equal(inputHash, multisetHash(r));
            }
        };
    }

    /** 0..n-1 scrambled as in Cilk's {@code scramble_array}: swap a[i] with a[rand % n]. */
    static int[] scrambled(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        long seed = 1;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245L + 12345L;
            int j = (int) Long.remainderUnsigned(seed, n);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    static void checkSorted(int[] a) {
        for (int i = 1; i < a.length; i++) {
            if (a[i - 1] > a[i]) {
                throw new AssertionError("not sorted at " + i + ": " + a[i - 1] + " > " + a[i]);
            }
        }
    }

    /** A hash of the multiset of values, independent of their order: the sum of a strong mix of each value. */
    static long multisetHash(int[] a) {
        long h = a.length;
        for (int v : a) {
            long z = v * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 32)) * 0xD6E8FEB86659FD93L;
            h += z ^ (z >>> 29);
        }
        return h;
    }

    // ---------------------------------------------------------------------------------------------
    // Sequential pieces (Cilk's seqquick, seqmerge, binsplit), on index ranges with inclusive ends

    static int med3(int a, int b, int c) {
        if (a < b) {
            if (b < c) {
                return b;
            }
            return a < c ? c : a;
        }
        if (b > c) {
            return b;
        }
        return a > c ? c : a;
    }

    /** Partitions a[low..high] around a median-of-3 pivot; returns the last index of the left part. */
    static int seqpart(int[] a, int low, int high) {
        int pivot = med3(a[low], a[high], a[low + (high - low) / 2]);
        int lo = low;
        int hi = high;
        for (;;) {
            int h;
            while ((h = a[hi]) > pivot) {
                hi--;
            }
            int l;
            while ((l = a[lo]) < pivot) {
                lo++;
            }
            if (lo >= hi) {
                break;
            }
            a[hi--] = l;
            a[lo++] = h;
        }
        return hi < high ? hi : hi - 1;
    }

    static void insertionSort(int[] a, int low, int high) {
        for (int q = low + 1; q <= high; q++) {
            int v = a[q];
            int p = q - 1;
            while (p >= low && a[p] > v) {
                a[p + 1] = a[p];
                p--;
            }
            a[p + 1] = v;
        }
    }

    /** Cilk's tail-recursive quicksort of a[low..high]. */
    static void seqquick(int[] a, int low, int high) {
        while (high - low >= INSERTIONSIZE) {
            int p = seqpart(a, low, high);
            seqquick(a, low, p);
            low = p + 1;
        }
        insertionSort(a, low, high);
    }

    /** Merges s[low1..high1] and s[low2..high2] into dest[d..]. */
    static void seqmerge(int[] s, int low1, int high1, int low2, int high2, int[] dest, int d) {
        if (low1 < high1 && low2 < high2) {
            int a1 = s[low1];
            int a2 = s[low2];
            for (;;) {
                if (a1 < a2) {
                    dest[d++] = a1;
                    a1 = s[++low1];
                    if (low1 >= high1) {
                        break;
                    }
                } else {
                    dest[d++] = a2;
                    a2 = s[++low2];
                    if (low2 >= high2) {
                        break;
                    }
                }
            }
        }
        if (low1 <= high1 && low2 <= high2) {
            int a1 = s[low1];
            int a2 = s[low2];
            for (;;) {
                if (a1 < a2) {
                    dest[d++] = a1;
                    if (++low1 > high1) {
                        break;
                    }
                    a1 = s[low1];
                } else {
                    dest[d++] = a2;
                    if (++low2 > high2) {
                        break;
                    }
                    a2 = s[low2];
                }
            }
        }
        if (low1 > high1) {
            System.arraycopy(s, low2, dest, d, high2 - low2 + 1);
        } else {
            System.arraycopy(s, low1, dest, d, high1 - low1 + 1);
        }
    }

    /**
     * Cilk's binsplit on the sorted s[low..high]: an index i in [low-1, high] with s[low..i] <= val and
     * s[i+1..high] >= val (low-1 if val is less than all elements).
     */
    static int binsplit(int val, int[] s, int low, int high) {
        while (low != high) {
            int mid = low + ((high - low + 1) >> 1);
            if (val <= s[mid]) {
                high = mid - 1;
            } else {
                low = mid;
            }
        }
        return s[low] > val ? low - 1 : low;
    }

    // A merge takes two runs of the same array, s[low1..high1] and s[low2..high2], to dest[d..]. As in
    // Cilk it makes the first run the larger, then merges sequentially if the second is empty or short.
    // (Cilk's code copies high1 - low1 elements when the second run is empty, one short; that needs a
    // run of >= MERGESIZE elements to fall entirely on one side of a median, which shuffled input does
    // not produce. Here the whole run is copied.)

    // ---------------------------------------------------------------------------------------------
    // Serial elision

    static void serialSort(int[] a, int low, int[] tmp, int tlow, int size) {
        if (size < QUICKSIZE) {
            seqquick(a, low, low + size - 1);
            return;
        }
        int q = size / 4;
        serialSort(a, low, tmp, tlow, q);
        serialSort(a, low + q, tmp, tlow + q, q);
        serialSort(a, low + 2 * q, tmp, tlow + 2 * q, q);
        serialSort(a, low + 3 * q, tmp, tlow + 3 * q, size - 3 * q);
        serialMerge(a, low, low + q - 1, low + q, low + 2 * q - 1, tmp, tlow);
        serialMerge(a, low + 2 * q, low + 3 * q - 1, low + 3 * q, low + size - 1, tmp, tlow + 2 * q);
        serialMerge(tmp, tlow, tlow + 2 * q - 1, tlow + 2 * q, tlow + size - 1, a, low);
    }

    static void serialMerge(int[] s, int low1, int high1, int low2, int high2, int[] dest, int d) {
        if (high2 - low2 > high1 - low1) {
            serialMerge(s, low2, high2, low1, high1, dest, d);
            return;
        }
        if (high2 < low2) {
            System.arraycopy(s, low1, dest, d, high1 - low1 + 1);
            return;
        }
        if (high2 - low2 < MERGESIZE) {
            seqmerge(s, low1, high1, low2, high2, dest, d);
            return;
        }
        int split1 = (high1 - low1 + 1) / 2 + low1;
        int split2 = binsplit(s[split1], s, low2, high2);
        int lowsize = split1 - low1 + split2 - low2;
        dest[d + lowsize + 1] = s[split1];
        serialMerge(s, low1, split1 - 1, low2, split2, dest, d);
        serialMerge(s, split1 + 1, high1, split2 + 1, high2, dest, d + lowsize + 2);
    }

    // ---------------------------------------------------------------------------------------------
    // Weft: spawn/sync as finish/async, two-way spawns as Weft.join

    static void weftSort(int[] a, int low, int[] tmp, int tlow, int size) {
        if (size < QUICKSIZE) {
            seqquick(a, low, low + size - 1);
            return;
        }
        int q = size / 4;
        Weft.finish(() -> {
            Weft.async(() -> weftSort(a, low, tmp, tlow, q));
            Weft.async(() -> weftSort(a, low + q, tmp, tlow + q, q));
            Weft.async(() -> weftSort(a, low + 2 * q, tmp, tlow + 2 * q, q));
            weftSort(a, low + 3 * q, tmp, tlow + 3 * q, size - 3 * q);
        });
        Weft.join(() -> weftMerge(a, low, low + q - 1, low + q, low + 2 * q - 1, tmp, tlow),
                () -> weftMerge(a, low + 2 * q, low + 3 * q - 1, low + 3 * q, low + size - 1, tmp, tlow + 2 * q));
        weftMerge(tmp, tlow, tlow + 2 * q - 1, tlow + 2 * q, tlow + size - 1, a, low);
    }

    static void weftMerge(int[] s, int low1, int high1, int low2, int high2, int[] dest, int d) {
        if (high2 - low2 > high1 - low1) {
            weftMerge(s, low2, high2, low1, high1, dest, d);
            return;
        }
        if (high2 < low2) {
            System.arraycopy(s, low1, dest, d, high1 - low1 + 1);
            return;
        }
        if (high2 - low2 < MERGESIZE) {
            seqmerge(s, low1, high1, low2, high2, dest, d);
            return;
        }
        int split1 = (high1 - low1 + 1) / 2 + low1;
        int split2 = binsplit(s[split1], s, low2, high2);
        int lowsize = split1 - low1 + split2 - low2;
        dest[d + lowsize + 1] = s[split1];
        Weft.join(() -> weftMerge(s, low1, split1 - 1, low2, split2, dest, d),
                () -> weftMerge(s, split1 + 1, high1, split2 + 1, high2, dest, d + lowsize + 2));
    }

    // ---------------------------------------------------------------------------------------------
    // ForkJoinPool

    static final class SortTask extends RecursiveAction {
        private final int[] a;
        private final int low;
        private final int[] tmp;
        private final int tlow;
        private final int size;

        SortTask(int[] a, int low, int[] tmp, int tlow, int size) {
            this.a = a;
            this.low = low;
            this.tmp = tmp;
            this.tlow = tlow;
            this.size = size;
        }

        @Override
        protected void compute() {
            if (size < QUICKSIZE) {
                seqquick(a, low, low + size - 1);
                return;
            }
            int q = size / 4;
            invokeAll(new SortTask(a, low, tmp, tlow, q),
                    new SortTask(a, low + q, tmp, tlow + q, q),
                    new SortTask(a, low + 2 * q, tmp, tlow + 2 * q, q),
                    new SortTask(a, low + 3 * q, tmp, tlow + 3 * q, size - 3 * q));
            invokeAll(new MergeTask(a, low, low + q - 1, low + q, low + 2 * q - 1, tmp, tlow),
                    new MergeTask(a, low + 2 * q, low + 3 * q - 1, low + 3 * q, low + size - 1, tmp, tlow + 2 * q));
            new MergeTask(tmp, tlow, tlow + 2 * q - 1, tlow + 2 * q, tlow + size - 1, a, low).compute();
        }
    }

    static final class MergeTask extends RecursiveAction {
        private final int[] s;
        private final int low1;
        private final int high1;
        private final int low2;
        private final int high2;
        private final int[] dest;
        private final int d;

        MergeTask(int[] s, int low1, int high1, int low2, int high2, int[] dest, int d) {
            // The first run is the larger one.
            boolean swap = high2 - low2 > high1 - low1;
            this.s = s;
            this.low1 = swap ? low2 : low1;
            this.high1 = swap ? high2 : high1;
            this.low2 = swap ? low1 : low2;
            this.high2 = swap ? high1 : high2;
            this.dest = dest;
            this.d = d;
        }

        @Override
        protected void compute() {
            if (high2 < low2) {
                System.arraycopy(s, low1, dest, d, high1 - low1 + 1);
                return;
            }
            if (high2 - low2 < MERGESIZE) {
                seqmerge(s, low1, high1, low2, high2, dest, d);
                return;
            }
            int split1 = (high1 - low1 + 1) / 2 + low1;
            int split2 = binsplit(s[split1], s, low2, high2);
            int lowsize = split1 - low1 + split2 - low2;
            dest[d + lowsize + 1] = s[split1];
            invokeAll(new MergeTask(s, low1, split1 - 1, low2, split2, dest, d),
                    new MergeTask(s, split1 + 1, high1, split2 + 1, high2, dest, d + lowsize + 2));
        }
    }
}
