package dev.weft;

import static dev.weft.ProgramEval.*;
import static dev.weft.ProgramGen.*;
import static dev.weft.ProgramModel.*;
import static dev.weft.ProgramShrinker.*;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Runs a generated program on a pool (or on the serial reference runtime) and checks the run against the
 * program's serial meaning ({@link ProgramEval}): termination, the value, every leaf's count, the injected
 * failures reported exactly once. {@link Rt} is the API the interpreter calls, {@link WeftRt} Weft's.
 */
final class ProgramRunner {
    private ProgramRunner() {
    }

    interface Rt {
        void join(Runnable a, Runnable b);

        <A, B, R> R join(Supplier<A> a, Supplier<B> b, BiFunction<? super A, ? super B, ? extends R> c);

        int joinInt(IntSupplier a, IntSupplier b, IntBinaryOperator c);

        long joinLong(LongSupplier a, LongSupplier b, LongBinaryOperator c);

        double joinDouble(DoubleSupplier a, DoubleSupplier b, DoubleBinaryOperator c);

        int joinIntFn(IntUnaryOperator fn, int x, int y, IntBinaryOperator c);

        long joinLongFn(LongUnaryOperator fn, long x, long y, LongBinaryOperator c);

        double joinDoubleFn(DoubleUnaryOperator fn, double x, double y, DoubleBinaryOperator c);

        double joinDouble2(DoubleBinaryOperator fn, double x0, double x1, double y0, double y1, DoubleBinaryOperator c);

        double joinDouble3(Weft.DoubleOperator3 fn, double x0, double x1, double x2, double y0, double y1, double y2,
                           DoubleBinaryOperator c);

        void finish(Runnable body);

        void finish(Consumer<Finish> body);

        void async(Runnable body);

        void parallelFor(int from, int to, IntConsumer body);

        <R> R parallelReduce(int from, int to, R id, IntFunction<? extends R> map, BinaryOperator<R> c);

        int parallelReduceInt(int from, int to, int id, IntUnaryOperator map, IntBinaryOperator c);

        long parallelReduceLong(int from, int to, long id, IntToLongFunction map, LongBinaryOperator c);

        double parallelReduceDouble(int from, int to, double id, IntToDoubleFunction map, DoubleBinaryOperator c);

        long blocking(Callable<Long> action);

        void fork(Task<Long> t);

        Long join(Task<Long> t);

        Long invoke(Task<Long> t);

        Long get(Task<Long> t) throws Exception;

        /** form 0: invokeAll(a, b); 1: varargs; 2: collection. */
        void invokeAll(int form, Task<Long>[] ts);

        /**
         * Waits for forked task {@code t} outside Weft — form 0: a spin, 1: a latch its body counts down, 2:
         * a sleep loop — as ForkJoinPool code does that relies on its forks being stealable. Bounded by a
         * watchdog that tells a wait the pool completed from one it diagnosed and one it left silent.
         */
        void awaitOutside(GenTask t, int form, Run r);
    }

    /** The API as Weft implements it (not final: {@link DropsEveryThirdFork} plants a fault in it). */
    static class WeftRt implements Rt {
        @Override
        public void join(Runnable a, Runnable b) {
            Weft.join(a, b);
        }

        @Override
        public <A, B, R> R join(Supplier<A> a, Supplier<B> b, BiFunction<? super A, ? super B, ? extends R> c) {
            return Weft.join(a, b, c);
        }

        @Override
        public int joinInt(IntSupplier a, IntSupplier b, IntBinaryOperator c) {
            return Weft.joinInt(a, b, c);
        }

        @Override
        public long joinLong(LongSupplier a, LongSupplier b, LongBinaryOperator c) {
            return Weft.joinLong(a, b, c);
        }

        @Override
        public double joinDouble(DoubleSupplier a, DoubleSupplier b, DoubleBinaryOperator c) {
            return Weft.joinDouble(a, b, c);
        }

        @Override
        public int joinIntFn(IntUnaryOperator fn, int x, int y, IntBinaryOperator c) {
            return Weft.joinInt(fn, x, y, c);
        }

