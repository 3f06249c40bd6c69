package b6;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** The paper's Ctask: sleeping for a result that a join would deliver. */
public class Ctask extends RecursiveTask<Integer> {
    private final int n;

    Ctask(int n) {
        this.n = n;
    }

    @Override
    protected Integer compute() {
        if (n < 2) {
            return n;
        }
        Ctask a = new Ctask(n - 1);
        a.fork();
        try {
            Thread.sleep(1000);   // expect: B6
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int b = new Ctask(n - 2).compute();
        return a.join() + b;
    }

    /** Polls instead of joining. */
    static final class Poller extends RecursiveTask<Long> {
        @Override
        protected Long compute() {
            ForkJoinTask<Integer> child = new Ctask(10).fork();
            while (!child.isDone()) {   // expect: B6
                Thread.onSpinWait();
            }
            do {   // expect: B6
                LockSupport.parkNanos(1_000);   // expect: B6
            } while (!child.isCompletedNormally());
            if (child.isDone()) {
                return (long) child.join();
            }
            return 0L;
        }
    }

    static void pause(TimeUnit unit) {
        try {
            unit.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread.sleep(10);
        pause(TimeUnit.MILLISECONDS);
        System.out.println(ForkJoinPool.commonPool().invoke(new Ctask(5)));
    }
}
