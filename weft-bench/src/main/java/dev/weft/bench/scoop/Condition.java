package dev.weft.bench.scoop;

import dev.weft.bench.programs.Checks;
import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.concurrent.locks.ReentrantLock;

/**
 * West, Nanz, Meyer 2015's condition: n "odd" and n "even" workers each increment a shared value m times, each only when
 * the value has its parity, so each group depends on the other. SCOOP: every worker is a chain of
 * asynchronous blocks with the wait condition "the value has my parity": the value's handler evaluates the
 * waiting conditions after each block and starts the next worker whose condition holds; no worker holds a
 * thread while it waits. Threads: a {@link ReentrantLock} with one condition per parity, signalled one
 * waiter at a time.
 */
public final class Condition extends ScoopSuite.SuiteProgram {
    public Condition() {
        super(false);
    }

    @Override
    public String name() {
        return "condition";
    }

    @Override
    public String description() {
        return "n odd and n even workers increment a shared value in turn, each waiting for its parity";
    }

    @Override
    public Work create(boolean quick) {
        return new Work(32, quick ? 500 : 20_000);
    }

    /** The shared value. */
    static final class Value {
        long value;
    }

    /** How many workers have finished. */
    static final class Done {
        int finished;
    }

    /** Step {@code k} of a worker of parity {@code parity}: wait for the parity, increment, go on. */
    static void step(Separate<Value> value, int parity, int k, int m, Separate<Done> done) {
        Scoop.separateAsync(value, v -> v.test(x -> (x.value & 1) == parity), v -> {
            v.call(x -> x.value++);
            if (k + 1 < m) {
                step(value, parity, k + 1, m, done);
            } else {
                done.call(d -> d.finished++);
            }
        });
    }

    static long scoop(Scoop scoop, int n, int m) {
        return scoop.pool().invoke(() -> {
            Separate<Value> value = scoop.create(new Value());
            Separate<Done> done = scoop.create(new Done());
            for (int i = 0; i < 2 * n; i++) {
                step(value, i & 1, 0, m, done);
            }
            Scoop.separate(done, d -> d.test(x -> x.finished == 2 * n), d -> { });
            return value.query(x -> x.value);
        });
    }

    /** The shared value with one condition per parity. */
    static final class Shared {
        private final ReentrantLock lock = new ReentrantLock();
        private final java.util.concurrent.locks.Condition[] turn = {lock.newCondition(), lock.newCondition()};
        private long value;

        void update(int parity) throws InterruptedException {
            lock.lock();
            try {
                while ((value & 1) != parity) {
                    turn[parity].await();
                }
                value++;
                turn[1 - parity].signal();
            } finally {
                lock.unlock();
            }
        }

        long value() {
            lock.lock();
            try {
                return value;
            } finally {
                lock.unlock();
            }
        }
    }

    static long threads(int n, int m) throws InterruptedException {
        Shared shared = new Shared();
        Thread[] ts = new Thread[2 * n];
        for (int i = 0; i < 2 * n; i++) {
            int parity = i & 1;
            ts[i] = new Thread(() -> {
                try {
                    for (int k = 0; k < m; k++) {
                        shared.update(parity);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        return shared.value();
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final int n;
        final int m;

        Work(int n, int m) {
            this.n = n;
            this.m = m;
        }

        @Override
        public String label() {
            return "condition(2x" + n + "x" + Checks.count(m) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            return Condition.scoop(scoop, n, m);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Condition.threads(n, m);
        }

        @Override
        public void check(Object result, Object reference) {
            Checks.equal(2L * n * m, result);
        }

        @Override
        public long operations() {
            return 2L * n * m;
        }
    }
}