        @Override
        public long joinLongFn(LongUnaryOperator fn, long x, long y, LongBinaryOperator c) {
            return Weft.joinLong(fn, x, y, c);
        }

        @Override
        public double joinDoubleFn(DoubleUnaryOperator fn, double x, double y, DoubleBinaryOperator c) {
            return Weft.joinDouble(fn, x, y, c);
        }

        @Override
        public double joinDouble2(DoubleBinaryOperator fn, double x0, double x1, double y0, double y1, DoubleBinaryOperator c) {
            return Weft.joinDouble(fn, x0, x1, y0, y1, c);
        }

        @Override
        public double joinDouble3(Weft.DoubleOperator3 fn, double x0, double x1, double x2, double y0, double y1, double y2,
                                  DoubleBinaryOperator c) {
            return Weft.joinDouble(fn, x0, x1, x2, y0, y1, y2, c);
        }

        @Override
        public void finish(Runnable body) {
            Weft.finish(body);
        }

        @Override
        public void finish(Consumer<Finish> body) {
            Weft.finish(body);
        }

        @Override
        public void async(Runnable body) {
            Weft.async(body);
        }

        @Override
        public void parallelFor(int from, int to, IntConsumer body) {
            Weft.parallelFor(from, to, body);
        }

        @Override
        public <R> R parallelReduce(int from, int to, R id, IntFunction<? extends R> map, BinaryOperator<R> c) {
            return Weft.parallelReduce(from, to, id, map, c);
        }

        @Override
        public int parallelReduceInt(int from, int to, int id, IntUnaryOperator map, IntBinaryOperator c) {
            return Weft.parallelReduceInt(from, to, id, map, c);
        }

        @Override
        public long parallelReduceLong(int from, int to, long id, IntToLongFunction map, LongBinaryOperator c) {
            return Weft.parallelReduceLong(from, to, id, map, c);
        }

        @Override
        public double parallelReduceDouble(int from, int to, double id, IntToDoubleFunction map, DoubleBinaryOperator c) {
            return Weft.parallelReduceDouble(from, to, id, map, c);
        }

        @Override
        public long blocking(Callable<Long> action) {
            try {
                return Weft.<Long, Exception>blocking(action::call);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("blocking action threw " + e, e);
            }
        }

        @Override
        public void fork(Task<Long> t) {
            t.fork();
        }

        @Override
        public Long join(Task<Long> t) {
            return t.join();
        }

        @Override
        public Long invoke(Task<Long> t) {
            return t.invoke();
        }

        @Override
        public Long get(Task<Long> t) throws Exception {
            return t.get();
        }

        @Override
        public void invokeAll(int form, Task<Long>[] ts) {
            switch (form) {
                case 0 -> Task.invokeAll(ts[0], ts[1]);
                case 1 -> Task.invokeAll(ts);
                default -> Task.invokeAll(Arrays.asList(ts));
            }
        }

        @Override
        public void awaitOutside(GenTask t, int form, Run r) {
            r.waited(Waits.await(r.pool, t, form));
        }
    }

    static final int SPAWNED = 1, STARTED = 2, DONE = 4;

    static final class GenTask extends Task<Long> {
        final Node body;
        final Run r;
        final String label;

        GenTask(Node body, Run r, String label) {
            this.body = body;
            this.r = r;
            this.label = label;
        }

        /** Counted down when the body ends, however it ends: what a latch wait outside Weft waits for. */
        final CountDownLatch ended = new CountDownLatch(1);

        @Override
        protected Long compute() {
            try {
                return body.exec(r);
            } finally {
                ended.countDown();
            }
        }
    }

