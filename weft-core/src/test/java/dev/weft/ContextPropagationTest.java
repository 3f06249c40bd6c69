package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Context follows stolen work ({@link ContextCarrier}): a trace id set before {@code invoke} is seen by
 * every leaf — forks, asyncs, loop iterations, spawns, on whichever worker runs them — and by no leaf
 * of another request running at the same time, nor by work submitted afterwards without one.
 */
class ContextPropagationTest {
    private static final ThreadLocal<String> TRACE = new ThreadLocal<>();
    private static final long TIMEOUT_S = 60;

    /** What the leaves of one request saw. */
    static final class Seen {
        final String id;
        final ThreadLocal<String> local;
        final LongAdder leaves = new LongAdder();
        final ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        final Set<Thread> threads = ConcurrentHashMap.newKeySet();

        Seen(String id) {
            this(id, TRACE);
        }

        Seen(String id, ThreadLocal<String> local) {
            this.id = id;
            this.local = local;
        }

        void leaf() {
            String t = local.get();
            if (!java.util.Objects.equals(t, id)) {
                wrong.add(Thread.currentThread().getName() + " saw " + t);
            }
            threads.add(Thread.currentThread());
            leaves.increment();
            // A little work, so that idle workers get to steal.
            long x = 0;
            for (int i = 0; i < 2_000; i++) {
                x += i * 31L ^ x;
            }
            if (x == 42) {
                leaves.increment();
            }
        }
    }

    /** Forks, joins, a finish with asyncs, a loop, over a tree: 4^depth leaves of each kind. */
    static long tree(Seen s, int depth) {
        if (depth == 0) {
            s.leaf();
            return 1;
        }
        Task<Long> a = Task.of(() -> tree(s, depth - 1)).fork();
        long[] sum = new long[1];
        Weft.finish(() -> Weft.async(() -> s.leaf()));
        Weft.parallelFor(0, 4, i -> s.leaf());
        long b = Weft.join(() -> tree(s, depth - 1), () -> tree(s, depth - 1), Long::sum);
        sum[0] = b + tree(s, depth - 1);
        return a.join() + sum[0];
    }

    private static void request(WeftPool pool, Seen s, CountDownLatch start) throws Exception {
        assertTrue(start.await(TIMEOUT_S, TimeUnit.SECONDS));
        s.local.set(s.id);
        try {
            for (int round = 0; round < 5; round++) {
                pool.invoke(() -> tree(s, 4));
            }
        } finally {
            s.local.remove();
        }
    }

