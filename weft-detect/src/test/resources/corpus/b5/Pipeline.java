package b5;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/** A stage of a pipeline written with fork/join tasks that wait for each other. */
public class Pipeline {
    private final BlockingQueue<int[]> queue = new LinkedBlockingQueue<>(16);
    private final Lock lock = new ReentrantLock();
    private final Condition ready = lock.newCondition();
    private final ReentrantReadWriteLock table = new ReentrantReadWriteLock();
    private final CountDownLatch started = new CountDownLatch(1);
    private final Semaphore permits = new Semaphore(4);
    private final CyclicBarrier barrier = new CyclicBarrier(2);
    private final java.util.Map<String, Integer> counts = new java.util.HashMap<>();
    private boolean go;

    final class Produce extends RecursiveAction {
        private final int n;

        Produce(int n) {
            this.n = n;
        }

        @Override
        protected void compute() {
            try {
                started.await();   // expect: B5
                for (int i = 0; i < n; i++) {
                    queue.put(new int[] {i});   // expect: B5
                }
                lock.lock();   // expect: B5
                try {
                    go = true;
                    ready.signalAll();
                } finally {
                    lock.unlock();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    final class Consume extends RecursiveAction {
        @Override
        protected void compute() {
            try {
                lock.lockInterruptibly();   // expect: B5
                try {
                    while (!go) {
                        ready.await();   // expect: B5
                    }
                } finally {
                    lock.unlock();
                }
                permits.acquire();   // expect: B5
                int[] item = queue.take();   // expect: B5
                table.writeLock().lock();   // expect: B5
                try {
                    counts.put("items", item.length);
                } finally {
                    table.writeLock().unlock();
                }
                barrier.await();   // expect: B5
                permits.release();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Non-blocking look-alikes in task code: offer, tryLock(), a HashMap put, a monitor's notify, and timed waits of
     * zero (they return at once).
     */
    final class Peek extends RecursiveAction {
        @Override
        protected void compute() {
            boolean accepted = queue.offer(new int[0]);
            try {
                if (queue.poll(0, java.util.concurrent.TimeUnit.SECONDS) == null && lock.tryLock(0L,
                        java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    lock.unlock();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (lock.tryLock()) {
                try {
                    counts.put("accepted", accepted ? 1 : 0);
                } finally {
                    lock.unlock();
                }
            }
            int[] head = queue.poll();
            counts.put("head", head == null ? 0 : head.length);
        }
    }

    /** The same blocking calls from a plain thread: not task code. */
    void drainOnThread() throws InterruptedException {
        started.countDown();
        lock.lock();
        try {
            go = false;
        } finally {
            lock.unlock();
        }
        queue.take();
    }

    public static void main(String[] args) throws Exception {
        Pipeline p = new Pipeline();
        ForkJoinPool pool = new ForkJoinPool(4);
        pool.execute(p.new Produce(10));
        pool.execute(p.new Consume());
        p.drainOnThread();
        pool.shutdown();
    }
}
