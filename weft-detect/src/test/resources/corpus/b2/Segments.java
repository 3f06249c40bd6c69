package b2;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;
import java.util.stream.Collectors;

/** Copies of list slices handed to subtasks: a copied subList, a collected stream slice, a cloned array. */
public class Segments {

    static final class Longest extends RecursiveTask<String> {
        private final List<String> words;

        Longest(List<String> words) {
            this.words = words;
        }

        @Override
        protected String compute() {
            if (words.size() <= 100) {
                return words.stream().max(java.util.Comparator.comparingInt(String::length)).orElse("");
            }
            int mid = words.size() / 2;
            Longest first = new Longest(new ArrayList<>(words.subList(0, mid)));   // expect: B2
            List<String> rest = words.stream()   // expect: B2
                    .skip(mid)
                    .collect(Collectors.toList());
            first.fork();
            String second = new Longest(rest).compute();
            String one = first.join();
            return one.length() >= second.length() ? one : second;
        }
    }

    /** The constructor makes a defensive copy, so every fork copies the whole slice again. */
    static final class Histogram extends RecursiveTask<int[]> {
        private final int[] values;
        private final int buckets;

        Histogram(int[] values, int buckets) {
            this.values = values.clone();   // expect: B2
            this.buckets = buckets;
        }

        @Override
        protected int[] compute() {
            int[] h = new int[buckets];
            if (values.length < 1000) {
                for (int v : values) {
                    h[Math.floorMod(v, buckets)]++;
                }
                return h;
            }
            int mid = values.length / 2;
            int[] head = new int[mid];
            System.arraycopy(values, 0, head, 0, mid);   // expect: B2
            Histogram left = new Histogram(head, buckets);
            left.fork();
            int[] tail = java.util.Arrays.stream(values, mid, values.length).toArray();   // expect: B2
            int[] right = new Histogram(tail, buckets).compute();
            int[] l = left.join();
            for (int i = 0; i < buckets; i++) {
                h[i] = l[i] + right[i];
            }
            return h;
        }
    }
}
