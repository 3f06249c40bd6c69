package fix;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

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

    /** The subtasks wait for a latch that the parent opens after the loop. */
    static final class Gate extends RecursiveAction {
        private final CountDownLatch open;

        Gate(CountDownLatch open) {
            this.open = open;
        }

        @Override
        protected void compute() {
            List<Waiter> waiters = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Waiter w = new Waiter(open);
                w.fork();
                waiters.add(w);
            }
            open.countDown();
            for (Waiter w : waiters) {
                w.join();
            }
        }
    }

    static final class Waiter extends RecursiveAction {
        private final CountDownLatch open;

        Waiter(CountDownLatch open) {
            this.open = open;
        }

        @Override
        protected void compute() {
            try {
                open.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
