package dev.weft;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Parallel merge sort of arrays ({@code Arrays.parallelSort}'s job): both halves are sorted with a
 * {@link Weft#join}, and the two runs are merged by a parallel merge that splits the longer run at
 * its middle and the other at the pivot's place. The sort's leaves, sorted by {@link Arrays#sort},
 * are a quarter of a worker's share ({@link #leafFor}): unlike a fork, a level of the recursion is not
 * free when nobody steals, since it adds a merge pass over the whole array.
 * Object sorts are stable (leaves by TimSort, merges taking the left run first on ties).
 */
final class ParSort {
    private ParSort() {
    }

    /** Merges at most this long, and arrays at most this long, are done serially. */
    static final int LEAF = 1 << 13;

    /**
     * The longest range a sort leaf sorts serially, for {@code n} elements on the calling worker's pool:
     * about a quarter of an equal share per worker ({@code Arrays.parallelSort}'s granularity), at least
     * {@link #LEAF}; on one worker, the whole array. Each halving above the leaves costs one more merge
     * pass over the whole array whether or not anybody stole: with leaves of 8,192 a 10^7 sort made 11
     * such passes and ran 2-3 times slower than the serial sort on one worker; a quarter share makes
     * about log2(4 × workers), enough halves for the workers to balance a sort that they share.
     */
    static int leafFor(int n) {
        int p = Worker.current().pool.parallelism();
        return p <= 1 ? n : (int) Math.max(LEAF, (n + 4L * p - 1) / (4L * p));
    }

    /** Runs {@code body} on the calling worker, or in the common pool from any other thread. */
    private static void inPool(Runnable body) {
        if (Worker.current() != null) {
            body.run();
        } else {
            WeftPool.common().run(body);
        }
    }

    static void sort(int[] a) {
        int n = a.length;
        if (n <= LEAF) {
            Arrays.sort(a);
            return;
        }
        inPool(() -> {
            int leaf = leafFor(n);
            if (n <= leaf) {
                Arrays.sort(a);
            } else {
                sortInts(a, new int[n], 0, n, false, leaf);
            }
        });
    }

    /** Sorts {@code a[lo, hi)}; the result ends in {@code w} if {@code toW}, else in {@code a}. */
    private static void sortInts(int[] a, int[] w, int lo, int hi, boolean toW, int leaf) {
        int n = hi - lo;
        if (n <= leaf) {
            Arrays.sort(a, lo, hi);
            if (toW) {
                System.arraycopy(a, lo, w, lo, n);
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        Weft.join(() -> sortInts(a, w, mid, hi, !toW, leaf), () -> sortInts(a, w, lo, mid, !toW, leaf));
        int[] src = toW ? a : w;
        mergeInts(src, lo, mid, mid, hi, toW ? w : a, lo);
    }

    /** Merges runs {@code s[l1, h1)} and {@code s[l2, h2)} into {@code d} from {@code at}; stable. */
    private static void mergeInts(int[] s, int l1, int h1, int l2, int h2, int[] d, int at) {
        int n1 = h1 - l1;
        int n2 = h2 - l2;
        if (n1 + n2 <= LEAF) {
            int i = l1;
            int j = l2;
            int k = at;
            while (i < h1 && j < h2) {
                d[k++] = s[i] <= s[j] ? s[i++] : s[j++];
            }
            System.arraycopy(s, i, d, k, h1 - i);
            System.arraycopy(s, j, d, k + (h1 - i), h2 - j);
            return;
        }
        // Split the longer run at its middle and the other at the pivot's place: elements of the
        // first run that equal the pivot stay before those of the second (stability).
        int m1;
        int m2;
        if (n1 >= n2) {
            m1 = (l1 + h1) >>> 1;
            int p = s[m1];
            int lo = l2;
            int hi = h2;
            while (lo < hi) { // first in run 2 not less than p
                int m = (lo + hi) >>> 1;
                if (s[m] < p) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            m2 = lo;
        } else {
            m2 = (l2 + h2) >>> 1;
            int p = s[m2];
            int lo = l1;
            int hi = h1;
            while (lo < hi) { // first in run 1 greater than p
                int m = (lo + hi) >>> 1;
                if (s[m] <= p) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            m1 = lo;
        }
        int at2 = at + (m1 - l1) + (m2 - l2);
        int fm1 = m1;
        int fm2 = m2;
        Weft.join(() -> mergeInts(s, fm1, h1, fm2, h2, d, at2), () -> mergeInts(s, l1, fm1, l2, fm2, d, at));
    }

    static void sort(long[] a) {
        int n = a.length;
        if (n <= LEAF) {
            Arrays.sort(a);
            return;
        }
        inPool(() -> {
            int leaf = leafFor(n);
            if (n <= leaf) {
                Arrays.sort(a);
            } else {
                sortLongs(a, new long[n], 0, n, false, leaf);
            }
        });
    }

    /** Sorts {@code a[lo, hi)}; the result ends in {@code w} if {@code toW}, else in {@code a}. */
    private static void sortLongs(long[] a, long[] w, int lo, int hi, boolean toW, int leaf) {
        int n = hi - lo;
        if (n <= leaf) {
            Arrays.sort(a, lo, hi);
            if (toW) {
                System.arraycopy(a, lo, w, lo, n);
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        Weft.join(() -> sortLongs(a, w, mid, hi, !toW, leaf), () -> sortLongs(a, w, lo, mid, !toW, leaf));
        long[] src = toW ? a : w;
        mergeLongs(src, lo, mid, mid, hi, toW ? w : a, lo);
    }

    /** Merges runs {@code s[l1, h1)} and {@code s[l2, h2)} into {@code d} from {@code at}; stable. */
    private static void mergeLongs(long[] s, int l1, int h1, int l2, int h2, long[] d, int at) {
        int n1 = h1 - l1;
        int n2 = h2 - l2;
        if (n1 + n2 <= LEAF) {
            int i = l1;
            int j = l2;
            int k = at;
            while (i < h1 && j < h2) {
                d[k++] = s[i] <= s[j] ? s[i++] : s[j++];
            }
            System.arraycopy(s, i, d, k, h1 - i);
            System.arraycopy(s, j, d, k + (h1 - i), h2 - j);
            return;
        }
        // Split the longer run at its middle and the other at the pivot's place: elements of the
        // first run that equal the pivot stay before those of the second (stability).
        int m1;
        int m2;
        if (n1 >= n2) {
            m1 = (l1 + h1) >>> 1;
            long p = s[m1];
            int lo = l2;
            int hi = h2;
            while (lo < hi) { // first in run 2 not less than p
                int m = (lo + hi) >>> 1;
                if (s[m] < p) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            m2 = lo;
        } else {
            m2 = (l2 + h2) >>> 1;
            long p = s[m2];
            int lo = l1;
            int hi = h1;
            while (lo < hi) { // first in run 1 greater than p
                int m = (lo + hi) >>> 1;
                if (s[m] <= p) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            m1 = lo;
        }
        int at2 = at + (m1 - l1) + (m2 - l2);
        int fm1 = m1;
        int fm2 = m2;
        Weft.join(() -> mergeLongs(s, fm1, h1, fm2, h2, d, at2), () -> mergeLongs(s, l1, fm1, l2, fm2, d, at));
    }

    static void sort(double[] a) {
        int n = a.length;
        if (n <= LEAF) {
            Arrays.sort(a);
            return;
        }
        inPool(() -> {
            int leaf = leafFor(n);
            if (n <= leaf) {
                Arrays.sort(a);
            } else {
                sortDoubles(a, new double[n], 0, n, false, leaf);
            }
        });
    }

    /** Sorts {@code a[lo, hi)}; the result ends in {@code w} if {@code toW}, else in {@code a}. */
    private static void sortDoubles(double[] a, double[] w, int lo, int hi, boolean toW, int leaf) {
        int n = hi - lo;
        if (n <= leaf) {
            Arrays.sort(a, lo, hi);
            if (toW) {
                System.arraycopy(a, lo, w, lo, n);
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        Weft.join(() -> sortDoubles(a, w, mid, hi, !toW, leaf), () -> sortDoubles(a, w, lo, mid, !toW, leaf));
        double[] src = toW ? a : w;
        mergeDoubles(src, lo, mid, mid, hi, toW ? w : a, lo);
    }

    /** Merges runs {@code s[l1, h1)} and {@code s[l2, h2)} into {@code d} from {@code at}; stable. */
    private static void mergeDoubles(double[] s, int l1, int h1, int l2, int h2, double[] d, int at) {
        int n1 = h1 - l1;
        int n2 = h2 - l2;
        if (n1 + n2 <= LEAF) {
            int i = l1;
            int j = l2;
            int k = at;
            while (i < h1 && j < h2) {
                d[k++] = Double.compare(s[i], s[j]) <= 0 ? s[i++] : s[j++];
            }
            System.arraycopy(s, i, d, k, h1 - i);
            System.arraycopy(s, j, d, k + (h1 - i), h2 - j);
            return;
        }
        // Split the longer run at its middle and the other at the pivot's place: elements of the
        // first run that equal the pivot stay before those of the second (stability).
        int m1;
        int m2;
        if (n1 >= n2) {
            m1 = (l1 + h1) >>> 1;
            double p = s[m1];
            int lo = l2;
            int hi = h2;
            while (lo < hi) { // first in run 2 not less than p
                int m = (lo + hi) >>> 1;
                if (Double.compare(s[m], p) < 0) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            m2 = lo;
        } else {
            m2 = (l2 + h2) >>> 1;
            double p = s[m2];
            int lo = l1;
            int hi = h1;
            while (lo < hi) { // first in run 1 greater than p
                int m = (lo + hi) >>> 1;
                if (Double.compare(s[m], p) <= 0) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            m1 = lo;
        }
        int at2 = at + (m1 - l1) + (m2 - l2);
        int fm1 = m1;
        int fm2 = m2;
        Weft.join(() -> mergeDoubles(s, fm1, h1, fm2, h2, d, at2), () -> mergeDoubles(s, l1, fm1, l2, fm2, d, at));
    }

    @SuppressWarnings("unchecked")
    static <T> void sort(T[] array, Comparator<? super T> comparator) {
        sortObjects((Object[]) array, (Comparator<Object>) comparator);
    }

    private static void sortObjects(Object[] a, Comparator<Object> c) {
        int n = a.length;
        if (n <= LEAF) {
            Arrays.sort(a, c);
            return;
        }
        inPool(() -> {
            int leaf = leafFor(n);
            if (n <= leaf) {
                Arrays.sort(a, c);
            } else {
                sortObjects(c, a, new Object[n], 0, n, false, leaf);
            }
        });
    }

    /** Sorts {@code a[lo, hi)}; the result ends in {@code w} if {@code toW}, else in {@code a}. */
    private static void sortObjects(Comparator<Object> c, Object[] a, Object[] w, int lo, int hi, boolean toW, int leaf) {
        int n = hi - lo;
        if (n <= leaf) {
            Arrays.sort(a, lo, hi, c);
            if (toW) {
                System.arraycopy(a, lo, w, lo, n);
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        Weft.join(() -> sortObjects(c, a, w, mid, hi, !toW, leaf), () -> sortObjects(c, a, w, lo, mid, !toW, leaf));
        Object[] src = toW ? a : w;
        mergeObjects(c, src, lo, mid, mid, hi, toW ? w : a, lo);
    }

    /** Merges runs {@code s[l1, h1)} and {@code s[l2, h2)} into {@code d} from {@code at}; stable. */
    private static void mergeObjects(Comparator<Object> c, Object[] s, int l1, int h1, int l2, int h2, Object[] d, int at) {
        int n1 = h1 - l1;
        int n2 = h2 - l2;
        if (n1 + n2 <= LEAF) {
            int i = l1;
            int j = l2;
            int k = at;
            while (i < h1 && j < h2) {
                d[k++] = c.compare(s[i], s[j]) <= 0 ? s[i++] : s[j++];
            }
            System.arraycopy(s, i, d, k, h1 - i);
            System.arraycopy(s, j, d, k + (h1 - i), h2 - j);
            return;
        }
        // Split the longer run at its middle and the other at the pivot's place: elements of the
        // first run that equal the pivot stay before those of the second (stability).
        int m1;
        int m2;
        if (n1 >= n2) {
            m1 = (l1 + h1) >>> 1;
            Object p = s[m1];
            int lo = l2;
            int hi = h2;
            while (lo < hi) { // first in run 2 not less than p
                int m = (lo + hi) >>> 1;
                if (c.compare(s[m], p) < 0) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            m2 = lo;
        } else {
            m2 = (l2 + h2) >>> 1;
            Object p = s[m2];
            int lo = l1;
            int hi = h1;
            while (lo < hi) { // first in run 1 greater than p
                int m = (lo + hi) >>> 1;
                if (c.compare(s[m], p) <= 0) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            m1 = lo;
        }
        int at2 = at + (m1 - l1) + (m2 - l2);
        int fm1 = m1;
        int fm2 = m2;
        Weft.join(() -> mergeObjects(c, s, fm1, h1, fm2, h2, d, at2), () -> mergeObjects(c, s, l1, fm1, l2, fm2, d, at));
    }
}
