package b3;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Joined arrays and maps concatenated by copying at every level. */
public class Concat {

    /** Collects the even numbers of a range into one array. */
    static final class Evens extends RecursiveTask<int[]> {
        private final int lo;
        private final int hi;

        Evens(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected int[] compute() {
            if (hi - lo <= 1024) {
                return java.util.stream.IntStream.range(lo, hi).filter(i -> i % 2 == 0).toArray();
            }
            int mid = (lo + hi) >>> 1;
            Evens l = new Evens(lo, mid);
            l.fork();
            int[] right = new Evens(mid, hi).compute();
            int[] left = l.join();
            int[] all = new int[left.length + right.length];
            System.arraycopy(left, 0, all, 0, left.length);   // expect: B3
            System.arraycopy(right, 0, all, left.length, right.length);   // expect: B3
            return all;
        }
    }

    /** Counts words per first letter; the maps of the halves are copied into a new one. */
    static final class Letters extends RecursiveTask<Map<Character, Integer>> {
        private final String[] words;
        private final int lo;
        private final int hi;

        Letters(String[] words, int lo, int hi) {
            this.words = words;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Map<Character, Integer> compute() {
            if (hi - lo < 100) {
                Map<Character, Integer> m = new HashMap<>();
                for (int i = lo; i < hi; i++) {
                    m.merge(words[i].charAt(0), 1, Integer::sum);
                }
                return m;
            }
            int mid = (lo + hi) >>> 1;
            Letters a = new Letters(words, lo, mid);
            Letters b = new Letters(words, mid, hi);
            invokeAll(a, b);
            Map<Character, Integer> merged = new HashMap<>(a.join());   // expect: B3
            b.join().forEach((k, v) -> merged.merge(k, v, Integer::sum));   // expect: B3
            return merged;
        }
    }

    /** Names of all files of a tree; the streams of the halves are concatenated and collected. */
    static final class Names extends RecursiveTask<java.util.List<String>> {
        private final java.util.List<String> paths;

        Names(java.util.List<String> paths) {
            this.paths = paths;
        }

        @Override
        protected java.util.List<String> compute() {
            if (paths.size() < 2) {
                return paths;
            }
            Names l = new Names(paths.subList(0, paths.size() / 2));   // expect: B2
            Names r = new Names(paths.subList(paths.size() / 2, paths.size()));   // expect: B2
            invokeAll(l, r);
            return Stream.concat(l.join().stream(), r.join().stream())   // expect: B3
                    .collect(Collectors.toList());
        }
    }

    /** Totals of joined results, accumulated into an adder and a BigDecimal: nothing is copied, fine. */
    static final class Totals extends RecursiveTask<List<Long>> {
        private final long[] xs;
        private final int lo;
        private final int hi;
        private final LongAdder all;

        Totals(long[] xs, int lo, int hi, LongAdder all) {
            this.xs = xs;
            this.lo = lo;
            this.hi = hi;
            this.all = all;
        }

        @Override
        protected List<Long> compute() {
            if (hi - lo < 100) {
                long s = 0;
                for (int i = lo; i < hi; i++) {
                    s += xs[i];
                }
                return List.of(s);
            }
            int mid = (lo + hi) >>> 1;
            Totals a = new Totals(xs, lo, mid, all);
            Totals b = new Totals(xs, mid, hi, all);
            invokeAll(a, b);
            BigDecimal exact = BigDecimal.ZERO;
            for (long v : a.join()) {
                all.add(v);
                exact = exact.add(BigDecimal.valueOf(v));
            }
            b.join().forEach(v -> all.add(v));
            b.join().forEach(all::add);
            return List.of(exact.longValue());
        }
    }
}
