package dev.weft.bench.scoop;

import dev.weft.bench.programs.Checks;
import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.ArrayDeque;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * West, Nanz, Meyer 2015's prodcons: n producers each put m items into an unbounded shared queue; n consumers each take
 * m, waiting while it is empty. SCOOP: the queue is a handler; producers are handlers logging their puts;
 * each consumer is a chain of asynchronous blocks whose wait condition is "not empty" — it holds no thread
 * while it waits: the queue's handler evaluates the condition after other clients' blocks and starts the
 * consumer's next step when it holds. Threads: a {@link LinkedBlockingQueue}.
 */
public final class ProdCons extends ScoopSuite.SuiteProgram {
    public ProdCons() {
        super(false);
    }

    @Override
    public String name() {
        return "prodcons";
    }

    @Override
    public String description() {
        return "n producers and n consumers share an unbounded queue; consumers wait while it is empty";
    }

    @Override
    public Work create(boolean quick) {
        return new Work(32, quick ? 2_000 : 20_000);
    }

    /** The shared queue. */
    static final class Buffer {
        final ArrayDeque<Integer> items = new ArrayDeque<>();
    }

    /** A producer handler's object. */
    static final class Producer {
        void run(Separate<Buffer> buffer, int base, int m) {
            for (int i = 0; i < m; i++) {
                int v = base + i;
                buffer.call(b -> b.items.add(v));
            }
        }
    }

    /** Where consumers report: the sum they took and how many finished. */
    static final class Tally {
        long sum;
        int finished;
    }

    /** One consumer's state, touched by its steps one after another. */
    static final class Consumer {
        long sum;
        int taken;
    }

    /** A consumer's next step: once the queue holds an item, take it; then ask again, or report. */
    static void consume(Separate<Buffer> buffer, Consumer c, int m, Separate<Tally> tally) {
        Scoop.separateAsync(buffer, b -> b.test(x -> !x.items.isEmpty()), b -> {
            c.sum += b.queryInt(x -> x.items.poll());
            if (++c.taken < m) {
                consume(buffer, c, m, tally);
            } else {
                long s = c.sum;
                tally.call(t -> {
                    t.sum += s;
                    t.finished++;
                });
            }
        });
    }

    static long scoop(Scoop scoop, int n, int m) {
        return scoop.pool().invoke(() -> {
            Separate<Buffer> buffer = scoop.create(new Buffer());
            Separate<Tally> tally = scoop.create(new Tally());
            for (int i = 0; i < n; i++) {
                consume(buffer, new Consumer(), m, tally);
            }
            for (int i = 0; i < n; i++) {
                int base = i * m;
                scoop.create(new Producer()).call(p -> p.run(buffer, base, m));
            }
            return Scoop.separateGet(tally, t -> t.test(x -> x.finished == n), t -> t.queryLong(x -> x.sum));
        });
    }

    static long threads(int n, int m) throws InterruptedException {
        BlockingQueue<Integer> queue = new LinkedBlockingQueue<>();
        AtomicLong sum = new AtomicLong();
        Thread[] ts = new Thread[2 * n];
        for (int i = 0; i < n; i++) {
            ts[i] = new Thread(() -> {
                long s = 0;
                try {
                    for (int k = 0; k < m; k++) {
                        s += queue.take();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                sum.addAndGet(s);
            });
            int base = i * m;
            ts[n + i] = new Thread(() -> {
                for (int k = 0; k < m; k++) {
                    queue.add(base + k);
                }
            });
        }
        for (Thread t : ts) {
            t.start();
        }
        for (Thread t : ts) {
            t.join();
        }
        return sum.get();
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
            return "prodcons(" + n + "x" + Checks.count(m) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            return ProdCons.scoop(scoop, n, m);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return ProdCons.threads(n, m);
        }

        @Override
        public void check(Object result, Object reference) {
            long items = (long) n * m;
            Checks.equal(items * (items - 1) / 2, result); // every item taken exactly once
        }

        @Override
        public long operations() {
            return 2L * n * m;
        }
    }
}
