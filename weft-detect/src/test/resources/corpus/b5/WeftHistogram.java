package b5;

import dev.weft.Weft;
import dev.weft.WeftPool;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.ReentrantLock;
import shared.Metrics;

/** Weft loops whose bodies synchronize, next to the managed forms that are fine. */
public class WeftHistogram {
    private final int[] buckets = new int[16];
    private final ReentrantLock guard = new ReentrantLock();
    private final Metrics metrics = new Metrics();

    void count(int[] values) {
        Weft.parallelFor(0, values.length, i -> {
            int b = values[i] & 15;
            synchronized (buckets) {   // expect: B5
                buckets[b]++;
            }
            metrics.record(b);
        });
    }

    void countLocked(int[] values) {
        Weft.parallelFor(0, values.length, i -> bump(values[i] & 15));
    }

    private synchronized void bump(int bucket) {   // expect: B5
        buckets[bucket]++;
    }

    /** Waiting inside Weft.blocking or ForkJoinPool.managedBlock is managed: the pool compensates. */
    void awaitAll(CountDownLatch done) throws InterruptedException {
        Weft.finish(() -> {
            Weft.async(() -> done.countDown());
            try {
                Weft.blocking(() -> {
                    done.await();
                    return null;
                });
                ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                    @Override
                    public boolean block() {
                        guard.lock();
                        guard.unlock();
                        return true;
                    }

                    @Override
                    public boolean isReleasable() {
                        return !guard.isLocked();
                    }
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Synchronized, but only ever called from main. */
    synchronized int[] snapshot() {
        return buckets.clone();
    }

    public static void main(String[] args) throws Exception {
        WeftHistogram h = new WeftHistogram();
        try (WeftPool pool = new WeftPool()) {
            pool.run(() -> h.count(new int[] {1, 2, 3}));
            pool.run(() -> h.countLocked(new int[] {4, 5}));
        }
        h.awaitAll(new CountDownLatch(1));
        System.out.println(h.snapshot().length);
    }
}
