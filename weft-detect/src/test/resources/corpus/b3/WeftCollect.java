package b3;

import dev.weft.Weft;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Weft's join and parallelReduce with combine functions that copy the joined results. */
public class WeftCollect {

    static List<Integer> primes(int lo, int hi) {
        if (hi - lo < 1000) {
            List<Integer> out = new ArrayList<>();
            for (int i = Math.max(2, lo); i < hi; i++) {
                if (isPrime(i)) {
                    out.add(i);
                }
            }
            return out;
        }
        int mid = (lo + hi) >>> 1;
        return Weft.join(() -> primes(lo, mid), () -> primes(mid, hi), (a, b) -> {
            a.addAll(b);   // expect: B3
            return a;
        });
    }

    static Map<String, Integer> wordCounts(String[] words) {
        return Weft.parallelReduce(0, words.length, Map.of(),
                i -> Map.of(words[i], 1),
                (x, y) -> {
                    Map<String, Integer> m = new HashMap<>(x);   // expect: B3
                    y.forEach((k, v) -> m.merge(k, v, Integer::sum));   // expect: B3
                    return m;
                });
    }

    /** Sums and maxima combine joined results without copying: fine. */
    static long total(int[] a) {
        long s = Weft.parallelReduceLong(0, a.length, 0L, i -> a[i], Long::sum);
        int max = Weft.parallelReduceInt(0, a.length, Integer.MIN_VALUE, i -> a[i], Math::max);
        List<Long> parts = new ArrayList<>();
        parts.add(Weft.join(() -> s, () -> (long) max, Long::sum));
        return parts.get(0);
    }

    static boolean isPrime(int n) {
        for (int d = 2; (long) d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }

    /** Merging after the pool returned happens outside task code. */
    public static void main(String[] args) {
        List<Integer> all = new ArrayList<>();
        all.addAll(new dev.weft.WeftPool().invoke(() -> primes(0, 100_000)));
        System.out.println(all.size());
    }
}
