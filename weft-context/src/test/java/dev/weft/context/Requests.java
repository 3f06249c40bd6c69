package dev.weft.context;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.ContextCarrier;
import dev.weft.Task;
import dev.weft.Weft;
import dev.weft.WeftPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The test of issue 24's wording, for any {@link Trace}: a trace id set before {@code invoke} is seen by
 * every leaf — forks, joins, asyncs, loop iterations, on whichever worker runs them — and by no leaf of
 * another request running at the same time; and between jobs a worker has no trace id ({@link Probe}).
 */
final class Requests {
    static final long TIMEOUT_S = 60;

    private Requests() {
    }

    /** What the leaves of one request saw. */
    static final class Seen {
        final String id;
        final Trace trace;
        final LongAdder leaves = new LongAdder();
        final ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        final Set<Thread> threads = ConcurrentHashMap.newKeySet();

        Seen(String id, Trace trace) {
            this.id = id;
            this.trace = trace;
        }

        void leaf() {
            String t = trace.current();
            if (!Objects.equals(t, id)) {
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

        void check() {
            assertTrue(wrong.isEmpty(), id + ": " + wrong.size() + " of " + leaves.sum()
                    + " leaves saw another trace id, e.g. " + wrong.peek() + " (threads: " + threads.size() + ")");
            assertTrue(leaves.sum() > 0, id + ": no leaf ran");
        }
    }

    /** Forks, a finish with asyncs, a loop and a two-way join, over a tree of the given depth. */
    static long tree(Seen s, int depth) {
        if (depth == 0) {
            s.leaf();
            return 1;
        }
        Task<Long> a = Task.of(() -> tree(s, depth - 1)).fork();
        Weft.finish(() -> Weft.async(s::leaf));
        Weft.parallelFor(0, 4, i -> s.leaf());
        long b = Weft.join(() -> tree(s, depth - 1), () -> tree(s, depth - 1), Long::sum);
        return a.join() + b + tree(s, depth - 1);
    }

    /**
     * Runs three requests at once from three threads, five invokes each: two with a trace id, one
     * without (it must see none, not a neighbour's). Fails unless every leaf saw its own request's id.
     */
    static void threeRequests(WeftPool pool, Trace trace) throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(3);
        try {
            Seen[] all = {new Seen("request-a", trace), new Seen("request-b", trace), new Seen(null, trace)};
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> fs = new ArrayList<>();
            for (Seen s : all) {
                fs.add(callers.submit(() -> {
                    assertTrue(start.await(TIMEOUT_S, TimeUnit.SECONDS));
                    trace.within(s.id, () -> {
                        for (int round = 0; round < 5; round++) {
                            pool.invoke(() -> tree(s, 4));
                        }
                        return null;
                    });
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : fs) {
                f.get(TIMEOUT_S, TimeUnit.SECONDS);
            }
            for (Seen s : all) {
                s.check();
            }
        } finally {
            callers.shutdownNow();
        }
    }

    /**
     * A carrier that checks the carrier under test, registered after it: it records the trace id a worker
     * has between jobs, which must be none. Weft calls a pool's carriers in brackets: to run a job that
     * left its thread the worker captures its own context with every carrier and then restores the job's
     * with every carrier, in registration order; after the run it restores its own. So this carrier's
     * capture, when a bracket opens, sees the worker's context before the job's is installed; a bracket
     * opened with no other open on the thread is a job at the worker's top level, where that context must
     * be empty. Brackets are recognised as {@link OtelCarrier} recognises them: each capture is a new
     * object, and the restore that closes a bracket gets the capture that opened it.
     */
    static final class Probe implements ContextCarrier<Probe.Token> {
        /** One capture: the trace id current when it was made, and the bracket below it once opened. */
        static final class Token {
            final String seen;
            Token below;

            Token(String seen) {
                this.seen = seen;
            }
        }

        private final Trace trace;
        private final ThreadLocal<Token> last = new ThreadLocal<>();
        private final ThreadLocal<Token> open = new ThreadLocal<>();
        final LongAdder topLevelRuns = new LongAdder();
        final ConcurrentLinkedQueue<String> leaks = new ConcurrentLinkedQueue<>();

        Probe(Trace trace) {
            this.trace = trace;
        }

        @Override
        public Token capture() {
            Token t = new Token(trace.current());
            last.set(t);
            return t;
        }

        @Override
        public void restore(Token state) {
            Token top = open.get();
            if (top != null && top == state) {
                open.set(top.below); // the bracket closes
                return;
            }
            Token own = last.get(); // captured just before, by the same bracket
            if (top == null) {
                topLevelRuns.increment();
                if (own.seen != null) {
                    leaks.add(Thread.currentThread().getName() + " had " + own.seen + " between jobs");
                }
            }
            own.below = top;
            open.set(own);
        }

        void check() {
            assertTrue(topLevelRuns.sum() > 0, "no job left its thread: nothing was checked");
            assertTrue(leaks.isEmpty(), leaks.size() + " jobs started on a worker that kept a trace id, e.g. "
                    + leaks.peek());
        }
    }

    /**
     * The whole check at one worker count: three concurrent requests on a pool that carries {@code
     * carrier}, then one without a trace id; the probe watches every worker between jobs.
     */
    static void check(int workers, ContextCarrier<?> carrier, Trace trace) throws Exception {
        Probe probe = new Probe(trace);
        WeftPool pool = WeftPool.builder().parallelism(workers).name("context-" + workers)
                .propagate(carrier, probe).build();
        try {
            threeRequests(pool, trace);
            Seen after = new Seen(null, trace);
            pool.invoke(() -> tree(after, 3));
            after.check();
            probe.check();
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(TIMEOUT_S, TimeUnit.SECONDS);
        }
        assertTrue(trace.current() == null, "the test thread kept a trace id: " + trace.current());
    }
}
