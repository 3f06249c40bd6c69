package fix;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.stream.Collectors;

/** Copies and loops that --fix must leave alone: each rewrite would not be provably safe. */
public class Refused {

    /** The halves are read after the join (merge), so the copies are needed as buffers. */
    static final class MergeSort extends RecursiveAction {
        private final int[] a;

        MergeSort(int[] a) {
            this.a = a;
        }

        @Override
        protected void compute() {
            if (a.length < 2) {
                return;
            }
            int mid = a.length / 2;
            int[] left = Arrays.copyOfRange(a, 0, mid);
            int[] right = Arrays.copyOfRange(a, mid, a.length);
            invokeAll(new MergeSort(left), new MergeSort(right));
            int i = 0;
            int j = 0;
            for (int k = 0; k < a.length; k++) {
                a[k] = j >= right.length || (i < left.length && left[i] <= right[j]) ? left[i++] : right[j++];
            }
        }
    }

    /** The task writes into its own array: with a shared array those writes would reach the caller. */
    static final class Doubler extends RecursiveTask<Long> {
        private final long[] values;

        Doubler(long[] values) {
            this.values = values;
        }

        @Override
        protected Long compute() {
            if (values.length < 10) {
                long s = 0;
                for (int i = 0; i < values.length; i++) {
                    values[i] *= 2;
                    s += values[i];
                }
                return s;
            }
            int mid = values.length / 2;
            Doubler l = new Doubler(Arrays.copyOfRange(values, 0, mid));
            l.fork();
            return new Doubler(Arrays.copyOfRange(values, mid, values.length)).compute() + l.join();
        }
    }

    /** The window's bounds come from fields: nothing shows they stay within the array. */
    static final class Window extends RecursiveTask<Integer> {
        private final int[] data;
        private final int lo;
        private final int hi;

        Window(int[] data, int lo, int hi) {
            this.data = data;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Integer compute() {
            if (data.length < 8) {
                return data.length;
            }
            Window w = new Window(Arrays.copyOfRange(data, lo, hi), 0, (hi - lo) / 2);
            return w.invoke();
        }
    }

    /** Forks inside an expression, and joins inside the loop. */
    static final class Chunks extends RecursiveTask<Long> {
        private final int n;

        Chunks(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 4) {
                return (long) n;
            }
            List<ForkJoinTask<Long>> parts = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                parts.add(new Chunks(n / 4).fork());
            }
            long s = 0;
            for (int i = 0; i < 2; i++) {
                Chunks c = new Chunks(n / 8);
                c.fork();
                s += c.join();
            }
            for (ForkJoinTask<Long> p : parts) {
                s += p.join();
            }
            return s;
        }
    }

    /** The task sorts its part of the list: with a shared list, that would reorder the parent's. */
    static final class SortedParts extends RecursiveAction {
        private final List<Integer> part;

        SortedParts(List<Integer> part) {
            this.part = part;
        }

        @Override
        protected void compute() {
            if (part.size() < 16) {
                part.sort(null);
                return;
            }
            invokeAll(new SortedParts(part.subList(0, part.size() / 2)),
                    new SortedParts(part.subList(part.size() / 2, part.size())));
        }
    }

    /** The leaf returns its list as the result: with a shared list, the caller would get the whole parent. */
    static final class Evens extends RecursiveTask<List<Integer>> {
        private final List<Integer> xs;

        Evens(List<Integer> xs) {
            this.xs = xs;
        }

        @Override
        protected List<Integer> compute() {
            if (xs.size() < 2) {
                return xs;
            }
            Evens left = new Evens(new ArrayList<>(xs.subList(0, xs.size() / 2)));
            left.fork();
            List<Integer> out = new ArrayList<>(new Evens(new ArrayList<>(xs.subList(xs.size() / 2, xs.size()))).compute());
            out.addAll(left.join());
            return out;
        }
    }

    /** The slices are made by a helper: the rewrite would have to change the helper. */
    static final class Split extends RecursiveTask<Integer> {
        private final int[] a;

        Split(int[] a) {
            this.a = a;
        }

        static int[] half(int[] a, boolean first) {
            return first ? Arrays.copyOf(a, a.length / 2) : Arrays.copyOfRange(a, a.length / 2, a.length);
        }

        @Override
        protected Integer compute() {
            if (a.length < 4) {
                return a.length;
            }
            Split l = new Split(half(a, true));
            l.fork();
            return new Split(half(a, false)).compute() + l.join();
        }
    }

    /** The views go to a helper that makes and forks the subtask: the rewrite would have to change the helper. */
    static final class Spawned extends RecursiveTask<Integer> {
        private final List<String> names;

        Spawned(List<String> names) {
            this.names = names;
        }

        private static Spawned spawn(List<String> part) {
            Spawned s = new Spawned(part);
            s.fork();
            return s;
        }

        @Override
        protected Integer compute() {
            if (names.size() < 4) {
                return names.size();
            }
            Spawned l = spawn(names.subList(0, names.size() / 2));
            return spawn(names.subList(names.size() / 2, names.size())).join() + l.join();
        }
    }

    /** The subtasks get a partition, not a slice: no index range stands for it. */
    static final class Partition extends RecursiveTask<Long> {
        private final List<Integer> xs;

        Partition(List<Integer> xs) {
            this.xs = xs;
        }

        @Override
        protected Long compute() {
            if (xs.size() < 8) {
                return (long) xs.size();
            }
            int pivot = xs.get(0);
            Partition lo = new Partition(xs.stream().filter(x -> x < pivot).collect(Collectors.toList()));
            lo.fork();
            return new Partition(xs.stream().filter(x -> x > pivot).collect(Collectors.toList())).compute() + lo.join();
        }
    }

    /** The loop calls a helper that creates and forks the subtask; and another loop can return early. */
    static final class Tree extends RecursiveAction {
        private final int depth;
        private final List<Tree> children = new ArrayList<>();

        Tree(int depth) {
            this.depth = depth;
        }

        @Override
        protected void compute() {
            if (depth == 0) {
                return;
            }
            for (int i = 0; i < 2; i++) {
                spawn();
            }
            for (int i = 0; i < 2; i++) {
                Tree t = new Tree(depth - 1);
                t.fork();
                if (depth > 5) {
                    return;
                }
                children.add(t);
            }
            children.forEach(Tree::join);
        }

        private void spawn() {
            Tree child = new Tree(depth - 1);
            children.add(child);
            child.fork();
        }
    }

    /** Halves of a string: --fix slices arrays and lists, not strings. */
    static final class Vowels extends RecursiveTask<Integer> {
        private final String text;

        Vowels(String text) {
            this.text = text;
        }

        @Override
        protected Integer compute() {
            if (text.length() < 16) {
                int n = 0;
                for (int i = 0; i < text.length(); i++) {
                    n += "aeiou".indexOf(text.charAt(i)) >= 0 ? 1 : 0;
                }
                return n;
            }
            int mid = text.length() / 2;
            Vowels left = new Vowels(text.substring(0, mid));
            left.fork();
            return new Vowels(text.substring(mid)).compute() + left.join();
        }
    }
}