    /** Runs three requests at once (two with an id, one without) and checks what their leaves saw. */
    private static void threeRequests(WeftPool pool, ThreadLocal<String> local) throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(3);
        try {
            Seen a = new Seen("request-a", local);
            Seen b = new Seen("request-b", local);
            Seen none = new Seen(null, local);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> fs = new ArrayList<>();
            for (Seen s : new Seen[] {a, b, none}) { // none: must see no id, not a neighbour's
                fs.add(callers.submit(() -> {
                    request(pool, s, start);
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : fs) {
                f.get(TIMEOUT_S, TimeUnit.SECONDS);
            }
            for (Seen s : new Seen[] {a, b, none}) {
                assertTrue(s.wrong.isEmpty(), s.id + ": " + s.wrong.size() + " leaves saw another context, e.g. "
                        + s.wrong.peek() + " (threads: " + s.threads.size() + ")");
                assertTrue(s.leaves.sum() > 0);
            }
        } finally {
            callers.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void aTraceIdFollowsEveryLeafOfItsRequestAndNoOther(int workers) throws Exception {
        WeftPool pool = WeftPool.builder().parallelism(workers).propagate(ContextCarrier.of(TRACE)).build();
        try {
            threeRequests(pool, TRACE);
            // Every worker is clean afterwards: work submitted without a trace id sees none.
            Seen after = new Seen(null);
            pool.invoke(() -> tree(after, 3));
            assertTrue(after.wrong.isEmpty(), "a leftover context: " + after.wrong.peek());
            // A spawn sent on its way carries the spawner's context too.
            CountDownLatch spawned = new CountDownLatch(64);
            Seen sp = new Seen("spawner");
            TRACE.set("spawner");
            try {
                pool.run(() -> {
                    for (int i = 0; i < 64; i++) {
                        WeftPool.current().spawn(() -> {
                            sp.leaf();
                            spawned.countDown();
                        });
                    }
                });
            } finally {
                TRACE.remove();
            }
            assertTrue(spawned.await(TIMEOUT_S, TimeUnit.SECONDS), "spawns did not run");
            assertTrue(sp.wrong.isEmpty(), "a spawn lost its context: " + sp.wrong.peek());
        } finally {
            TestPools.shutdownQuietly(pool);
        }
        assertNull(TRACE.get());
    }

    /** Stands for a ScopedValue, which the core's JDK 21 cannot name: set only inside {@code runWith}. */
    private static final ThreadLocal<String> BOUND = new ThreadLocal<>();

    /**
     * A {@link ContextCarrier.Binding} that binds {@link #BOUND} around the run, as a ScopedValue carrier
     * does, and puts the outer value back when the call returns. Counts its bindings; fails on restore,
     * which Weft must not call.
     */
    static final class BindingCarrier implements ContextCarrier.Binding<String> {
        final LongAdder bindings = new LongAdder();
        final ConcurrentLinkedQueue<String> restored = new ConcurrentLinkedQueue<>();

        @Override
        public String capture() {
            return BOUND.get();
        }

        @Override
        public void runWith(String state, Runnable run) {
            bindings.increment();
            String outer = BOUND.get();
            BOUND.set(state);
            try {
                run.run();
            } finally {
                BOUND.set(outer);
            }
        }

        @Override
        public void restore(String state) {
            restored.add(String.valueOf(state));
        }
    }

    /**
     * A binding carrier's state encloses every run that left its thread: every leaf of a request, forks,
     * asyncs left to the drain, loop halves, on every worker, sees its request's id and no other, and no
     * binding is left on a worker afterwards. Weft never calls the binding's restore.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void aBindingCarrierEnclosesEveryRunThatLeftItsThread(int workers) throws Exception {
        BindingCarrier binding = new BindingCarrier();
        WeftPool pool = WeftPool.builder().parallelism(workers).propagate(binding).build();
        try {
            threeRequests(pool, BOUND);
            assertTrue(binding.bindings.sum() > 0, "no job ran inside runWith");
            assertTrue(binding.restored.isEmpty(), "restore was called on a binding: " + binding.restored.peek());
            Seen after = new Seen(null, BOUND);
            pool.invoke(() -> tree(after, 3));
            assertTrue(after.wrong.isEmpty(), "a leftover binding: " + after.wrong.peek());
        } finally {
            TestPools.shutdownQuietly(pool);
        }
        assertNull(BOUND.get());
    }

    /**
     * A task that the stall monitor moves out of a worker blocked outside Weft (PROTOCOL.md, "Moving a
     * stalled worker's tasks") runs with the context of the job that forked it: the monitor cannot read
     * the stalled worker's context, and its own thread's has nothing to do with the task. The blocked
     * worker never polls, so the fork is neither published nor stolen: it can only run by a move.
     */
    @Test
    void aTaskMovedOutOfAStalledWorkerKeepsItsJobsContext() throws Exception {
        assumeTrue(TaskMoves.ENABLED, "task moves are off on this JVM");
        WeftPool pool = WeftPool.builder().parallelism(2).name("context-moves")
                .stallSampling(TimeUnit.MILLISECONDS.toNanos(1), 2).propagate(ContextCarrier.of(TRACE)).build();
        try {
            // The other worker is kept busy (not hungry) until after the fork, so that nobody asks for it and
            // it stays private; it can then leave only by a move. A try in which a hungry worker's signal
            // reached the fork all the same (it is stolen, carrying its context the ordinary way) is
            // checked too, and tried again.
            boolean moved = false;
            for (int attempt = 0; attempt < 10 && !moved; attempt++) {
                long before = pool.tasksMoved.get();
                AtomicReference<String> seen = new AtomicReference<>("not run");
                AtomicBoolean forked = new AtomicBoolean();
                StalledForkTest.occupy(pool, 1, forked);
                TRACE.set("moved");
                try {
                    pool.invoke(() -> {
                        CountDownLatch ran = new CountDownLatch(1);
                        Task<String> t = Task.of(() -> {
                            seen.set(TRACE.get());
                            ran.countDown();
                            return "done";
                        }).fork();
                        forked.set(true); // the other worker goes idle now
                        try {
                            assertTrue(ran.await(TIMEOUT_S, TimeUnit.SECONDS), "the fork was never moved");
                        } catch (InterruptedException e) {
                            throw new AssertionError(e);
                        }
                        return t.join();
                    });
                } finally {
                    TRACE.remove();
                }
                moved = pool.tasksMoved.get() > before;
                assertEquals("moved", seen.get(), "the context of a fork that " + (moved ? "was moved" : "was stolen"));
            }
            assertTrue(moved, "in 10 tries the fork never left by a move");
        } finally {
            TestPools.shutdownQuietly(pool);
        }
    }
}
