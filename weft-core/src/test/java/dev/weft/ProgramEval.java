package dev.weft;

import static dev.weft.ProgramGen.*;
import static dev.weft.ProgramModel.*;
import static dev.weft.ProgramRunner.*;
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
 * The serial meaning of a generated program: the three-valued evaluator's {@link Outcome} and its
 * expectations per leaf and failure site ({@link Ev}, filled by each node's {@code eval}), and
 * {@link SerialRt}, a plain serial implementation of the same API on which every program must pass every
 * check (if not, the bug is in the generator).
 */
final class ProgramEval {
    private ProgramEval() {
    }

    /**
     * The serial meaning of every construct, run on one thread: joins run b then a (a is dropped if b
     * threw), finish runs the body then its asyncs, loops run in index order and stop at the first
     * failure, tasks run when first joined. A run on it must always pass the checks: if not, the bug
     * is in this generator, not in Weft.
     */
    static final class SerialRt implements Rt {
        static final class Scope {
            final Finish f = new Finish(null);
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
        /**
         * How many cancellable finish scopes enclose the node being evaluated (a spawn or an external
         * submission leaves them): a loop there may stop at any chunk with a cancellation.
         */
        int cancelDepth;

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

        /**
         * The outcome of a node evaluated elsewhere (a cross-joined task's body), recording nothing;
         * {@code underCancel}: it runs inside a cancellable scope (where its task was forked).
         */
        Outcome outcomeOf(Node n, boolean underCancel) {
            Ev e = new Ev(p, false);
            e.cancelDepth = underCancel ? 1 : 0;
            return n.eval(e, false);
        }
    }

    // =============================================================================================
    // The AST
}
