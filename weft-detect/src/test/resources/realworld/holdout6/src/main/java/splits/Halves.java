package splits;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Splitting and merging helpers of a sorting library. */
final class Halves {
    private Halves() {
    }

    /** The two halves of {@code a}, copied. */
    static long[][] of(long[] a) {
        int mid = a.length / 2;
        long[] lo = Arrays.copyOfRange(a, 0, mid);
        long[] hi = Arrays.copyOfRange(a, mid, a.length);
        return new long[][] {lo, hi};
    }

    /** Both lists, one after the other, in a new list. */
    static List<Long> concat(List<Long> first, List<Long> second) {
        List<Long> all = new ArrayList<>(first.size() + second.size());
        all.addAll(first);   // expect: B3
        all.addAll(second);   // expect: B3
        return all;
    }
}
