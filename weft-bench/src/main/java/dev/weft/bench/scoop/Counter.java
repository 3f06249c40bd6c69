package dev.weft.bench.scoop;

import dev.weft.Task;
import dev.weft.bench.programs.Checks;
import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The cost of a single call: one client per worker increments one shared counter m times in all, each
 * increment a separate block of one call ({@code counter.call(c -> c.value++)}), and the root then queries
 * the counter. At one worker it measures the uncontended cost of a block against an uncontended
 * {@code synchronized} block; at two, the contended cost against {@code synchronized} and
 * {@link ReentrantLock} ({@code java-lock}). The clients are pool tasks, as a program's own parallel code
 * would be. Every version reads a volatile flag between two increments, as real code does some work between
 * two critical sections: without it C2 coarsens the loop of {@code synchronized} blocks into a few lock
 * regions (2 ns an increment instead of 8 here), which no SCOOP call or {@code ReentrantLock} can match.
 */
public final class Counter extends ScoopSuite.SuiteProgram {
    public Counter() {
        super(ScoopSuite.LOCKING, ScoopSuite.THREADS);
    }

    @Override
    public String name() {
        return "counter";
    }

    @Override
    public String description() {
        return "one client per worker increments a shared counter, one call per separate block";
    }

    @Override
    public Work create(boolean quick) {
        return new Work(quick ? 2_000_000 : 10_000_000);
    }

    /** The shared resource. */
    static final class Cell {
        long value;
    }

    private static final Consumer<Cell> INCREMENT = c -> c.value++;

    /** Never set: read between increments so that no version's loop is coarsened (see above). */
    static volatile boolean stop;

    static long scoop(Scoop scoop, int clients, int m) {
        Separate<Cell> counter = scoop.create(new Cell());
        return scoop.pool().invoke(() -> {
            // One task per client, forked: an idle worker takes each at once. (A parallelFor over the
            // clients would not do: a loop gives its upper half away at a chunk's end, and each client is
            // one long chunk, so one worker ran both shares one after the other and nothing contended.)
            List<Task<Void>> tasks = new ArrayList<>();
            for (int k = 0; k < clients; k++) {
                int share = share(m, clients, k);
                tasks.add(Task.of(() -> {
                    for (int i = share; i > 0 && !stop; i--) {
                        counter.call(INCREMENT);
                    }
                    return null;
                }));
            }
            Task.invokeAll(tasks);
            return counter.query(c -> c.value);
        });
    }

    static long threads(int clients, int m) throws InterruptedException {
        Object lock = new Object();
        Cell cell = new Cell();
        run(clients, k -> {
            for (int i = share(m, clients, k); i > 0 && !stop; i--) {
                synchronized (lock) {
                    cell.value++;
                }
            }
        });
        synchronized (lock) {
            return cell.value;
        }
    }

    static long lock(int clients, int m) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Cell cell = new Cell();
        run(clients, k -> {
            for (int i = share(m, clients, k); i > 0 && !stop; i--) {
                lock.lock();
                try {
                    cell.value++;
                } finally {
                    lock.unlock();
                }
            }
        });
        lock.lock();
        try {
            return cell.value;
        } finally {
            lock.unlock();
        }
    }

    /** Client {@code k}'s part of {@code m} increments. */
    private static int share(int m, int clients, int k) {
        return m / clients + (k < m % clients ? 1 : 0);
    }

    private static void run(int clients, java.util.function.IntConsumer body) throws InterruptedException {
        Thread[] ts = new Thread[clients];
        for (int k = 0; k < clients; k++) {
            int id = k;
            ts[k] = new Thread(() -> body.accept(id));
            ts[k].start();
        }
        for (Thread t : ts) {
            t.join();
        }
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final int m;

        Work(int m) {
            this.m = m;
        }

        @Override
        public String label() {
            return "counter(" + Checks.count(m) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            return Counter.scoop(scoop, workers, m);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Counter.threads(workers, m);
        }

        @Override
        Object lock(int workers) throws InterruptedException {
            return Counter.lock(workers, m);
        }

        @Override
        public void check(Object result, Object reference) {
            Checks.equal((long) m, result);
        }

        @Override
        public long operations() {
            return m;
        }
    }
}
