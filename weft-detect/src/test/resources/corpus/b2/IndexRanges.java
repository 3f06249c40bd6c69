package b2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Look-alikes of B2 that are fine (index ranges, copies that stay in the task), and one that is not: a subList
 * view handed down the recursion is no copy, but every subtask reads the parent list through it.
 */
public class IndexRanges {

    /** Shares the array and passes index ranges: the fix for copy on fork. */
    static final class Max extends RecursiveTask<Integer> {
        private final int[] a;
        private final int from;
        private final int to;

        Max(int[] a, int from, int to) {
            this.a = a;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 1000) {
                int[] scratch = Arrays.copyOfRange(a, from, to);
                Arrays.sort(scratch);
                return scratch[scratch.length - 1];
            }
            int mid = (from + to) >>> 1;
            Max left = new Max(a, from, mid);
            left.fork();
            int right = new Max(a, mid, to).compute();
            return Math.max(left.join(), right);
        }
    }

    /** Hands each half a subList view: no copy is made, but each access goes through the view. */
    static final class Total extends RecursiveTask<Long> {
        private final List<Integer> xs;

        Total(List<Integer> xs) {
            this.xs = xs;
        }

        @Override
        protected Long compute() {
            if (xs.size() < 500) {
                long s = 0;
                for (int x : xs) {
                    s += x;
                }
                return s;
            }
            int mid = xs.size() / 2;
            Total left = new Total(xs.subList(0, mid));   // expect: B2
            left.fork();
            long right = new Total(xs.subList(mid, xs.size())).compute();   // expect: B2
            List<Integer> sample = new ArrayList<>(xs.subList(0, 3));
            sample.sort(null);
            return left.join() + right + sample.size() * 0L;
        }
    }

    public static void main(String[] args) {
        int[] data = new java.util.Random(7).ints(10_000).toArray();
        int[] copy = Arrays.copyOf(data, data.length);
        System.out.println(ForkJoinPool.commonPool().invoke(new Max(copy, 0, copy.length)));
        List<Integer> boxed = new ArrayList<>(Arrays.stream(data).boxed().toList());
        System.out.println(ForkJoinPool.commonPool().invoke(new Total(new ArrayList<>(boxed.subList(0, 100)))));
    }
}
