package dev.weft;

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

/**
 * A randomized program generator for Weft, with an interpreter and a serial reference evaluator.
 *
 * <p>{@link #generate} builds, from a seed, a random tree-shaped program (an AST of {@link Node}s) over
 * the whole API: {@link Task} fork/join/invoke/invokeAll/get in random (also out-of-order and repeated)
 * orders, joins of tasks forked by an ancestor ("cross joins"), every {@code Weft.join} form,
 * finish/async (nested, asyncs spawning asyncs, cancellation), {@code parallelFor} and the
 * {@code parallelReduce} family with non-commutative associative combines, {@code Weft.blocking},
 * submissions from threads outside the pool, injected failures and scheduling noise.
 *
 * <p>Every node computes a {@code long}; the serial meaning of the tree is computed by
 * {@link Node#eval}, a three-valued evaluator: for each leaf it says whether the leaf must run exactly
 * once or at most once (work that a construct may legitimately drop: the other half of a join whose
 * inline half threw, loop iterations after a failure, asyncs of a cancelled scope), for each injected
 * failure whether it must or may be thrown, and whether the whole program must throw, may throw, or
 * returns a known value. {@link #runOnce} runs the program on a pool (or on {@link SerialRt}, a plain
 * serial implementation of the same API that validates the generator itself) and checks the run
 * against that meaning: termination, the value, every leaf's count, and that the set of injected
 * failures reachable from the thrown exception (cause and suppressed, recursively) is exactly the set
 * that was thrown, each once. Only checks that hold under every schedule are made.
 *
 * <p>Feature switches (to keep finding new bugs while known ones are open): system property
 * {@code weft.gen.no=feature,feature} or {@code weft.gen.noFeature=true}; see {@link Options#FEATURES}.
 */
final class ProgramGen {
    private ProgramGen() {
    }

    // =============================================================================================
    // Options

    static final class Options {
        /** Generator features that can be switched off. */
        static final List<String> FEATURES = List.of(
                "tasks",            // Task fork/join/invoke/invokeAll groups
                "outOfOrder",       // join forked tasks in any order (else strictly LIFO)
                "joinTwice",        // join (or get) a task a second time
                "crossJoin",        // join, from a descendant, a task forked by an ancestor task group
                "invokeAll",        // Task.invokeAll in its three forms
                "taskGet",          // Future.get() on tasks inside the pool
                "joins",            // Weft.join / joinInt / joinLong / joinDouble, all forms
                "joinCombineThrow", // a join's combine function throws
                "finish",           // finish/async
                "asyncNest",        // asyncs that spawn asyncs of the same scope
                "cancel",           // Finish.cancel()
                "loops",            // parallelFor / parallelReduce*
                "bigLoops",         // loops of 16..115 iterations (so that they split)
                "reduceThrow",      // a parallelReduce combine throws
                "blocking",         // Weft.blocking around sleeps and latch waits
                "external",         // submissions from threads outside the pool
                "inboxJoin",        // a worker joins a task submitted from outside (may still be in the inbox)
                "spawn",            // WeftPool.spawn: detached forks, failures to the uncaught handler
                "waits",            // wait for an own fork outside Weft (a spin, a latch, a sleep loop), then join it
                "failures",         // injected exceptions at all
                "noise");           // spins, yields, parks and sleeps in leaves
        final Set<String> disabled = new TreeSet<>();
        int maxDepth = 5;
        int maxNodes = 60;
        int deadlineSeconds = 20;
        /** Most injected failure sites per program (1 avoids the combination of several failures). */
        int maxFailures = Integer.MAX_VALUE;

        boolean on(String f) {
            return !disabled.contains(f);
        }

        Options disable(String f) {
            if (!FEATURES.contains(f)) {
                throw new IllegalArgumentException("unknown generator feature '" + f + "'; known: " + FEATURES);
            }
            disabled.add(f);
            return this;
        }

        static Options fromSystemProperties() {
            Options o = new Options();
            for (String f : FEATURES) {
                if (Boolean.getBoolean("weft.gen.no" + Character.toUpperCase(f.charAt(0)) + f.substring(1))) {
                    o.disable(f);
                }
            }
            for (String f : System.getProperty("weft.gen.no", "").split(",")) {
                if (!f.isBlank()) {
                    o.disable(f.trim());
                }
            }
            o.maxDepth = Integer.getInteger("weft.gen.maxDepth", o.maxDepth);
            o.maxNodes = Integer.getInteger("weft.gen.maxNodes", o.maxNodes);
            o.deadlineSeconds = Integer.getInteger("weft.gen.deadlineSeconds", o.deadlineSeconds);
            o.maxFailures = Integer.getInteger("weft.gen.maxFailures", o.maxFailures);
            return o;
        }

        /** The -D flags that reproduce these options (the program of a seed depends on them). */
        String flags() {
            StringBuilder sb = new StringBuilder();
            if (!disabled.isEmpty()) {
                sb.append(" -Dweft.gen.no=").append(String.join(",", disabled));
            }
            if (maxDepth != 5) {
                sb.append(" -Dweft.gen.maxDepth=").append(maxDepth);
            }
            if (maxNodes != 60) {
                sb.append(" -Dweft.gen.maxNodes=").append(maxNodes);
            }
            if (maxFailures != Integer.MAX_VALUE) {
                sb.append(" -Dweft.gen.maxFailures=").append(maxFailures);
            }
            return sb.toString();
        }
    }

    // =============================================================================================
    // Values: affine maps x -> a*x + b (mod p), packed in a long; composition is associative and
    // not commutative, so a swapped or regrouped-out-of-order combine shows in the result.

    static final long P = 2147483647L;
    static final long ID = 1L << 32;

    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    static long affine(long h) {
        long a = 1 + Math.floorMod(h, P - 1);
        long b = Math.floorMod(h >>> 21, P);
        return (a << 32) | b;
    }

    static long compose(long x, long y) {
        long a1 = (x >>> 32) % P, b1 = (x & 0xffffffffL) % P;
        long a2 = (y >>> 32) % P, b2 = (y & 0xffffffffL) % P;
        return ((a1 * a2 % P) << 32) | ((a1 * b2 + b1) % P);
    }

    static long leafValue(int id) {
        return affine(mix64(id * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L));
    }

    static int toInt(long v) {
        return (int) mix64(v);
    }

    static int combInt(int x, int y) {
        return (int) mix64(((long) x << 32) ^ (y & 0xffffffffL) ^ 0x5DEECE66DL);
    }

    static final long M50 = (1L << 50) - 1;

    static double toD(long v) {
        return (double) (mix64(v) & M50);
    }

    static double combD(double x, double y) {
        return (double) (mix64(mix64((long) x) + (long) y) & M50);
    }

    /** parallelReduceInt/Double domain: affine maps over Z/251, packed as a << 8 | b. */
    static final int ID_I = 1 << 8;

    static int elemI(long v) {
        return ((1 + (int) Math.floorMod(v, 250L)) << 8) | (int) Math.floorMod(v >>> 9, 251L);
    }

    static int composeI(int x, int y) {
        int a1 = (x >>> 8) & 0xffff, b1 = x & 255, a2 = (y >>> 8) & 0xffff, b2 = y & 255;
        return ((a1 * a2 % 251) << 8) | ((a1 * b2 + b1) % 251);
    }

    /**
     * parallelReduceLong domain: a segment [lo, hi) of loop positions and an affine map mod M24:
     * lo << 56 | hi << 48 | a << 24 | b. Identity is -1. Combining non-adjacent segments is reported.
     */
    static final long ID_L = -1L;
    static final long M24 = 16777213L;

    static long segL(int lo, int hi, long ab) {
        return ((long) lo << 56) | ((long) hi << 48) | (ab & ((1L << 48) - 1));
    }

    static int loL(long x) {
        return (int) (x >>> 56) & 0xff;
    }

    static int hiL(long x) {
        return (int) (x >>> 48) & 0xff;
    }

    static long aff24(long v) {
        long a = 1 + Math.floorMod(v, M24 - 1), b = Math.floorMod(v >>> 23, M24);
        return (a << 24) | b;
    }

    static long compose24(long x, long y) {
        long a1 = (x >>> 24) & 0xffffff, b1 = x & 0xffffff, a2 = (y >>> 24) & 0xffffff, b2 = y & 0xffffff;
        return ((a1 * a2 % M24) << 24) | ((a1 * b2 + b1) % M24);
    }

    /** parallelReduce (object) domain: a segment of loop positions and an affine map. */
    record Seg(int lo, int hi, long val) {
    }

    static final Seg IDENT = new Seg(-1, -1, ID);

    static long segValue(Seg s) {
        return compose(s.val(), affine(s.lo() * 1000L + s.hi()));
    }

    // =============================================================================================
    // Failures

    /** An injected failure; its identity is what the checker tracks. */
    static final class InjectedFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int site;