    static final class Run {
        final Program p;
        final Rt rt;
        final WeftPool pool;
        final AtomicIntegerArray leafHits;
        final AtomicIntegerArray siteHits;
        final AtomicIntegerArray asyncState;
        final AtomicIntegerArray notStartedAtExit;
        final AtomicLongArray slots;
        final AtomicIntegerArray slotSet;
        final AtomicReferenceArray<Finish> finishes;
        final AtomicReferenceArray<GenTask> tasks;
        final ConcurrentLinkedQueue<InjectedFailure> thrown = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
        final List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
        /** Spawned bodies not yet finished; the checks wait for zero. */
        final AtomicInteger spawnsInFlight = new AtomicInteger();
        /** Spawned bodies that threw; the checks wait until the handler has reported as many. */
        final AtomicInteger spawnsFailed = new AtomicInteger();
        /** What reached the uncaught exception handler (spawned bodies' failures). */
        final ConcurrentLinkedQueue<Throwable> uncaught = new ConcurrentLinkedQueue<>();
        /** How the waits outside Weft ended, counted per {@link Waits.Outcome}. */
        final AtomicIntegerArray waitOutcomes = new AtomicIntegerArray(Waits.Outcome.values().length);

        void waited(Waits.Outcome o) {
            waitOutcomes.incrementAndGet(o.ordinal());
            if (o == Waits.Outcome.SILENT) {
                violation("SILENT_WAIT", "a wait outside Weft for a forked task neither completed nor was diagnosed"
                        + " within " + Waits.WATCHDOG_MS + " ms while workers were idle");
            }
        }

        Run(Program p, Rt rt, WeftPool pool) {
            this.p = p;
            this.rt = rt;
            this.pool = pool;
            leafHits = new AtomicIntegerArray(p.nLeaves);
            siteHits = new AtomicIntegerArray(p.nSites);
            asyncState = new AtomicIntegerArray(p.nAsyncs);
            notStartedAtExit = new AtomicIntegerArray(p.nAsyncs);
            slots = new AtomicLongArray(p.nSlots);
            slotSet = new AtomicIntegerArray(p.nSlots);
            finishes = new AtomicReferenceArray<>(p.nFinishes);
            tasks = new AtomicReferenceArray<>(p.nTasks);
        }

        RuntimeException fail(int site, String where) {
            InjectedFailure e = new InjectedFailure(site, where);
            thrown.add(e);
            siteHits.incrementAndGet(site);
            return e;
        }

        void violation(String category, String message) {
            violations.add(category + ": " + message);
        }

        void setSlot(int s, long v, String what) {
            if (slotSet.getAndSet(s, 1) != 0) {
                violation("LEAF_TWICE", what + " completed twice (its result slot was written twice)");
            }
            slots.set(s, v);
        }

        Thread startThread(String name, Runnable body) {
            Thread t = new Thread(body, "gen-" + name);
            t.setDaemon(true);
            threads.add(t);
            t.start();
            return t;
        }

