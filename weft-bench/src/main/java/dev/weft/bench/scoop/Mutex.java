package dev.weft.bench.scoop;

import dev.weft.bench.programs.Checks;
import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.ArrayList;
import java.util.List;

/**
 * West, Nanz, Meyer 2015's mutex: n clients each increment one shared counter m times, competing for it. SCOOP: the
 * counter is a handler, each client a handler whose call logs its m increments, each in a block of its own
 * (reserving the counter m times); the root waits for every client, then queries the counter. Threads: n
 * threads, each incrementing in a {@code synchronized} block.
 */
public final class Mutex extends ScoopSuite.SuiteProgram {
    public Mutex() {
        super(false);
    }

    @Override
    public String name() {
        return "mutex";
    }

    @Override
    public String description() {
        return "n clients increment a shared counter m times each, one reservation per increment";
    }

    @Override
    public Work create(boolean quick) {
        return new Work(32, quick ? 4_000 : 20_000);
    }

    /** The shared resource. */
    static final class Counter {
        long value;
    }

    /** A client handler's object: its loop of reservations. */
    static final class Client {
        void run(Separate<Counter> counter, int m) {
            for (int i = 0; i < m; i++) {
                counter.call(c -> c.value++);
            }
        }
    }

    static long scoop(Scoop scoop, int n, int m) {
        return scoop.pool().invoke(() -> {
            Separate<Counter> counter = scoop.create(new Counter());
            List<Separate<Client>> clients = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Separate<Client> c = scoop.create(new Client());
                c.call(x -> x.run(counter, m));
                clients.add(c);
            }
            for (int i = n - 1; i >= 0; i--) {
                clients.get(i).query(x -> Boolean.TRUE); // waits until the client's run has returned
            }
            return counter.query(c -> c.value);
        });
    }

    static long threads(int n, int m) throws InterruptedException {
        Object lock = new Object();
        long[] count = new long[1];
        Thread[] ts = new Thread[n];
        for (int i = 0; i < n; i++) {
            ts[i] = new Thread(() -> {
                for (int k = 0; k < m; k++) {
                    synchronized (lock) {
                        count[0]++;
                    }
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        synchronized (lock) {
            return count[0];
        }
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
            return "mutex(" + n + "x" + Checks.count(m) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            return Mutex.scoop(scoop, n, m);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return Mutex.threads(n, m);
        }

        @Override
        public void check(Object result, Object reference) {
            Checks.equal((long) n * m, result);
        }

        @Override
        public long operations() {
            return (long) n * m;
        }
    }
}