        InjectedFailure(int site, String where) {
            super("injected failure S" + site + " at " + where, null, true, false);
            this.site = site;
        }
    }

    /** What the interpreter's own code throws when it collected several failures (deduplicated). */
    static final class ProgramFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ProgramFailure(String where) {
            super("failures collected at " + where, null, true, false);
        }
    }

    /** Stands for an unexpected exception the interpreter caught and flattened. */
    static final class Unexpected extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unexpected(String description) {
            super(description, null, true, false);
        }
    }

    /** Collects the injected failures and unexpected throwables reachable from {@code t}. */
    static void walk(Throwable t, List<InjectedFailure> inj, List<Throwable> other, int depth) {
        if (t == null || depth > 64) {
            return;
        }
        if (t instanceof InjectedFailure f) {
            inj.add(f);
        } else if (!(t instanceof TaskFailedException) && !(t instanceof ProgramFailure)
                && !(t instanceof ExecutionException)) {
            other.add(t);
        }
        if (t instanceof Unexpected) {
            return;
        }
        walk(t.getCause(), inj, other, depth + 1);
        for (Throwable s : t.getSuppressed()) {
            walk(s, inj, other, depth + 1);
        }
    }

    static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder();
        describe(t, sb, "", 0);
        return sb.toString();
    }

    private static void describe(Throwable t, StringBuilder sb, String prefix, int depth) {
        sb.append("    ".repeat(depth)).append(prefix).append(t instanceof InjectedFailure f ? "S" + f.site + " " + t.getMessage() : t.toString()).append('\n');
        if (depth > 12) {
            return;
        }
        if (!(t instanceof InjectedFailure || t instanceof TaskFailedException || t instanceof ProgramFailure
                || t instanceof ExecutionException || t instanceof Unexpected)) {
            StackTraceElement[] st = t.getStackTrace();
            for (int i = 0; i < Math.min(st.length, 25); i++) {
                sb.append("    ".repeat(depth + 1)).append("at ").append(st[i]).append('\n');
            }
        }
        if (t.getCause() != null && !(t instanceof Unexpected)) {
            describe(t.getCause(), sb, "cause: ", depth + 1);
        }
        for (Throwable s : t.getSuppressed()) {
            describe(s, sb, "suppressed: ", depth + 1);
        }
    }

    // =============================================================================================
    // Runtimes: Weft, and a plain serial implementation of the same API (validates the generator)

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

    static final class WeftRt implements Rt {
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

    /**
     * The serial meaning of every construct, run on one thread: joins run b then a (a is dropped if b
     * threw), finish runs the body then its asyncs, loops run in index order and stop at the first
     * failure, tasks run when first joined. A run on it must always pass the checks: if not, the bug
     * is in this generator, not in Weft.
     */
    static final class SerialRt implements Rt {
        static final class Scope {
            final Finish f = new Finish();
            final ArrayDeque<Runnable> q = new ArrayDeque<>();
            Throwable eagerFailure;
        }

        static final class STask {
            boolean forked;
            boolean done;
            Long result;
            Throwable failure;
        }

        final ArrayDeque<Scope> scopes = new ArrayDeque<>();
        final IdentityHashMap<Task<Long>, STask> states = new IdentityHashMap<>();
        /**
         * Another legal schedule: joins run a before b (and both even if one throws), asyncs and forked
         * tasks run eagerly when started, loop bodies run from the last index down.
         */
        final boolean alt;

        SerialRt(boolean alt) {
            this.alt = alt;
        }

        private <T> T both(Supplier<T> a, Supplier<T> b, BinaryOperator<T> c) {
            Throwable fa = null, fb = null;
            T ra = null, rb = null;
            try {
                ra = a.get();
            } catch (Throwable t) {
                fa = t;
            }
            try {
                rb = b.get();
            } catch (Throwable t) {
                fb = t;
            }
            Throwable f = combine(fb, fa);
            if (f != null) {
                throw TaskFailedException.wrap(f);
            }
            return c.apply(ra, rb);
        }

        /** Keeps every failure reachable (unlike a combine that would keep only a wrapper's cause). */
        static Throwable combine(Throwable primary, Throwable secondary) {
            if (primary == null) {
                return secondary;
            }
            if (secondary == null || secondary == primary) {
                return primary;
            }
            TaskFailedException w = primary instanceof TaskFailedException t ? t : new TaskFailedException(primary);
            w.addSuppressed(secondary);
            return w;
        }

        static void runW(Runnable r) {
            try {
                r.run();
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        }

        static <T> T getW(Supplier<T> s) {
            try {
                return s.get();
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        }

        @Override
        public void join(Runnable a, Runnable b) {
            if (alt) {
                both(() -> {
                    a.run();
                    return 0;
                }, () -> {
                    b.run();
                    return 0;
                }, (x, y) -> 0);
                return;
            }
            runW(b);
            runW(a);
        }

        @Override
        public <A, B, R> R join(Supplier<A> a, Supplier<B> b, BiFunction<? super A, ? super B, ? extends R> c) {
            if (alt) {
                Object[] r = both(() -> new Object[] {a.get()}, () -> new Object[] {b.get()}, (x, y) -> new Object[] {x[0], y[0]});
                @SuppressWarnings("unchecked")
                A ra = (A) r[0];
                @SuppressWarnings("unchecked")
                B rb = (B) r[1];
                return c.apply(ra, rb);
            }
            B rb = getW(b);
            A ra = getW(a);
            return c.apply(ra, rb);
        }

        @Override
        public int joinInt(IntSupplier a, IntSupplier b, IntBinaryOperator c) {
            if (alt) {
                long[] r = both(() -> new long[] {a.getAsInt()}, () -> new long[] {b.getAsInt()}, (x, y) -> new long[] {x[0], y[0]});
                return c.applyAsInt((int) r[0], (int) r[1]);
            }
            int rb = getW(b::getAsInt);
            int ra = getW(a::getAsInt);
            return c.applyAsInt(ra, rb);
        }

        @Override
        public long joinLong(LongSupplier a, LongSupplier b, LongBinaryOperator c) {
            if (alt) {
                long[] r = both(() -> new long[] {a.getAsLong()}, () -> new long[] {b.getAsLong()}, (x, y) -> new long[] {x[0], y[0]});
                return c.applyAsLong(r[0], r[1]);
            }
            long rb = getW(b::getAsLong);
            long ra = getW(a::getAsLong);
            return c.applyAsLong(ra, rb);
        }

        @Override
        public double joinDouble(DoubleSupplier a, DoubleSupplier b, DoubleBinaryOperator c) {
            if (alt) {
                double[] r = both(() -> new double[] {a.getAsDouble()}, () -> new double[] {b.getAsDouble()}, (x, y) -> new double[] {x[0], y[0]});
                return c.applyAsDouble(r[0], r[1]);
            }
            double rb = getW(b::getAsDouble);
            double ra = getW(a::getAsDouble);
            return c.applyAsDouble(ra, rb);
        }

        @Override
        public int joinIntFn(IntUnaryOperator fn, int x, int y, IntBinaryOperator c) {
            if (alt) {
                return joinInt(() -> fn.applyAsInt(x), () -> fn.applyAsInt(y), c);
            }
            int ry = getW(() -> fn.applyAsInt(y));
            int rx = getW(() -> fn.applyAsInt(x));
            return c.applyAsInt(rx, ry);
        }

        @Override
        public long joinLongFn(LongUnaryOperator fn, long x, long y, LongBinaryOperator c) {
            if (alt) {
                return joinLong(() -> fn.applyAsLong(x), () -> fn.applyAsLong(y), c);
            }
            long ry = getW(() -> fn.applyAsLong(y));
            long rx = getW(() -> fn.applyAsLong(x));
            return c.applyAsLong(rx, ry);
        }

        @Override
        public double joinDoubleFn(DoubleUnaryOperator fn, double x, double y, DoubleBinaryOperator c) {
            if (alt) {
                return joinDouble(() -> fn.applyAsDouble(x), () -> fn.applyAsDouble(y), c);
            }
            double ry = getW(() -> fn.applyAsDouble(y));
            double rx = getW(() -> fn.applyAsDouble(x));
            return c.applyAsDouble(rx, ry);
        }

        @Override
        public double joinDouble2(DoubleBinaryOperator fn, double x0, double x1, double y0, double y1, DoubleBinaryOperator c) {
            if (alt) {
                return joinDouble(() -> fn.applyAsDouble(x0, x1), () -> fn.applyAsDouble(y0, y1), c);
            }
            double ry = getW(() -> fn.applyAsDouble(y0, y1));
            double rx = getW(() -> fn.applyAsDouble(x0, x1));
            return c.applyAsDouble(rx, ry);
        }

        @Override
        public double joinDouble3(Weft.DoubleOperator3 fn, double x0, double x1, double x2, double y0, double y1, double y2,
                                  DoubleBinaryOperator c) {
            if (alt) {
                return joinDouble(() -> fn.applyAsDouble(x0, x1, x2), () -> fn.applyAsDouble(y0, y1, y2), c);
            }
            double ry = getW(() -> fn.applyAsDouble(y0, y1, y2));
            double rx = getW(() -> fn.applyAsDouble(x0, x1, x2));
            return c.applyAsDouble(rx, ry);
        }

        @Override
        public void finish(Runnable body) {
            finish(f -> body.run());
        }

        @Override
        public void finish(Consumer<Finish> body) {
            Scope s = new Scope();
            scopes.push(s);
            Throwable failure = null;
            try {
                try {
                    body.accept(s.f);
                } catch (Throwable t) {
                    failure = t;
                }
                for (Runnable r; (r = s.q.pollFirst()) != null; ) {
                    if (s.f.isCancelled()) {
                        continue;
                    }
                    try {
                        r.run();
                    } catch (Throwable t) {
                        failure = combine(failure, t);
                    }
                }
            } finally {
                scopes.pop();
            }
            failure = combine(failure, s.eagerFailure);
            if (failure != null) {
                throw TaskFailedException.wrap(failure);
            }
        }

        @Override
        public void async(Runnable body) {
            Scope s = scopes.peek();
            if (s == null) {
                throw new IllegalStateException("async outside finish");
            }
            if (alt) {
                if (!s.f.isCancelled()) {
                    try {
                        body.run();
                    } catch (Throwable t) {
                        s.eagerFailure = combine(s.eagerFailure, t);
                    }
                }
                return;
            }
            s.q.addLast(body);
        }

        @Override
        public void parallelFor(int from, int to, IntConsumer body) {
            if (alt) {
                for (int i = to - 1; i >= from; i--) {
                    int k = i;
                    runW(() -> body.accept(k));
                }
                return;
            }
            for (int i = from; i < to; i++) {
                int k = i;
                runW(() -> body.accept(k));
            }
        }

        @Override
        public <R> R parallelReduce(int from, int to, R id, IntFunction<? extends R> map, BinaryOperator<R> c) {
            if (alt) {
                List<R> xs = new ArrayList<>(Collections.nCopies(to - from, null));
                for (int i = to - 1; i >= from; i--) {
                    int k = i;
                    xs.set(i - from, getW(() -> map.apply(k)));
                }
                R acc = id;
                for (R x : xs) {
                    R a = acc;
                    acc = getW(() -> c.apply(a, x));
                }
                return acc;
            }
            R acc = id;
            for (int i = from; i < to; i++) {
                int k = i;
                R x = getW(() -> map.apply(k));
                R a = acc;
                acc = getW(() -> c.apply(a, x));
            }
            return acc;
        }

        @Override
        public int parallelReduceInt(int from, int to, int id, IntUnaryOperator map, IntBinaryOperator c) {
            if (alt) {
                return parallelReduce(from, to, id, map::applyAsInt, c::applyAsInt);
            }
            int acc = id;
            for (int i = from; i < to; i++) {
                int k = i;
                int x = getW(() -> map.applyAsInt(k));
                int a = acc;
                acc = getW(() -> c.applyAsInt(a, x));
            }
            return acc;
        }

        @Override
        public long parallelReduceLong(int from, int to, long id, IntToLongFunction map, LongBinaryOperator c) {
            if (alt) {
                return parallelReduce(from, to, id, map::applyAsLong, c::applyAsLong);
            }
            long acc = id;
            for (int i = from; i < to; i++) {
                int k = i;
                long x = getW(() -> map.applyAsLong(k));
                long a = acc;
                acc = getW(() -> c.applyAsLong(a, x));
            }
            return acc;
        }

        @Override
        public double parallelReduceDouble(int from, int to, double id, IntToDoubleFunction map, DoubleBinaryOperator c) {
            if (alt) {
                return parallelReduce(from, to, id, map::applyAsDouble, c::applyAsDouble);
            }
            double acc = id;
            for (int i = from; i < to; i++) {
                int k = i;
                double x = getW(() -> map.applyAsDouble(k));
                double a = acc;
                acc = getW(() -> c.applyAsDouble(a, x));
            }
            return acc;
        }

        @Override
        public long blocking(Callable<Long> action) {
            try {
                return action.call();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("blocking action threw " + e, e);
            }
        }

        private STask state(Task<Long> t) {
            return states.computeIfAbsent(t, k -> new STask());
        }

        private void run(Task<Long> t, STask s) {
            if (!s.done) {
                s.done = true;
                try {
                    s.result = t.compute();
                } catch (Throwable e) {
                    s.failure = e;
                }
            }
        }

        @Override
        public void fork(Task<Long> t) {
            STask s = state(t);
            if (s.forked) {
                throw new IllegalStateException("forked twice");
            }
            s.forked = true;
            if (alt) {
                run(t, s);
            }
        }

        @Override
        public Long join(Task<Long> t) {
            STask s = state(t);
            if (!s.forked) {
                throw new IllegalStateException("joined a task never forked");
            }
            run(t, s);
            if (s.failure != null) {
                throw TaskFailedException.wrap(s.failure);
            }
            return s.result;
        }

        @Override
        public Long invoke(Task<Long> t) {
            fork(t);
            return join(t);
        }

        @Override
        public void awaitOutside(GenTask t, int form, Run r) {
            // Serially a task runs when it is joined: a wait for it would never end. The join follows.
        }

        @Override
        public Long get(Task<Long> t) throws Exception {
            STask s = state(t);
            if (!s.forked) {
                throw new IllegalStateException("get of a task never forked");
            }
            run(t, s);
            if (s.failure != null) {
                throw new ExecutionException(s.failure);
            }
            return s.result;
        }

        @Override
        public void invokeAll(int form, Task<Long>[] ts) {
            for (Task<Long> t : ts) {
                fork(t);
            }
            Throwable failure = null;
            for (Task<Long> t : ts) {
                try {
                    join(t);
                } catch (Throwable e) {
                    failure = combine(failure, e);
                }
            }
            if (failure != null) {
                throw TaskFailedException.wrap(failure);
            }
        }
    }

    // =============================================================================================
    // One execution of a program

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
            return pf;
        }
    }

    // =============================================================================================
    // Serial evaluation

    /** What a node does if it runs: surely throws, may throw, and (if it cannot throw) its value. */
    record Outcome(boolean must, boolean may, boolean det, long value) {
        static Outcome ok(long v) {
            return new Outcome(false, false, true, v);
        }

        static final Outcome THROWS = new Outcome(true, true, false, 0);
    }

    static final byte NONE = 0, MAYBE = 1, EXACT = 2;

    /** The serial evaluator's expectations: per leaf EXACT/MAYBE/NONE runs, per site MUST(EXACT)/MAY/NONE. */
    static final class Ev {
        final Program p;
        final byte[] leaf;
        final byte[] site;
        final boolean record;

        Ev(Program p, boolean record) {
            this.p = p;
            this.record = record;
            leaf = record ? new byte[p.nLeaves] : null;
            site = record ? new byte[p.nSites] : null;
        }

        void leaf(int id, boolean must) {
            if (record) {
                if (leaf[id] != NONE) {
                    throw new IllegalStateException("generator bug: leaf L" + id + " appears twice");
                }
                leaf[id] = must ? EXACT : MAYBE;
            }
        }

        void site(int id, boolean must) {
            if (record) {
                if (site[id] != NONE) {
                    throw new IllegalStateException("generator bug: site S" + id + " appears twice");
                }
                site[id] = must ? EXACT : MAYBE;
            }
        }

        /** The outcome of a node evaluated elsewhere (a cross-joined task's body), recording nothing. */
        Outcome outcomeOf(Node n) {
            return n.eval(new Ev(p, false), false);
        }
    }

    // =============================================================================================
    // The AST

    static final class Out {
        final StringBuilder sb = new StringBuilder();
        int indent;

        void line(String s) {
            sb.append("  ".repeat(indent)).append(s).append('\n');
        }

        void block(String head, Node n) {
            line(head + " {");
            indent++;
            n.print(this);
            indent--;
            line("}");
        }
    }

    abstract static class Node implements Cloneable {
        Node[] kids = new Node[0];

        /** Runs the node with the run's runtime. */
        abstract long exec(Run r);

        /** Serial meaning; records expectations (exactly-once if {@code must}, else at most once). */
        abstract Outcome eval(Ev ev, boolean must);

        abstract void print(Out o);

        boolean ownThrow() {
            return false;
        }

        boolean canThrow(Program p) {
            if (ownThrow()) {
                return true;
            }
            for (Node k : kids) {
                if (k.canThrow(p)) {
                    return true;
                }
            }
            return false;
        }

        /** Whether this node computes a value (may stand anywhere a value is expected). */
        boolean isExpr() {
            return true;
        }

        Node copyDeep() {
            try {
                Node n = (Node) clone();
                n.kids = new Node[kids.length];
                for (int i = 0; i < kids.length; i++) {
                    n.kids[i] = kids[i].copyDeep();
                }
                return n;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    static String noiseName(int kind, int param) {
        return switch (kind) {
            case 1 -> " [spin " + param + "]";
            case 2 -> " [yield]";
            case 3 -> " [park " + param + "us]";
            case 4 -> " [sleep " + param + "ms]";
            default -> "";
        };
    }

    static volatile long sink;

    static void noise(int kind, int param) {
        switch (kind) {
            case 1 -> {
                long x = 0;
                for (int i = 0; i < param; i++) {
                    x += mix64(i);
                }
                sink = x;
            }
            case 2 -> Thread.yield();
            case 3 -> LockSupport.parkNanos(param * 1000L);
            case 4 -> sleepQuietly(param);
            default -> {
            }
        }
    }

    static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static final class Leaf extends Node {
        int id;
        int noise;
        int param;
        int site = -1;

        @Override
        long exec(Run r) {
            noise(noise, param);
            r.leafHits.incrementAndGet(id);
            if (site >= 0) {
                throw r.fail(site, "leaf L" + id);
            }
            return leafValue(id);
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            ev.leaf(id, must);
            if (site >= 0) {
                ev.site(site, must);
                return Outcome.THROWS;
            }
            return Outcome.ok(leafValue(id));
        }

        @Override
        boolean ownThrow() {
            return site >= 0;
        }

        @Override
        void print(Out o) {
            o.line("leaf L" + id + noiseName(noise, param) + (site >= 0 ? " THROWS S" + site : ""));
        }
    }

    /** Runs its kids one after the other on the same thread. */
    static final class Seq extends Node {
        @Override
        long exec(Run r) {
            long v = ID;
            for (Node k : kids) {
                v = compose(v, k.exec(r));
            }
            return v;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            boolean mu = false, may = false, det = true;
            long v = ID;
            for (Node k : kids) {
                Outcome o = k.eval(ev, must && !may);
                mu |= o.must();
                may |= o.may();
                det &= o.det();
                v = compose(v, o.value());
            }
            return new Outcome(mu, may, det && !may, v);
        }

        @Override
        void print(Out o) {
            o.line("seq {");
            o.indent++;
            for (Node k : kids) {
                k.print(o);
            }
            o.indent--;
            o.line("}");
        }
    }

    enum JoinKind {
        RUNNABLE("Weft.join(Runnable a, Runnable b)"),
        SUPPLIER("Weft.join(Supplier a, Supplier b, combine)"),
        INT("Weft.joinInt(IntSupplier a, IntSupplier b, combine)"),
        LONG("Weft.joinLong(LongSupplier a, LongSupplier b, combine)"),
        DOUBLE("Weft.joinDouble(DoubleSupplier a, DoubleSupplier b, combine)"),
        INT_FN("Weft.joinInt(fn, x=a, y=b, combine)"),
        LONG_FN("Weft.joinLong(fn, x=a, y=b, combine)"),
        DOUBLE_FN("Weft.joinDouble(fn, x=a, y=b, combine)"),
        DOUBLE_FN2("Weft.joinDouble(fn(x0,x1), a, b, combine)"),
        DOUBLE_FN3("Weft.joinDouble(fn(x0,x1,x2), a, b, combine)");

        final String text;

        JoinKind(String text) {
            this.text = text;
        }
    }

    /** A two-way join: kids[0] is a (offered to thieves), kids[1] is b (runs first inline). */
    static final class JoinNode extends Node {
        int id;
        JoinKind kind;
        int site = -1;

        private void comb(Run r) {
            if (site >= 0) {
                throw r.fail(site, "combine of join#" + id);
            }
        }

        private Node kid(Run r, long k) {
            if (k != 0 && k != 1) {
                r.violation("ARGS", "join#" + id + " called fn with argument " + k + " (expected 0 or 1)");
                throw new IllegalStateException("bad argument " + k);
            }
            return kids[(int) k];
        }

        private void args(Run r, boolean ok, String what) {
            if (!ok) {
                r.violation("ARGS", "join#" + id + " passed wrong arguments to fn: " + what);
            }
        }

        @Override
        long exec(Run r) {
            Node a = kids[0], b = kids[1];
            Rt rt = r.rt;
            switch (kind) {
                case RUNNABLE: {
                    long[] res = new long[2];
                    rt.join(() -> res[0] = a.exec(r), () -> res[1] = b.exec(r));
                    return compose(res[0], res[1]);
                }
                case SUPPLIER: {
                    Long v = rt.<Long, Long, Long>join(() -> a.exec(r), () -> b.exec(r), (x, y) -> {
                        comb(r);
                        return compose(x, y);
                    });
                    return v;
                }
                case INT:
                    return rt.joinInt(() -> toInt(a.exec(r)), () -> toInt(b.exec(r)), (x, y) -> {
                        comb(r);
                        return combInt(x, y);
                    });
                case LONG:
                    return rt.joinLong(() -> a.exec(r), () -> b.exec(r), (x, y) -> {
                        comb(r);
                        return compose(x, y);
                    });
                case DOUBLE:
                    return (long) rt.joinDouble(() -> toD(a.exec(r)), () -> toD(b.exec(r)), (x, y) -> {
                        comb(r);
                        return combD(x, y);
                    });
                case INT_FN:
                    return rt.joinIntFn(k -> toInt(kid(r, k).exec(r)), 0, 1, (x, y) -> {
                        comb(r);
                        return combInt(x, y);
                    });
                case LONG_FN:
                    return rt.joinLongFn(k -> kid(r, k).exec(r), 0L, 1L, (x, y) -> {
                        comb(r);
                        return compose(x, y);
                    });
                case DOUBLE_FN:
                    return (long) rt.joinDoubleFn(k -> toD(kid(r, (long) k).exec(r)), 0.0, 1.0, (x, y) -> {
                        comb(r);
                        return combD(x, y);
                    });
                case DOUBLE_FN2:
                    return (long) rt.joinDouble2((x0, x1) -> {
                        args(r, x1 == x0 + 10, "(" + x0 + ", " + x1 + ")");
                        return toD(kid(r, (long) x0).exec(r));
                    }, 0, 10, 1, 11, (x, y) -> {
                        comb(r);
                        return combD(x, y);
                    });
                default:
                    return (long) rt.joinDouble3((x0, x1, x2) -> {
                        args(r, x1 == x0 + 10 && x2 == x0 + 20, "(" + x0 + ", " + x1 + ", " + x2 + ")");
                        return toD(kid(r, (long) x0).exec(r));
                    }, 0, 10, 20, 1, 11, 21, (x, y) -> {
                        comb(r);
                        return combD(x, y);
                    });
            }
        }

        long value(long va, long vb) {
            return switch (kind) {
                case RUNNABLE, SUPPLIER, LONG, LONG_FN -> compose(va, vb);
                case INT, INT_FN -> combInt(toInt(va), toInt(vb));
                default -> (long) combD(toD(va), toD(vb));
            };
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            Outcome ob = kids[1].eval(ev, must);
            Outcome oa = kids[0].eval(ev, must && !ob.may());
            boolean both = !oa.may() && !ob.may();
            if (site >= 0) {
                ev.site(site, must && both);
            }
            boolean mu = ob.must() || oa.must() || (site >= 0 && both);
            boolean may = ob.may() || oa.may() || site >= 0;
            boolean det = !may && oa.det() && ob.det();
            return new Outcome(mu, may, det, det ? value(oa.value(), ob.value()) : 0);
        }

        @Override
        boolean ownThrow() {
            return site >= 0;
        }

        @Override
        void print(Out o) {
            o.line("join#" + id + " " + kind.text + (site >= 0 ? " combine THROWS S" + site : "") + " {");
            o.indent++;
            o.block("a:", kids[0]);
            o.block("b:", kids[1]);
            o.indent--;
            o.line("}");
        }
    }

    enum OpKind { JOIN, GET, INVOKE, INVOKE_ALL, AWAIT }

    record Op(OpKind kind, int[] tasks, int form) {
        String text(TaskGroup g) {
            StringBuilder sb = new StringBuilder();
            switch (kind) {
                case JOIN -> sb.append("t").append(g.taskIds[tasks[0]]).append(".join()");
                case GET -> sb.append("t").append(g.taskIds[tasks[0]]).append(".get()");
                case INVOKE -> sb.append("t").append(g.taskIds[tasks[0]]).append(".invoke()");
                case AWAIT -> sb.append("await t").append(g.taskIds[tasks[0]]).append(" outside Weft (")
                        .append(form == 0 ? "spin" : form == 1 ? "latch" : "sleep loop").append(')');
                default -> {
                    sb.append("Task.invokeAll(").append(form == 2 ? "List.of(" : "");
                    for (int i = 0; i < tasks.length; i++) {
                        sb.append(i > 0 ? ", " : "").append("t").append(g.taskIds[tasks[i]]);
                    }
                    sb.append(form == 2 ? "))" : ")").append(form == 1 ? " /*varargs*/" : "");
                }
            }
            return sb.toString();
        }
    }

    /**
     * Task objects: kids[0..n) are task bodies, kids[n] the optional inline work. Forks a subset in
     * {@code forkOrder}, runs the inline work, then runs {@code ops} (joins, gets, invokes, invokeAll)
     * in order, collecting failures so that every task is waited for.
     */
    static final class TaskGroup extends Node {
        int id;
        int n;
        int[] taskIds;
        int[] forkOrder;
        boolean hasInline;
        Op[] ops;

        private void record(Run r, Long[] vals, int i, Long v, String how) {
            if (v == null) {
                r.violation("WRONG_RESULT", "t" + taskIds[i] + "." + how + " returned null");
                return;
            }
            if (vals[i] == null) {
                vals[i] = v;
            } else if (!vals[i].equals(v)) {
                r.violation("WRONG_RESULT", "t" + taskIds[i] + " gave two different results: " + vals[i] + " then " + v);
            }
        }

        @Override
        long exec(Run r) {
            GenTask[] ts = new GenTask[n];
            for (int i = 0; i < n; i++) {
                ts[i] = new GenTask(kids[i], r, "t" + taskIds[i]);
                r.tasks.set(taskIds[i], ts[i]);
            }
            for (int i : forkOrder) {
                r.rt.fork(ts[i]);
            }
            List<Throwable> fails = new ArrayList<>();
            long inlineV = ID;
            if (hasInline) {
                try {
                    inlineV = kids[n].exec(r);
                } catch (Throwable t) {
                    fails.add(t);
                }
            }
            Long[] vals = new Long[n];
            for (Op op : ops) {
                int i0 = op.tasks()[0];
                try {
                    switch (op.kind()) {
                        case JOIN -> record(r, vals, i0, r.rt.join(ts[i0]), "join()");
                        case GET -> record(r, vals, i0, r.rt.get(ts[i0]), "get()");
                        case INVOKE -> record(r, vals, i0, r.rt.invoke(ts[i0]), "invoke()");
                        case AWAIT -> {
                            if (ts[i0].forkedOn != null || ts[i0].isDone()) { // a shrunk program may not fork it
                                r.rt.awaitOutside(ts[i0], op.form(), r);
                            }
                        }
                        default -> {
                            @SuppressWarnings("unchecked")
                            Task<Long>[] group = new Task[op.tasks().length];
                            for (int k = 0; k < group.length; k++) {
                                group[k] = ts[op.tasks()[k]];
                            }
                            try {
                                r.rt.invokeAll(op.form(), group);
                            } finally {
                                for (int i : op.tasks()) {
                                    try {
                                        record(r, vals, i, r.rt.join(ts[i]), "join() after invokeAll");
                                    } catch (Throwable t) {
                                        fails.add(t);
                                    }
                                }
                            }
                        }
                    }
                } catch (Throwable t) {
                    fails.add(t);
                }
            }
            if (!fails.isEmpty()) {
                throw r.merge(fails, "tasks#" + id);
            }
            long v = ID;
            for (int i = 0; i < n; i++) {
                if (vals[i] == null) {
                    r.violation("WRONG_RESULT", "tasks#" + id + ": no result for t" + taskIds[i] + " and no failure");
                } else {
                    v = compose(v, vals[i]);
                }
            }
            return hasInline ? compose(v, inlineV) : v;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            boolean mu = false, may = false, det = true;
            long v = ID;
            for (int i = 0; i < n + (hasInline ? 1 : 0); i++) {
                Outcome o = kids[i].eval(ev, must);
                mu |= o.must();
                may |= o.may();
                det &= o.det();
                v = compose(v, o.value());
            }
            return new Outcome(mu, may, det && !may, v);
        }

        @Override
        void print(Out o) {
            o.line("tasks#" + id + " {");
            o.indent++;
            for (int i = 0; i < n; i++) {
                o.block("t" + taskIds[i] + " = task", kids[i]);
            }
            StringBuilder sb = new StringBuilder();
            for (int i : forkOrder) {
                sb.append("t").append(taskIds[i]).append(".fork(); ");
            }
            if (sb.length() > 0) {
                o.line(sb.toString().trim());
            }
            if (hasInline) {
                o.block("inline", kids[n]);
            }
            sb.setLength(0);
            for (Op op : ops) {
                sb.append(op.text(this)).append("; ");
            }
            o.line(sb.toString().trim());
            o.indent--;
            o.line("}");
        }
    }

    /** Joins (or gets) a task that an ancestor task group forked: usually not on this worker's stack top. */
    static final class CrossJoin extends Node {
        int taskId;
        boolean useGet;

        @Override
        long exec(Run r) {
            GenTask t = r.tasks.get(taskId);
            if (t == null) {
                r.violation("GENERATOR", "cross join of t" + taskId + " before it was forked");
                throw new IllegalStateException("generator bug: t" + taskId + " not forked yet");
            }
            Long v;
            try {
                v = useGet ? r.rt.get(t) : r.rt.join(t);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw r.merge(List.of(e), "cross join of t" + taskId);
            }
            if (v == null) {
                r.violation("WRONG_RESULT", "cross join of t" + taskId + " returned null");
                return 0;
            }
            return v;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            return ev.outcomeOf(ev.p.taskBody(taskId));
        }

        @Override
        boolean canThrow(Program p) {
            return p.taskBody(taskId).canThrow(p);
        }

        @Override
        void print(Out o) {
            o.line("t" + taskId + (useGet ? ".get()" : ".join()") + "   // cross join: task forked by an ancestor");
        }
    }

    /** A statement of a finish body or async block: inline work. */
    static final class InlineStmt extends Node {
        int slot;

        @Override
        long exec(Run r) {
            r.setSlot(slot, kids[0].exec(r), "inline statement");
            return 0;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            throw new UnsupportedOperationException();
        }

        @Override
        boolean isExpr() {
            return false;
        }

        @Override
        void print(Out o) {
            o.block("inline", kids[0]);
        }
    }

    /** A statement: Weft.async(kids[0]); kids[0] is an expression or an {@link AsyncBlock}. */
    static final class AsyncStmt extends Node {
        int asyncId;
        int slot;

        @Override
        long exec(Run r) {
            Node k = kids[0];
            r.rt.async(() -> {
                r.asyncState.getAndUpdate(asyncId, s -> s | STARTED);
                try {
                    if (k instanceof AsyncBlock b) {
                        FinishNode.execStmts(b.kids, r);
                    } else {
                        r.setSlot(slot, k.exec(r), "async#" + asyncId);
                    }
                } finally {
                    r.asyncState.getAndUpdate(asyncId, s -> s | DONE);
                }
            });
            r.asyncState.getAndUpdate(asyncId, s -> s | SPAWNED);
            return 0;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            throw new UnsupportedOperationException();
        }

        @Override
        boolean isExpr() {
            return false;
        }

        @Override
        void print(Out o) {
            if (kids[0] instanceof AsyncBlock) {
                o.line("async#" + asyncId + " {   // spawns more asyncs of the same scope");
                o.indent++;
                kids[0].print(o);
                o.indent--;
                o.line("}");
            } else {
                o.block("async#" + asyncId, kids[0]);
            }
        }
    }

    /** The body of an async that itself spawns asyncs (same scope): a list of statements. */
    static final class AsyncBlock extends Node {
        @Override
        long exec(Run r) {
            throw new UnsupportedOperationException();
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            throw new UnsupportedOperationException();
        }

        @Override
        boolean isExpr() {
            return false;
        }

        @Override
        void print(Out o) {
            for (Node k : kids) {
                k.print(o);
            }
        }
    }

    /** A statement: scope.cancel() on the finish {@code finishId}. */
    static final class CancelStmt extends Node {
        int finishId;

        @Override
        long exec(Run r) {
            Finish f = r.finishes.get(finishId);
            f.cancel();
            if (!f.isCancelled()) {
                r.violation("WRONG_RESULT", "isCancelled() false after cancel()");
            }
            return 0;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            throw new UnsupportedOperationException();
        }

        @Override
        boolean isExpr() {
            return false;
        }

        @Override
        void print(Out o) {
            o.line("scope" + finishId + ".cancel()");
        }
    }

    static final class FinishNode extends Node {
        int id;
        boolean cancellable;
        boolean runnableForm;

        static void execStmts(Node[] stmts, Run r) {
            for (Node s : stmts) {
                s.exec(r);
            }
        }

        /** Slots (values, in preorder) and async ids of this scope. */
        static void collect(Node[] stmts, List<Integer> slots, List<Integer> asyncIds) {
            for (Node s : stmts) {
                if (s instanceof InlineStmt i) {
                    slots.add(i.slot);
                } else if (s instanceof AsyncStmt a) {
                    asyncIds.add(a.asyncId);
                    if (a.kids[0] instanceof AsyncBlock b) {
                        collect(b.kids, slots, asyncIds);
                    } else {
                        slots.add(a.slot);
                    }
                }
            }
        }

        @Override
        long exec(Run r) {
            try {
                if (runnableForm) {
                    r.rt.finish(() -> execStmts(kids, r));
                } else {
                    r.rt.finish(f -> {
                        r.finishes.set(id, f);
                        execStmts(kids, r);
                    });
                }
            } finally {
                checkExit(r);
            }
            List<Integer> slots = new ArrayList<>(), asyncs = new ArrayList<>();
            collect(kids, slots, asyncs);
            long v = ID;
            for (int s : slots) {
                if (!cancellable && r.slotSet.get(s) == 0) {
                    r.violation("FINISH_EARLY", "finish#" + id + " returned normally without the result of one of its statements");
                }
                v = compose(v, r.slots.get(s));
            }
            return v;
        }

        private void checkExit(Run r) {
            List<Integer> slots = new ArrayList<>(), asyncs = new ArrayList<>();
            collect(kids, slots, asyncs);
            for (int a : asyncs) {
                int st = r.asyncState.get(a);
                if ((st & SPAWNED) == 0) {
                    continue;
                }
                if ((st & STARTED) != 0 && (st & DONE) == 0) {
                    r.violation("FINISH_EARLY", "finish#" + id + " returned while its async#" + a + " was still running");
                } else if ((st & STARTED) == 0) {
                    if (cancellable) {
                        r.notStartedAtExit.set(a, 1);
                    } else {
                        r.violation("FINISH_EARLY", "finish#" + id + " returned but its async#" + a + " never ran");
                    }
                }
            }
        }

        private static final class Acc {
            boolean must, may, det = true;
            long v = ID;

            void add(Outcome o) {
                may |= o.may();
                det &= o.det();
                v = compose(v, o.value());
            }
        }

        private void evalStmts(Node[] stmts, Ev ev, boolean reached, boolean counts, Acc acc) {
            boolean failedBefore = false;
            for (Node s : stmts) {
                boolean cur = reached && !failedBefore;
                if (s instanceof InlineStmt) {
                    Outcome o = s.kids[0].eval(ev, cur);
                    acc.add(o);
                    acc.must |= counts && o.must();
                    failedBefore |= o.may();
                } else if (s instanceof AsyncStmt) {
                    boolean runs = cur && !cancellable;
                    boolean cnt = counts && !cancellable;
                    if (s.kids[0] instanceof AsyncBlock b) {
                        evalStmts(b.kids, ev, runs, cnt, acc);
                    } else {
                        Outcome o = s.kids[0].eval(ev, runs);
                        acc.add(o);
                        acc.must |= cnt && o.must();
                    }
                }
            }
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            Acc acc = new Acc();
            evalStmts(kids, ev, must, true, acc);
            boolean det = !acc.may && !cancellable && acc.det;
            return new Outcome(acc.must, acc.may, det, acc.v);
        }

        @Override
        void print(Out o) {
            String head = runnableForm ? "Weft.finish(() -> " : "Weft.finish(scope" + id + " -> ";
            o.line(head + "{   // finish#" + id + (cancellable ? ", may be cancelled" : ""));
            o.indent++;
            for (Node k : kids) {
                k.print(o);
            }
            o.indent--;
            o.line("})");
        }
    }

    enum LoopKind { FOR, REDUCE_OBJ, REDUCE_INT, REDUCE_LONG, REDUCE_DOUBLE }

    /** A parallel loop over [from, from + kids.length): body(i) runs kids[i - from]. */
    static final class LoopNode extends Node {
        int id;
        LoopKind kind;
        int from;
        int slotBase;
        int site = -1;
        int pair;

        private int idx(Run r, int i) {
            int k = i - from;
            if (k < 0 || k >= kids.length) {
                r.violation("LOOP_INDEX", "loop#" + id + " called its body with index " + i + " outside [" + from + ", " + (from + kids.length) + ")");
                throw new IllegalStateException("bad index " + i);
            }
            return k;
        }

        Seg combSeg(Seg x, Seg y, Run r) {
            if (x == IDENT) {
                return y;
            }
            if (y == IDENT) {
                return x;
            }
            if (x.hi() != y.lo()) {
                if (r != null) {
                    r.violation("REDUCE_ORDER", "loop#" + id + " combined non-adjacent segments [" + x.lo() + "," + x.hi() + ") and [" + y.lo() + "," + y.hi() + ")");
                }
                return new Seg(x.lo(), y.hi(), 0x5EEDL);
            }
            if (r != null && site >= 0 && x.hi() == pair + 1) {
                throw r.fail(site, "combine of loop#" + id);
            }
            return new Seg(x.lo(), y.hi(), compose(x.val(), y.val()));
        }

        long combL(long x, long y, Run r) {
            if (x == ID_L) {
                return y;
            }
            if (y == ID_L) {
                return x;
            }
            if (hiL(x) != loL(y)) {
                if (r != null) {
                    r.violation("REDUCE_ORDER", "loop#" + id + " combined non-adjacent segments [" + loL(x) + "," + hiL(x) + ") and [" + loL(y) + "," + hiL(y) + ")");
                }
                return segL(loL(x), hiL(y), 0x5EEDL);
            }
            if (r != null && site >= 0 && hiL(x) == pair + 1) {
                throw r.fail(site, "combine of loop#" + id);
            }
            return segL(loL(x), hiL(y), compose24(x, y));
        }

        @Override
        long exec(Run r) {
            int n = kids.length, to = from + n;
            Rt rt = r.rt;
            switch (kind) {
                case FOR: {
                    rt.parallelFor(from, to, i -> {
                        int k = idx(r, i);
                        r.setSlot(slotBase + k, kids[k].exec(r), "loop#" + id + " body(" + i + ")");
                    });
                    long v = ID;
                    for (int k = 0; k < n; k++) {
                        if (r.slotSet.get(slotBase + k) == 0) {
                            r.violation("LEAF_SKIPPED", "loop#" + id + " returned normally but body(" + (from + k) + ") never completed");
                        }
                        v = compose(v, r.slots.get(slotBase + k));
                    }
                    return v;
                }
                case REDUCE_OBJ: {
                    Seg s = rt.parallelReduce(from, to, IDENT, i -> {
                        int k = idx(r, i);
                        return new Seg(k, k + 1, kids[k].exec(r));
                    }, (x, y) -> combSeg(x, y, r));
                    return segValue(s);
                }
                case REDUCE_INT:
                    return rt.parallelReduceInt(from, to, ID_I, i -> elemI(kids[idx(r, i)].exec(r)), ProgramGen::composeI);
                case REDUCE_LONG:
                    return rt.parallelReduceLong(from, to, ID_L, i -> {
                        int k = idx(r, i);
                        return segL(k, k + 1, aff24(kids[k].exec(r)));
                    }, (x, y) -> combL(x, y, r));
                default:
                    return (long) rt.parallelReduceDouble(from, to, ID_I, i -> elemI(kids[idx(r, i)].exec(r)),
                            (x, y) -> composeI((int) x, (int) y));
            }
        }

        long fold(long[] vs) {
            switch (kind) {
                case FOR: {
                    long v = ID;
                    for (long x : vs) {
                        v = compose(v, x);
                    }
                    return v;
                }
                case REDUCE_OBJ: {
                    Seg s = IDENT;
                    for (int k = 0; k < vs.length; k++) {
                        s = combSeg(s, new Seg(k, k + 1, vs[k]), null);
                    }
                    return segValue(s);
                }
                case REDUCE_LONG: {
                    long s = ID_L;
                    for (int k = 0; k < vs.length; k++) {
                        s = combL(s, segL(k, k + 1, aff24(vs[k])), null);
                    }
                    return s;
                }
                default: {
                    int s = ID_I;
                    for (long x : vs) {
                        s = composeI(s, elemI(x));
                    }
                    return s;
                }
            }
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            boolean anyCan = site >= 0;
            for (Node k : kids) {
                anyCan |= k.canThrow(ev.p);
            }
            boolean kidMust = must && !anyCan;
            boolean anyMust = false, anyMay = false, det = true;
            long[] vs = new long[kids.length];
            for (int k = 0; k < kids.length; k++) {
                Outcome o = kids[k].eval(ev, kidMust);
                anyMust |= o.must();
                anyMay |= o.may();
                det &= o.det();
                vs[k] = o.value();
            }
            if (site >= 0) {
                ev.site(site, must && !anyMay);
            }
            boolean mu = anyMust || (site >= 0 && !anyMay);
            boolean may = anyMay || site >= 0;
            det &= !may;
            return new Outcome(mu, may, det, det ? fold(vs) : 0);
        }

        @Override
        boolean ownThrow() {
            return site >= 0;
        }

        @Override
        void print(Out o) {
            int to = from + kids.length;
            String head = switch (kind) {
                case FOR -> "Weft.parallelFor(" + from + ", " + to + ", i ->";
                case REDUCE_OBJ -> "Weft.parallelReduce(" + from + ", " + to + ", segment concat";
                case REDUCE_INT -> "Weft.parallelReduceInt(" + from + ", " + to + ", affine mod 251";
                case REDUCE_LONG -> "Weft.parallelReduceLong(" + from + ", " + to + ", segment concat";
                default -> "Weft.parallelReduceDouble(" + from + ", " + to + ", affine mod 251";
            };
            o.line(head + (site >= 0 ? ", combine THROWS S" + site + " when joining positions " + pair + "|" + (pair + 1) : "")
                    + ") {   // loop#" + id);
            o.indent++;
            int trivial = 0;
            for (int k = 0; k < kids.length; k++) {
                Node c = kids[k];
                if (c instanceof Leaf l && l.site < 0 && l.noise == 0) {
                    trivial++;
                    continue;
                }
                if (trivial > 0) {
                    o.line("(" + trivial + " plain leaves)");
                    trivial = 0;
                }
                o.block("i=" + (from + k) + ":", c);
            }
            if (trivial > 0) {
                o.line("(" + trivial + " plain leaves)");
            }
            o.indent--;
            o.line("}");
        }
    }

    /** Weft.blocking around a sleep, a latch released by another thread, or a throw; then kids[0]. */
    static final class BlockingNode extends Node {
        int id;
        int kind; // 0 sleep, 1 latch, 2 throw
        int ms;
        int site = -1;

        @Override
        long exec(Run r) {
            switch (kind) {
                case 0 -> r.rt.blocking(() -> {
                    Thread.sleep(ms);
                    return 0L;
                });
                case 1 -> {
                    CountDownLatch latch = new CountDownLatch(1);
                    r.startThread("latch" + id, () -> {
                        sleepQuietly(ms);
                        latch.countDown();
                    });
                    r.rt.blocking(() -> {
                        latch.await();
                        return 0L;
                    });
                }
                default -> r.rt.blocking(() -> {
                    throw r.fail(site, "blocking#" + id);
                });
            }
            return compose(affine(mix64(id + 77)), kids[0].exec(r));
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            if (kind == 2) {
                ev.site(site, must);
                kids[0].eval(ev, false);
                return Outcome.THROWS;
            }
            Outcome o = kids[0].eval(ev, must);
            return new Outcome(o.must(), o.may(), o.det(), compose(affine(mix64(id + 77)), o.value()));
        }

        @Override
        boolean ownThrow() {
            return kind == 2;
        }

        @Override
        void print(Out o) {
            String what = switch (kind) {
                case 0 -> "Weft.blocking(sleep " + ms + "ms)";
                case 1 -> "Weft.blocking(latch.await())   // released by another thread after " + ms + "ms";
                default -> "Weft.blocking(throw S" + site + ")";
            };
            o.line(what + ";   // blocking#" + id);
            kids[0].print(o);
        }
    }

    /**
     * {@code pool.spawn(kids[0])}: a detached fork. Its value is not part of the program's; its leaves
     * must run exactly once all the same (the checks wait for every spawned body), and its failure must
     * reach the pool's uncaught exception handler, never the program's exception.
     */
    static final class SpawnNode extends Node {
        int id;

        @Override
        long exec(Run r) {
            Node k = kids[0];
            r.spawnsInFlight.incrementAndGet();
            Runnable body = () -> {
                try {
                    k.exec(r);
                } catch (Throwable t) {
                    r.spawnsFailed.incrementAndGet(); // before in-flight drops: the report comes after us
                    throw t;
                } finally {
                    r.spawnsInFlight.decrementAndGet();
                }
            };
            if (r.pool == null) {
                try {
                    body.run(); // the serial meaning: the spawned body runs here, its failure goes aside
                } catch (Throwable t) {
                    r.uncaught.add(t);
                }
            } else {
                r.pool.spawn(body);
            }
            return affine(mix64(id + 99));
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            kids[0].eval(ev, must);
            return Outcome.ok(affine(mix64(id + 99)));
        }

        @Override
        void print(Out o) {
            o.block("spawn#" + id + " (detached; value not used)", kids[0]);
        }
    }

    static final String[] EXT_FORMS = {
        "thread: pool.submit(task).get()",
        "thread: pool.submit(task).join()",
        "thread: pool.invoke(supplier)",
        "thread: pool.submit(callable).get()",
        "thread: pool.submit(task); worker: Weft.blocking(thread.join()); task.join()",
    };

    /** Starts a thread outside the pool that submits kids[0]; the worker waits for it under Weft.blocking. */
    static final class ExternalNode extends Node {
        int id;
        int form;

        @Override
        long exec(Run r) {
            Node k = kids[0];
            if (r.pool == null) {
                return k.exec(r);
            }
            WeftPool pool = r.pool;
            Object[] box = new Object[2];
            GenTask t = new GenTask(k, r, "ext" + id);
            Thread th = r.startThread("ext" + id, () -> {
                try {
                    switch (form) {
                        case 0 -> {
                            pool.submit(t);
                            box[0] = t.get();
                        }
                        case 1 -> {
                            pool.submit(t);
                            box[0] = t.join();
                        }
                        case 2 -> box[0] = pool.invoke(() -> k.exec(r));
                        case 3 -> {
                            Future<Long> f = pool.submit((Callable<Long>) () -> k.exec(r));
                            box[0] = f.get();
                        }
                        default -> pool.submit(t);
                    }
                } catch (Throwable e) {
                    box[1] = e;
                }
            });
            r.rt.blocking(() -> {
                th.join();
                return 0L;
            });
            Throwable e = (Throwable) box[1];
            if (e != null) {
                throw r.merge(List.of(e), "external#" + id);
            }
            Long v = form == 4 ? r.rt.join(t) : (Long) box[0];
            if (v == null) {
                r.violation("WRONG_RESULT", "external#" + id + " got a null result");
                return 0;
            }
            return v;
        }

        @Override
        Outcome eval(Ev ev, boolean must) {
            return kids[0].eval(ev, must);
        }

        @Override
        void print(Out o) {
            o.block("external#" + id + " " + EXT_FORMS[form] + ", task =", kids[0]);
        }
    }

    // =============================================================================================
    // Programs and the generator

    static final class Program implements Cloneable {
        long seed;
        Options opts;
        Node root;
        int nLeaves, nSites, nAsyncs, nSlots, nFinishes, nTasks, nIds;
        Map<Integer, Node> taskBodies = new HashMap<>();

        void index() {
            taskBodies = new HashMap<>();
            index(root);
        }

        private void index(Node n) {
            if (n instanceof TaskGroup g) {
                for (int i = 0; i < g.n; i++) {
                    taskBodies.put(g.taskIds[i], g.kids[i]);
                }
            }
            for (Node k : n.kids) {
                index(k);
            }
        }

        Node taskBody(int taskId) {
            Node b = taskBodies.get(taskId);
            if (b == null) {
                throw new IllegalStateException("generator bug: no task t" + taskId);
            }
            return b;
        }

        int size() {
            return size(root);
        }

        private static int size(Node n) {
            int s = 1;
            for (Node k : n.kids) {
                s += size(k);
            }
            return s;
        }

        Program copy() {
            try {
                Program q = (Program) clone();
                q.root = root.copyDeep();
                q.index();
                return q;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }

        String print() {
            Out o = new Out();
            root.print(o);
            return o.sb.toString();
        }
    }

    /** The seed of the i-th program of a run with base seed {@code base}. */
    static long seedAt(long base, long i) {
        return mix64(base + 0x9E3779B97F4A7C15L * (i + 1));
    }

    static Program generate(long seed, Options o) {
        Gen g = new Gen(seed, o);
        g.p.root = g.expr(0, List.of());
        g.p.index();
        return g.p;
    }

    static final class Gen {
        final SplittableRandom rnd;
        final Options o;
        final Program p = new Program();
        final Set<Integer> crossUsed = new TreeSet<>();
        final double failRate;
        int nodes;
        int blockBudget = 4;

        Gen(long seed, Options o) {
            this.rnd = new SplittableRandom(seed);
            this.o = o;
            p.seed = seed;
            p.opts = o;
            double[] rates = {0, 0.02, 0.05, 0.12};
            failRate = o.on("failures") ? rates[rnd.nextInt(rates.length)] : 0;
        }

        boolean chance(int percent) {
            return rnd.nextInt(100) < percent;
        }

        /** Draws whether to inject a failure with probability {@code rate}, within the per-program limit. */
        boolean failure(double rate) {
            return rnd.nextDouble() < rate && p.nSites < o.maxFailures;
        }

        Leaf leaf(boolean cheap) {
            Leaf l = new Leaf();
            l.id = p.nLeaves++;
            if (o.on("noise") && !cheap) {
                int r = rnd.nextInt(100);
                if (r < 12) {
                    l.noise = 1;
                    l.param = 1 + rnd.nextInt(3000);
                } else if (r < 20) {
                    l.noise = 2;
                } else if (r < 26) {
                    l.noise = 3;
                    l.param = 1 + rnd.nextInt(50);
                } else if (r < 28) {
                    l.noise = 4;
                    l.param = rnd.nextInt(2);
                }
            }
            if (failure(cheap ? failRate / 10 : failRate)) {
                l.site = p.nSites++;
            }
            return l;
        }

        Node expr(int depth, List<Integer> targets) {
            nodes++;
            if (depth >= o.maxDepth || nodes >= o.maxNodes) {
                return leaf(false);
            }
            List<Integer> unused = new ArrayList<>();
            for (int t : targets) {
                if (!crossUsed.contains(t)) {
                    unused.add(t);
                }
            }
            int[] w = {
                depth == 0 ? 0 : 22,                                   // leaf
                5,                                                     // seq
                o.on("joins") ? 18 : 0,                                // join
                o.on("tasks") ? 15 : 0,                                // task group
                o.on("finish") ? 12 : 0,                               // finish
                o.on("loops") ? 12 : 0,                                // loop
                o.on("blocking") && blockBudget > 0 ? 3 : 0,           // blocking
                o.on("external") && blockBudget > 0 ? 3 : 0,           // external
                o.on("spawn") ? 3 : 0,                                 // spawn
                o.on("crossJoin") && !unused.isEmpty() ? 10 : 0,       // cross join
            };
            int total = 0;
            for (int x : w) {
                total += x;
            }
            int r = rnd.nextInt(total), kind = 0;
            while (r >= w[kind]) {
                r -= w[kind];
                kind++;
            }
            switch (kind) {
                case 0:
                    return leaf(false);
                case 1: {
                    Seq s = new Seq();
                    s.kids = new Node[2 + rnd.nextInt(2)];
                    for (int i = 0; i < s.kids.length; i++) {
                        s.kids[i] = expr(depth + 1, targets);
                    }
                    return s;
                }
                case 2: {
                    JoinNode j = new JoinNode();
                    j.id = p.nIds++;
                    j.kind = JoinKind.values()[rnd.nextInt(JoinKind.values().length)];
                    j.kids = new Node[] {expr(depth + 1, targets), expr(depth + 1, targets)};
                    if (j.kind != JoinKind.RUNNABLE && o.on("joinCombineThrow") && failure(failRate)) {
                        j.site = p.nSites++;
                    }
                    return j;
                }
                case 3:
                    return tasks(depth, targets);
                case 4:
                    return finish(depth, targets);
                case 5:
                    return loop(depth, targets);
                case 6: {
                    blockBudget--;
                    BlockingNode b = new BlockingNode();
                    b.id = p.nIds++;
                    b.kind = failure(failRate > 0 ? 0.15 : 0) ? 2 : rnd.nextInt(2);
                    b.ms = rnd.nextInt(3);
                    if (b.kind == 2) {
                        b.site = p.nSites++;
                    }
                    b.kids = new Node[] {expr(depth + 1, targets)};
                    return b;
                }
                case 7: {
                    blockBudget--;
                    ExternalNode e = new ExternalNode();
                    e.id = p.nIds++;
                    e.form = rnd.nextInt(o.on("inboxJoin") ? 5 : 4);
                    e.kids = new Node[] {expr(depth + 1, targets)};
                    return e;
                }
                case 8: {
                    SpawnNode sp = new SpawnNode();
                    sp.id = p.nIds++;
                    // No cross joins inside: the spawned body may run after the tasks' group has ended.
                    sp.kids = new Node[] {expr(depth + 1, List.of())};
                    return sp;
                }
                default: {
                    CrossJoin c = new CrossJoin();
                    c.taskId = unused.get(rnd.nextInt(unused.size()));
                    crossUsed.add(c.taskId);
                    c.useGet = o.on("taskGet") && chance(25);
                    return c;
                }
            }
        }

        Node tasks(int depth, List<Integer> targets) {
            TaskGroup g = new TaskGroup();
            g.id = p.nIds++;
            int n = 1 + rnd.nextInt(4);
            g.n = n;
            g.taskIds = new int[n];
            int[] mode = new int[n]; // 0 fork, 1 invoke, 2 invokeAll
            for (int i = 0; i < n; i++) {
                g.taskIds[i] = p.nTasks++;
                int r = rnd.nextInt(100);
                mode[i] = r < 65 ? 0 : (r < 82 || !o.on("invokeAll")) ? 1 : 2;
            }
            List<Integer> forks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (mode[i] == 0) {
                    forks.add(i);
                }
            }
            if (o.on("outOfOrder")) {
                shuffle(forks);
            }
            g.forkOrder = forks.stream().mapToInt(Integer::intValue).toArray();
            g.hasInline = chance(40);
            g.kids = new Node[n + (g.hasInline ? 1 : 0)];
            List<Integer> avail = new ArrayList<>(targets);
            for (int i : forks) {
                g.kids[i] = expr(depth + 1, List.copyOf(avail));
                avail.add(g.taskIds[i]);
            }
            for (int i = 0; i < n; i++) {
                if (mode[i] != 0) {
                    g.kids[i] = expr(depth + 1, List.copyOf(avail));
                }
            }
            if (g.hasInline) {
                g.kids[n] = expr(depth + 1, List.copyOf(avail));
            }
            List<Op> ops = new ArrayList<>();
            List<Integer> joinOrder = new ArrayList<>(forks);
            if (o.on("outOfOrder")) {
                shuffle(joinOrder);
            } else {
                Collections.reverse(joinOrder);
            }
            for (int i : joinOrder) {
                ops.add(new Op(o.on("taskGet") && chance(25) ? OpKind.GET : OpKind.JOIN, new int[] {i}, 0));
            }
            if (o.on("joinTwice") && !forks.isEmpty() && chance(25)) {
                int i = forks.get(rnd.nextInt(forks.size()));
                int pos = 0;
                while (ops.get(pos).tasks()[0] != i) {
                    pos++;
                }
                int at = o.on("outOfOrder") ? pos + 1 + rnd.nextInt(ops.size() - pos) : pos + 1;
                ops.add(at, new Op(o.on("taskGet") && chance(30) ? OpKind.GET : OpKind.JOIN, new int[] {i}, 0));
            }
            if (o.on("waits") && !forks.isEmpty() && chance(20)) {
                int i = forks.get(rnd.nextInt(forks.size()));
                int pos = 0;
                while (ops.get(pos).tasks()[0] != i) {
                    pos++;
                }
                ops.add(pos, new Op(OpKind.AWAIT, new int[] {i}, rnd.nextInt(3)));
            }
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (mode[i] == 1) {
                    ops.add(rnd.nextInt(ops.size() + 1), new Op(OpKind.INVOKE, new int[] {i}, 0));
                } else if (mode[i] == 2) {
                    all.add(i);
                }
            }
            if (all.size() == 1) {
                ops.add(rnd.nextInt(ops.size() + 1), new Op(OpKind.INVOKE, new int[] {all.get(0)}, 0));
            } else if (all.size() > 1) {
                shuffle(all);
                int form = all.size() == 2 ? rnd.nextInt(3) : 1 + rnd.nextInt(2);
                ops.add(rnd.nextInt(ops.size() + 1), new Op(OpKind.INVOKE_ALL, all.stream().mapToInt(Integer::intValue).toArray(), form));
            }
            g.ops = ops.toArray(new Op[0]);
            return g;
        }

        Node finish(int depth, List<Integer> targets) {
            FinishNode f = new FinishNode();
            f.id = p.nFinishes++;
            f.cancellable = o.on("cancel") && chance(15);
            f.runnableForm = !f.cancellable && rnd.nextBoolean();
            List<Node> body = stmts(depth, targets, 1 + rnd.nextInt(4));
            if (f.cancellable) {
                CancelStmt c = new CancelStmt();
                c.finishId = f.id;
                AsyncBlock block = null;
                for (Node s : body) {
                    if (s instanceof AsyncStmt a && a.kids[0] instanceof AsyncBlock b) {
                        block = b;
                    }
                }
                if (block != null && chance(40)) {
                    List<Node> bs = new ArrayList<>(Arrays.asList(block.kids));
                    bs.add(rnd.nextInt(bs.size() + 1), c);
                    block.kids = bs.toArray(new Node[0]);
                } else {
                    body.add(rnd.nextInt(body.size() + 1), c);
                }
            }
            f.kids = body.toArray(new Node[0]);
            return f;
        }

        List<Node> stmts(int depth, List<Integer> targets, int count) {
            List<Node> out = new ArrayList<>();
            for (int c = 0; c < count; c++) {
                if (chance(55)) {
                    AsyncStmt a = new AsyncStmt();
                    a.asyncId = p.nAsyncs++;
                    a.slot = p.nSlots++;
                    if (o.on("asyncNest") && depth + 2 < o.maxDepth && chance(25)) {
                        AsyncBlock b = new AsyncBlock();
                        b.kids = stmts(depth + 1, targets, 1 + rnd.nextInt(3)).toArray(new Node[0]);
                        a.kids = new Node[] {b};
                    } else {
                        a.kids = new Node[] {expr(depth + 1, targets)};
                    }
                    out.add(a);
                } else {
                    InlineStmt s = new InlineStmt();
                    s.slot = p.nSlots++;
                    s.kids = new Node[] {expr(depth + 1, targets)};
                    out.add(s);
                }
            }
            return out;
        }

        Node loop(int depth, List<Integer> targets) {
            LoopNode l = new LoopNode();
            l.id = p.nIds++;
            l.kind = LoopKind.values()[rnd.nextInt(LoopKind.values().length)];
            boolean big = o.on("bigLoops") && chance(30);
            int n = big ? 16 + rnd.nextInt(100) : 1 + rnd.nextInt(6);
            l.from = rnd.nextInt(7) - 3;
            l.kids = new Node[n];
            for (int k = 0; k < n; k++) {
                if (big) {
                    l.kids[k] = rnd.nextInt(n) < 3 ? expr(depth + 1, targets) : leaf(true);
                } else {
                    l.kids[k] = rnd.nextBoolean() ? leaf(false) : expr(depth + 1, targets);
                }
            }
            l.slotBase = p.nSlots;
            p.nSlots += n;
            if ((l.kind == LoopKind.REDUCE_OBJ || l.kind == LoopKind.REDUCE_LONG) && n >= 2 && o.on("reduceThrow")
                    && failure(failRate > 0 ? 0.25 : 0)) {
                l.site = p.nSites++;
                l.pair = rnd.nextInt(n - 1);
            }
            return l;
        }

        <T> void shuffle(List<T> xs) {
            for (int i = xs.size() - 1; i > 0; i--) {
                Collections.swap(xs, i, rnd.nextInt(i + 1));
            }
        }
    }

    // =============================================================================================
    // Running and checking

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
    static Result runOnce(Program p, int parallelism, long deadlineMs) {
        Result res = new Result(p, parallelism);
        Ev ev = new Ev(p, true);
        Outcome expected = p.root.eval(ev, true);
        String poolName = "gen" + POOLS.incrementAndGet() + "p" + parallelism;
        ConcurrentLinkedQueue<Throwable> uncaught = new ConcurrentLinkedQueue<>();
        // The monitor samples every 5 ms (a stall in 20 ms): waits outside Weft end fast, and its moves
        // race with everything the programs do, also in the sleeps and spins of noisy leaves.
        WeftPool pool = parallelism <= 0 ? null : WeftPool.builder().parallelism(parallelism).name(poolName)
                .stallSampling(Waits.MONITOR_PERIOD_NANOS, 4)
                .uncaughtExceptionHandler((t, e) -> uncaught.add(e)).build();
        Rt rt = parallelism <= 0 ? new SerialRt(parallelism < 0) : new WeftRt();
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

    record Loc(Node parent, int idx, Node node) {
    }

    static void locs(Node parent, int idx, Node n, List<Loc> out) {
        out.add(new Loc(parent, idx, n));
        for (int i = 0; i < n.kids.length; i++) {
            locs(n, i, n.kids[i], out);
        }
    }

    interface Edit {
        /** Applies the edit to the node at the same preorder position of a copy; false if not applicable. */
        boolean apply(Program q, Loc at);
    }

    static void replace(Program q, Loc at, Node with) {
        if (at.parent() == null) {
            q.root = with;
        } else {
            at.parent().kids[at.idx()] = with;
        }
    }

    static Leaf plainLeaf(Program q) {
        Leaf l = new Leaf();
        l.id = q.nLeaves++;
        return l;
    }

    static boolean hasCancel(Node n, int finishId) {
        if (n instanceof CancelStmt c && c.finishId == finishId) {
            return true;
        }
        for (Node k : n.kids) {
            if (hasCancel(k, finishId)) {
                return true;
            }
        }
        return false;
    }

    static final List<Edit> EDITS = List.of(
        // replace an expression by a plain leaf
        (q, at) -> {
            Node n = at.node();
            if (!(n.isExpr() || n instanceof AsyncBlock) || (n instanceof Leaf l && l.site < 0 && l.noise == 0)) {
                return false;
            }
            replace(q, at, plainLeaf(q));
            return true;
        },
        // hoist a kid
        (q, at) -> {
            Node n = at.node();
            if (n instanceof Seq || n instanceof JoinNode || n instanceof LoopNode || n instanceof BlockingNode || n instanceof ExternalNode) {
                for (Node k : n.kids) {
                    if (!(k instanceof Leaf)) {
                        replace(q, at, k);
                        return true;
                    }
                }
            }
            if (n instanceof FinishNode) {
                for (Node s : n.kids) {
                    if ((s instanceof InlineStmt || s instanceof AsyncStmt) && s.kids[0].isExpr() && !(s.kids[0] instanceof Leaf)) {
                        replace(q, at, s.kids[0]);
                        return true;
                    }
                }
            }
            return false;
        },
        // drop a statement
        (q, at) -> {
            Node n = at.node();
            if (at.parent() instanceof FinishNode || at.parent() instanceof AsyncBlock) {
                Node par = at.parent();
                List<Node> ks = new ArrayList<>(Arrays.asList(par.kids));
                ks.remove(at.idx());
                par.kids = ks.toArray(new Node[0]);
                return true;
            }
            return false;
        },
        // a finish without a cancel statement is not cancellable
        (q, at) -> {
            if (at.node() instanceof FinishNode f && f.cancellable && !hasCancel(q.root, f.id)) {
                f.cancellable = false;
                return true;
            }
            return false;
        },
        // shorten a loop
        (q, at) -> {
            if (at.node() instanceof LoopNode l && l.kids.length > 1) {
                int n = l.kids.length > 4 ? l.kids.length / 2 : l.kids.length - 1;
                l.kids = Arrays.copyOf(l.kids, n);
                if (l.site >= 0 && l.pair + 1 >= n) {
                    l.site = -1;
                }
                return true;
            }
            return false;
        },
        // drop the inline work of a task group, a wait outside Weft, or a repeated join
        (q, at) -> {
            if (at.node() instanceof TaskGroup g) {
                if (g.hasInline) {
                    g.hasInline = false;
                    g.kids = Arrays.copyOf(g.kids, g.n);
                    return true;
                }
                for (int i = 0; i < g.ops.length; i++) {
                    if (g.ops[i].kind() == OpKind.AWAIT) {
                        List<Op> ops = new ArrayList<>(Arrays.asList(g.ops));
                        ops.remove(i);
                        g.ops = ops.toArray(new Op[0]);
                        return true;
                    }
                }
                for (int i = 0; i < g.ops.length; i++) {
                    for (int j = 0; j < g.ops.length; j++) {
                        if (i != j && g.ops[i].kind() != OpKind.INVOKE_ALL && g.ops[j].kind() != OpKind.INVOKE_ALL
                                && g.ops[i].tasks()[0] == g.ops[j].tasks()[0] && g.ops[i].kind() != OpKind.INVOKE) {
                            List<Op> ops = new ArrayList<>(Arrays.asList(g.ops));
                            ops.remove(Math.max(i, j));
                            g.ops = ops.toArray(new Op[0]);
                            return true;
                        }
                    }
                }
            }
            return false;
        },
        // drop failure sites and noise
        (q, at) -> {
            Node n = at.node();
            if (n instanceof Leaf l && (l.site >= 0 || l.noise != 0)) {
                if (l.site >= 0) {
                    l.site = -1;
                } else {
                    l.noise = 0;
                }
                return true;
            }
            if (n instanceof JoinNode j && j.site >= 0) {
                j.site = -1;
                return true;
            }
            if (n instanceof LoopNode l && l.site >= 0) {
                l.site = -1;
                return true;
            }
            if (n instanceof BlockingNode b && b.kind == 2) {
                b.kind = 0;
                b.site = -1;
                return true;
            }
            return false;
        });

    /** Whether a run on parallelism {@code par} shows {@code category} within {@code tries} runs. */
    static boolean reproduces(Program c, int par, String category, int tries, long deadlineMs) {
        Result s;
        try {
            s = runOnce(c, 0, deadlineMs);
            if (s.ok()) {
                s = runOnce(c, -1, deadlineMs);
            }
        } catch (RuntimeException e) {
            return false; // an invalid edit
        }
        if (!s.ok()) {
            return false;
        }
        for (int i = 0; i < tries; i++) {
            if (runOnce(c, par, deadlineMs).has(category)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Greedily simplifies a failing program while it keeps failing with the same category on the same
     * parallelism (each candidate is retried, the failures being schedule dependent).
     */
    static Program shrink(Program p, int par, String category, long budgetMs, int tries, long deadlineMs, PrintStream log) {
        long end = System.currentTimeMillis() + budgetMs;
        Program best = p;
        boolean progress = true;
        while (progress && System.currentTimeMillis() < end) {
            progress = false;
            List<Loc> ls = new ArrayList<>();
            locs(null, 0, best.root, ls);
            outer:
            for (Edit e : EDITS) {
                for (int i = 0; i < ls.size(); i++) {
                    if (System.currentTimeMillis() > end) {
                        break outer;
                    }
                    Program q = best.copy();
                    List<Loc> ql = new ArrayList<>();
                    locs(null, 0, q.root, ql);
                    if (!e.apply(q, ql.get(i))) {
                        continue;
                    }
                    q.index();
                    if (reproduces(q, par, category, tries, deadlineMs)) {
                        best = q;
                        progress = true;
                        if (log != null) {
                            log.println("shrink: " + category + " still reproduces with " + q.size() + " nodes");
                        }
                        break outer;
                    }
                }
            }
        }
        return best;
    }
}