        /**
         * Flattens failures the interpreter caught into one exception holding each injected failure once,
         * after checking that none was reported twice within one caught exception.
         */
        RuntimeException merge(List<Throwable> fails, String where) {
            ProgramFailure pf = new ProgramFailure(where);
            Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Throwable t : fails) {
                List<InjectedFailure> inj = new ArrayList<>();
                List<Throwable> other = new ArrayList<>();
                walk(t, inj, other, 0);
                Set<Throwable> once = Collections.newSetFromMap(new IdentityHashMap<>());
                for (InjectedFailure f : inj) {
                    if (!once.add(f)) {
                        violation("DUP_FAILURE", "S" + f.site + " is reachable twice from one exception caught at "
                                + where + ":\n" + describe(t));
                    }
                }
                for (InjectedFailure f : inj) {
                    if (seen.add(f)) {
                        pf.addSuppressed(f);
                    }
                }
                for (Throwable o : other) {
                    if (seen.add(o)) {
                        StringBuilder sb = new StringBuilder(o.toString());
                        for (StackTraceElement e : o.getStackTrace()) {
                            sb.append("\n        at ").append(e);
                        }
                        pf.addSuppressed(new Unexpected(sb.toString()));
                    }
                }
            }
            if (pf.getSuppressed().length == 0) {
                // Only loops' cancellations were caught (walk skips them): pass one on as Weft would, so
                // that the cancelled scope around does not report it.
                return new java.util.concurrent.CancellationException("parallel loop cancelled");
            }
            return pf;
        }
    }

    // =============================================================================================
    // Serial evaluation

    static final class Result {
        final Program program;
        final int parallelism;
        final List<String> problems = new ArrayList<>();
        String dump;
        String thrown;

        Result(Program program, int parallelism) {
            this.program = program;
            this.parallelism = parallelism;
        }

        boolean ok() {
            return problems.isEmpty();
        }

        String category() {
            if (problems.isEmpty()) {
                return "OK";
            }
            String s = problems.get(0);
            int i = s.indexOf(':');
            return i < 0 ? s : s.substring(0, i);
        }

        boolean has(String category) {
            for (String s : problems) {
                if (s.startsWith(category + ":")) {
                    return true;
                }
            }
            return false;
        }

        String report() {
            StringBuilder sb = new StringBuilder();
            String where = parallelism == 0 ? "the serial reference runtime" : parallelism < 0 ? "the alternative serial runtime"
                    : "a pool of parallelism " + parallelism;
            sb.append("weft program generator: ").append(category()).append(" for seed ").append(program.seed)
                    .append(" on ").append(where).append('\n');
            sb.append("rerun: mvn -pl weft-core test -Dtest=ProgramGeneratorTest#randomPrograms -Dweft.gen.seed=").append(program.seed)
                    .append(" -Dweft.gen.parallelism=").append(Math.max(1, parallelism)).append(program.opts.flags())
                    .append("   (or: ./weft soak 1 --seed-only ").append(program.seed).append(" --parallelism ").append(Math.max(1, parallelism))
                    .append(program.opts.disabled.isEmpty() ? "" : " --no " + String.join(",", program.opts.disabled)).append(")\n");
            sb.append("problems:\n");
            for (String s : problems) {
                sb.append("  ").append(s.replace("\n", "\n    ")).append('\n');
            }
            if (thrown != null) {
                sb.append("the run threw:\n").append(thrown.indent(2));
            }
            sb.append("program (").append(program.size()).append(" nodes; leaves L, injected failures S; in a join 'b' runs first inline, 'a' is offered to thieves):\n");
            sb.append(program.print().indent(2));
            if (dump != null) {
                sb.append("thread dump:\n").append(dump);
            }
            return sb.toString();
        }
    }

    private static final AtomicInteger POOLS = new AtomicInteger();

    static String dumpThreads(String poolName, Run r, Thread driver) {
        StringBuilder sb = new StringBuilder();
        Set<Thread> mine = Collections.newSetFromMap(new IdentityHashMap<>());
        synchronized (r.threads) {
            mine.addAll(r.threads);
        }
        mine.add(driver);
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            if (!mine.contains(t) && !t.getName().startsWith(poolName + "-")) {
                continue;
            }
            sb.append("  \"").append(t.getName()).append("\" ").append(t.getState()).append('\n');
            StackTraceElement[] st = e.getValue();
            for (int i = 0; i < Math.min(st.length, 40); i++) {
                sb.append("      at ").append(st[i]).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * Runs {@code p} once on a fresh pool of the given parallelism (0: the serial reference runtime)
     * and checks the run against the program's serial meaning.
     */
    /**
     * Applied to the builder of every pool the runner makes: the identity, except in the test that plants a fault
     * in the runtime and requires the generator to catch it (it sets and restores it).
     */
    static volatile UnaryOperator<WeftPool.Builder> plantedFault = UnaryOperator.identity();
    /**
     * Makes the runtime adapter of each run on a pool: {@link WeftRt}, except in the test that plants a
     * deterministic fault in the adapter (it sets and restores it).
     */
    static volatile Supplier<Rt> weftRt = WeftRt::new;

    /**
     * A planted fault in the runtime adapter, for the test that shows failures are caught and shrunk: every
     * third {@code fork()} of a run is dropped (the task never runs) and a join or get of a dropped task returns
     * 0 at once (an await outside Weft skips a task that was not forked). Which forks are dropped depends only
     * on the order of the forks, so at parallelism 1 the same program fails the same way on every run, and the
     * shrinker needs one try per candidate.
     */
    static final class DropsEveryThirdFork extends WeftRt {
        private final AtomicInteger forks = new AtomicInteger();
        private final Set<Task<Long>> dropped = ConcurrentHashMap.newKeySet();

        @Override
        public void fork(Task<Long> t) {
            if (forks.incrementAndGet() % 3 == 0) {
                dropped.add(t);
            } else {
                super.fork(t);
            }
        }

        @Override
        public Long join(Task<Long> t) {
            return dropped.contains(t) ? 0L : super.join(t);
        }

        @Override
        public Long get(Task<Long> t) throws Exception {
            return dropped.contains(t) ? 0L : super.get(t);
        }
    }

    static Result runOnce(Program p, int parallelism, long deadlineMs) {
        Result res = new Result(p, parallelism);
        Ev ev = new Ev(p, true);
        Outcome expected = p.root.eval(ev, true);
        String poolName = "gen" + POOLS.incrementAndGet() + "p" + parallelism;
        ConcurrentLinkedQueue<Throwable> uncaught = new ConcurrentLinkedQueue<>();
        // The monitor samples every 5 ms (a stall in 20 ms): waits outside Weft end fast, and its moves
        // race with everything the programs do, also in the sleeps and spins of noisy leaves.
        WeftPool pool = parallelism <= 0 ? null : plantedFault.apply(WeftPool.builder()).parallelism(parallelism).name(poolName)
                .stallSampling(Waits.MONITOR_PERIOD_NANOS, 4)
                .uncaughtExceptionHandler((t, e) -> uncaught.add(e)).build();
        Rt rt = parallelism <= 0 ? new SerialRt(parallelism < 0) : weftRt.get();
        Run r = new Run(p, rt, pool);
        Object[] out = new Object[2];
        Thread driver = new Thread(() -> {
            try {
                out[0] = pool == null ? (Long) p.root.exec(r) : pool.invoke(() -> p.root.exec(r));
            } catch (Throwable t) {
                out[1] = t;
            }
        }, "gen-driver-" + poolName);
        driver.setDaemon(true);
        driver.start();
        try {
            driver.join(deadlineMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (driver.isAlive()) {
            res.problems.add("HANG: the program did not finish within " + deadlineMs + " ms (thread dump below)");
            res.dump = dumpThreads(poolName, r, driver) + (pool != null ? "scheduler state:\n" + pool.debugState() : "");
            if (pool != null) {
                pool.shutdownNow();
            }
            return res;
        }
        long spawnDeadline = System.nanoTime() + deadlineMs * 1_000_000L;
        // Every spawned body has ended, and the pool's handler has received each one's failure (it is
        // called after the body has thrown, so after the body stopped counting as in flight).
        while ((r.spawnsInFlight.get() > 0 || (pool != null && uncaught.size() < r.spawnsFailed.get()))
                && System.nanoTime() - spawnDeadline < 0) {
            LockSupport.parkNanos(100_000L);
        }
        if (r.spawnsInFlight.get() > 0 || (pool != null && uncaught.size() < r.spawnsFailed.get())) {
            res.problems.add("HANG: " + r.spawnsInFlight.get() + " spawned bodies did not finish, or "
                    + (r.spawnsFailed.get() - uncaught.size()) + " failures of spawned bodies did not reach the "
                    + "uncaught exception handler, within " + deadlineMs + " ms after the program returned (thread dump below)");
            res.dump = dumpThreads(poolName, r, driver) + (pool != null ? "scheduler state:\n" + pool.debugState() : "");
            if (pool != null) {
                pool.shutdownNow();
            }
            return res;
        }
        r.uncaught.addAll(uncaught);
        if (pool != null) {
            Thread closer = new Thread(pool::close, "gen-closer-" + poolName);
            closer.setDaemon(true);
            closer.start();
            try {
                closer.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (closer.isAlive()) {
                res.problems.add("CLOSE_HANG: the program finished but pool.close() did not return within 10 s");
                res.dump = dumpThreads(poolName, r, closer);
                pool.shutdownNow();
            }
        }
        List<Thread> threads;
        synchronized (r.threads) {
            threads = new ArrayList<>(r.threads);
        }
        for (Thread t : threads) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                res.problems.add("GENERATOR: helper thread " + t.getName() + " still running after the program finished");
            }
        }
        check(res, r, ev, expected, (Long) out[0], (Throwable) out[1]);
        return res;
    }

    static final List<String> ORDER = List.of("HANG", "CLOSE_HANG", "GENERATOR", "UNEXPECTED_EXCEPTION", "ARGS", "LOOP_INDEX",
            "FINISH_EARLY", "REDUCE_ORDER", "LEAF_TWICE", "LEAF_SKIPPED", "LEAF_UNEXPECTED", "LOST_FAILURE",
            "PHANTOM_FAILURE", "DUP_FAILURE", "SHOULD_THROW", "SHOULD_NOT_THROW", "WRONG_RESULT");

    private static void check(Result res, Run r, Ev ev, Outcome expected, Long value, Throwable thrown) {
        Map<String, List<String>> by = new LinkedHashMap<>();
        for (String c : ORDER) {
            by.put(c, new ArrayList<>());
        }
        for (String s : res.problems) {
            by.computeIfAbsent(s.substring(0, s.indexOf(':')), k -> new ArrayList<>()).add(s);
        }
        for (String v : r.violations) {
            by.computeIfAbsent(v.substring(0, v.indexOf(':')), k -> new ArrayList<>()).add(v);
        }
        Program p = r.p;
        // failures reported vs thrown
        Set<Throwable> reported = Collections.newSetFromMap(new IdentityHashMap<>());
        if (thrown != null) {
            res.thrown = describe(thrown);
            List<InjectedFailure> inj = new ArrayList<>();
            List<Throwable> other = new ArrayList<>();
            walk(thrown, inj, other, 0);
            for (Throwable o : other) {
                StringBuilder sb = new StringBuilder("UNEXPECTED_EXCEPTION: ").append(o);
                if (!(o instanceof Unexpected)) {
                    StackTraceElement[] st = o.getStackTrace();
                    for (int i = 0; i < Math.min(st.length, 30); i++) {
                        sb.append("\n    at ").append(st[i]);
                    }
                }
                by.get("UNEXPECTED_EXCEPTION").add(sb.toString());
            }
            for (InjectedFailure f : inj) {
                if (!reported.add(f)) {
                    by.get("DUP_FAILURE").add("DUP_FAILURE: S" + f.site + " is reported twice in the thrown exception");
                }
            }
            if (!expected.may() && other.isEmpty()) {
                by.get("SHOULD_NOT_THROW").add("SHOULD_NOT_THROW: no injected failure can happen, yet the program threw " + thrown);
            }
        } else {
            if (expected.must()) {
                by.get("SHOULD_THROW").add("SHOULD_THROW: serial semantics says the program must fail, but it returned " + value);
            } else if (expected.det() && (value == null || value != expected.value())) {
                by.get("WRONG_RESULT").add("WRONG_RESULT: the program returned " + value + ", its serial meaning is " + expected.value());
            }
        }
        // Failures of spawned bodies go to the uncaught exception handler: reported there, each once.
        for (Throwable u : r.uncaught) {
            List<InjectedFailure> inj = new ArrayList<>();
            List<Throwable> other = new ArrayList<>();
            walk(u, inj, other, 0);
            for (Throwable o : other) {
                by.get("UNEXPECTED_EXCEPTION").add("UNEXPECTED_EXCEPTION: the uncaught exception handler got " + o);
            }
            for (InjectedFailure f : inj) {
                if (!reported.add(f)) {
                    by.get("DUP_FAILURE").add("DUP_FAILURE: S" + f.site + " is reported twice (uncaught exception handler)");
                }
            }
        }
        Set<Throwable> thrownSet = Collections.newSetFromMap(new IdentityHashMap<>());
        thrownSet.addAll(r.thrown);
        for (InjectedFailure f : r.thrown) {
            if (!reported.contains(f)) {
                by.get("LOST_FAILURE").add("LOST_FAILURE: S" + f.site + " (" + f.getMessage() + ") was thrown but is not reported"
                        + (thrown == null ? " (the program returned normally)" : " in the thrown exception"));
            }
        }
        for (Throwable f : reported) {
            if (!thrownSet.contains(f)) {
                by.get("PHANTOM_FAILURE").add("PHANTOM_FAILURE: " + f + " is reported but was never thrown in this run");
            }
        }
        for (int s = 0; s < p.nSites; s++) {
            int h = r.siteHits.get(s);
            if (h > 1) {
                by.get("LEAF_TWICE").add("LEAF_TWICE: failure site S" + s + " threw " + h + " times (it runs at most once)");
            } else if (h == 0 && ev.site[s] == EXACT && thrown != null && by.get("UNEXPECTED_EXCEPTION").isEmpty()) {
                by.get("LEAF_SKIPPED").add("LEAF_SKIPPED: failure site S" + s + " must throw exactly once but never ran");
            } else if (h > 0 && ev.site[s] == NONE) {
                by.get("LEAF_UNEXPECTED").add("LEAF_UNEXPECTED: failure site S" + s + " is not in the program but threw");
            }
        }
        for (int l = 0; l < p.nLeaves; l++) {
            int h = r.leafHits.get(l);
            byte e = ev.leaf[l];
            if (h > 1) {
                by.get("LEAF_TWICE").add("LEAF_TWICE: leaf L" + l + " ran " + h + " times");
            } else if (h == 0 && e == EXACT) {
                by.get("LEAF_SKIPPED").add("LEAF_SKIPPED: leaf L" + l + " must run exactly once but never ran");
            } else if (h == 1 && e == NONE) {
                by.get("LEAF_UNEXPECTED").add("LEAF_UNEXPECTED: leaf L" + l + " is not in the program but ran");
            }
        }
        for (int a = 0; a < p.nAsyncs; a++) {
            if (r.notStartedAtExit.get(a) == 1 && (r.asyncState.get(a) & STARTED) != 0) {
                by.get("FINISH_EARLY").add("FINISH_EARLY: async#" + a + " of a cancelled scope started after its finish returned");
            }
        }
        res.problems.clear();
        for (List<String> l : by.values()) {
            for (int i = 0; i < l.size(); i++) {
                if (i == 6) {
                    res.problems.add(l.get(0).substring(0, l.get(0).indexOf(':')) + ": ... and " + (l.size() - 6) + " more");
                    break;
                }
                res.problems.add(l.get(i));
            }
        }
    }

    /**
     * Generates the program of {@code seed}, checks the serial reference run (a failure there is a
     * generator bug), then runs it on pools of each parallelism; returns the first failing result, or
     * an ok result.
     */
    static Result checkSeed(long seed, Options o, int[] parallelisms) {
        Program p = generate(seed, o);
        return checkProgram(p, parallelisms, o.deadlineSeconds * 1000L);
    }

    static Result checkProgram(Program p, int[] parallelisms, long deadlineMs) {
        Result serial = runOnce(p, 0, deadlineMs);
        if (serial.ok()) {
            serial = runOnce(p, -1, deadlineMs);
        }
        if (!serial.ok()) {
            serial.problems.add(0, "GENERATOR: the serial reference run disagrees with the serial meaning: a bug in ProgramGen, not in Weft");
            return serial;
        }
        for (int par : parallelisms) {
            Result r = runOnce(p, par, deadlineMs);
            if (!r.ok()) {
                return r;
            }
        }
        return serial;
    }

    static int[] parseParallelisms(String s) {
        return Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).mapToInt(Integer::parseInt).toArray();
    }

    // =============================================================================================
    // Shrinking
}
