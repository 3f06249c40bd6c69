package b1;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/** Look-alikes of B1 that are fine: invoke/invokeAll of tasks, and a pool used only from outside tasks. */
public class Quicksort extends RecursiveAction {
    private final int[] a;
    private final int lo;
    private final int hi;

    Quicksort(int[] a, int lo, int hi) {
        this.a = a;
        this.lo = lo;
        this.hi = hi;
    }

    @Override
    protected void compute() {
        if (hi - lo < 32) {
            java.util.Arrays.sort(a, lo, hi);
            return;
        }
        int p = partition(a, lo, hi);
        if (p - lo > hi - p) {
            ForkJoinTask.invokeAll(new Quicksort(a, lo, p), new Quicksort(a, p, hi));
        } else {
            invokeAll(new Quicksort(a, p, hi), new Quicksort(a, lo, p));
        }
        new Noop().invoke();
    }

    static int partition(int[] a, int lo, int hi) {
        int pivot = a[(lo + hi) >>> 1];
        int i = lo;
        int j = hi - 1;
        while (i <= j) {
            while (a[i] < pivot) {
                i++;
            }
            while (a[j] > pivot) {
                j--;
            }
            if (i <= j) {
                int t = a[i];
                a[i++] = a[j];
                a[j--] = t;
            }
        }
        return i;
    }

    static final class Noop extends RecursiveAction {
        @Override
        protected void compute() {
        }
    }

    /** Reporting progress goes to an executor, but never from task code. */
    static void report(Executor executor, int[] a) {
        executor.execute(() -> System.out.println(a.length));
    }

    public static void main(String[] args) {
        int[] a = new java.util.Random(1).ints(100_000).toArray();
        ForkJoinPool.commonPool().invoke(new Quicksort(a, 0, a.length));
        report(ForkJoinPool.commonPool(), a);
    }
}
