package dev.weft.bench.scoop;

import dev.weft.bench.programs.Checks;
import dev.weft.scoop.Scoop;
import dev.weft.scoop.Separate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Benchmarks Game's thread-ring, as in West, Nanz, Meyer 2015: 503 nodes in a ring pass a token N times; the node that
 * receives it when it reaches zero is the answer ({@code N mod 503 + 1}; 181 for N = 5,000,000). SCOOP: each
 * node is a handler; passing is a call on the next node, logged from the current node's call — a chain of
 * handler activations that Weft runs on one worker, each spawned by the previous. Threads: 503 threads, each
 * taking the token from its own {@link LinkedBlockingQueue}.
 */
public final class ThreadRing extends ScoopSuite.SuiteProgram {
    static final int NODES = 503;

    public ThreadRing() {
        super(false);
    }

    @Override
    public String name() {
        return "threadring";
    }

    @Override
    public String description() {
        return "503 nodes pass a token around a ring N times";
    }

    @Override
    public Work create(boolean quick) {
        return new Work(quick ? 30_000 : 5_000_000);
    }

    /** A node handler's object. */
    static final class Node {
        final int id;
        Separate<Node> next;
        Separate<Holder> holder;

        Node(int id) {
            this.id = id;
        }

        void pass(int token) {
            if (token == 0) {
                int me = id;
                holder.call(h -> h.id = me);
            } else {
                next.call(x -> x.pass(token - 1));
            }
        }
    }

    /** Where the last holder reports. */
    static final class Holder {
        int id;
    }

    static int scoop(Scoop scoop, int passes) {
        return scoop.pool().invoke(() -> {
            Separate<Holder> holder = scoop.create(new Holder());
            List<Node> nodes = new ArrayList<>();
            List<Separate<Node>> refs = new ArrayList<>();
            for (int i = 1; i <= NODES; i++) {
                Node n = new Node(i);
                nodes.add(n);
                refs.add(scoop.create(n));
            }
            for (int i = 0; i < NODES; i++) {
                // Set before any call reaches the node: its handler's first activation publishes it.
                nodes.get(i).next = refs.get((i + 1) % NODES);
                nodes.get(i).holder = holder;
            }
            refs.get(0).call(x -> x.pass(passes));
            return Scoop.separateGet(holder, h -> h.test(x -> x.id != 0), h -> h.queryInt(x -> x.id));
        });
    }

    static int threads(int passes) throws InterruptedException {
        List<BlockingQueue<Integer>> inboxes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            inboxes.add(new LinkedBlockingQueue<>());
        }
        AtomicInteger holder = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(1);
        Thread[] ts = new Thread[NODES];
        for (int i = 0; i < NODES; i++) {
            int id = i + 1;
            BlockingQueue<Integer> in = inboxes.get(i);
            BlockingQueue<Integer> next = inboxes.get((i + 1) % NODES);
            ts[i] = new Thread(() -> {
                try {
                    for (;;) {
                        int token = in.take();
                        if (token == 0) {
                            holder.set(id);
                            done.countDown();
                            return;
                        }
                        next.put(token - 1);
                    }
                } catch (InterruptedException e) {
                    // the ring is over
                }
            });
            ts[i].start();
        }
        inboxes.get(0).put(passes);
        done.await();
        for (Thread t : ts) {
            t.interrupt();
        }
        for (Thread t : ts) {
            t.join();
        }
        return holder.get();
    }

    static final class Work extends ScoopSuite.SuiteWorkload {
        final int passes;

        Work(int passes) {
            this.passes = passes;
        }

        @Override
        public String label() {
            return "threadring(" + NODES + "," + Checks.count(passes) + ")";
        }

        @Override
        Object scoop(Scoop scoop, int workers) {
            return ThreadRing.scoop(scoop, passes);
        }

        @Override
        Object threads(int workers) throws InterruptedException {
            return ThreadRing.threads(passes);
        }

        @Override
        public void check(Object result, Object reference) {
            Checks.equal(passes % NODES + 1, result);
        }

        @Override
        public long operations() {
            return passes;
        }
    }
}
