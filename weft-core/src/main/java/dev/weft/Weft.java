package dev.weft;

import java.util.Objects;
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
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/**
 * Weft's parallel constructs: two-way joins, {@code finish}/{@code async} scopes and parallel loops.
 * Call them from code running in a {@link WeftPool}; called from any other thread, each runs as one task
 * in {@link WeftPool#common()} and returns when it is done.
 *
 * <pre>{@code
 * static int fib(int n) {
 *     if (n < 2) return n;
 *     return Weft.joinInt(Fib::fib, n - 1, n - 2, Integer::sum);   // no allocation unless stolen
 * }
 * int f = pool.invoke(() -> fib(40));
 * }</pre>
 *
 * <h2>What a fork costs</h2>
 * Every construct records the work another worker could take in the calling worker's private pending
 * stack, with plain stores: no CAS, no fence. If no other worker is hungry, the work runs on the calling
 * worker as an ordinary call. Only when some worker is hungry does the caller turn its oldest pending
 * piece into a task object another worker can take (see PROTOCOL.md). So:
 * <ul>
 *   <li>The function forms — {@link #joinInt(IntUnaryOperator, int, int, IntBinaryOperator)} and its
 *       {@code long}/{@code double} siblings — allocate nothing when not stolen. Pass a method reference
 *       or a non-capturing lambda; put the larger half first (it is the one offered to thieves).</li>
 *   <li>The lambda forms ({@link #join(Supplier, Supplier, BiFunction)}, {@link #joinInt(IntSupplier,
 *       IntSupplier, IntBinaryOperator)}, ...) cost what their capturing lambdas cost to allocate.</li>
 *   <li>Loops ({@link #parallelFor(int, int, IntConsumer)}, {@link #parallelReduce}) take no grain size:
 *       a loop splits its remaining range only when another worker is hungry.</li>
 * </ul>
 *
 * <h2>Failures</h2>
 * If a half, an async or a loop body throws, the construct throws {@link TaskFailedException} with the
 * original as cause and further failures suppressed. A join whose inline half threw drops the other
 * half if it never started, or waits for it if another worker runs it.
 */
public final class Weft {
    private Weft() {
    }

    /** Most private pending asyncs a worker keeps; past this an {@code async} runs immediately. */
    static final int ASYNC_PENDING_LIMIT = 1024;

    // ---------------------------------------------------------------------------------------------
    // Function forms: no allocation unless stolen

    /**
     * Returns {@code combine(fn(x), fn(y))}, computing {@code fn(x)} and {@code fn(y)} possibly in
     * parallel. {@code fn(x)} is the half offered to other workers; {@code fn(y)} runs first on the
     * calling thread. Allocates nothing unless the {@code fn(x)} half is stolen.
     */
    public static int joinInt(IntUnaryOperator fn, int x, int y, IntBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return Joins.joinIntOutside(fn, x, y, combine);
        }
        PendingStack p = w.pending;
        int s = p.pushIntFn(fn, x);
        if (w.signal() != 0) {
            w.onSignal();
        }
        int ry;
        try {
            ry = fn.applyAsInt(y);
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        int rx;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            try {
                rx = fn.applyAsInt(x);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            rx = Joins.joinIntSlow(p, s, fn, x);
        }
        try {
            return combine.applyAsInt(rx, ry);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    /** The {@code long} form of {@link #joinInt(IntUnaryOperator, int, int, IntBinaryOperator)}. */
    public static long joinLong(LongUnaryOperator fn, long x, long y, LongBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return Joins.joinLongOutside(fn, x, y, combine);
        }
        PendingStack p = w.pending;
        int s = p.pushLongFn(fn, x);
        if (w.signal() != 0) {
            w.onSignal();
        }
        long ry;
        try {
            ry = fn.applyAsLong(y);
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        long rx;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            try {
                rx = fn.applyAsLong(x);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            rx = Joins.joinLongSlow(p, s, fn, x);
        }
        try {
            return combine.applyAsLong(rx, ry);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    /** The {@code double} form of {@link #joinInt(IntUnaryOperator, int, int, IntBinaryOperator)}. */
    public static double joinDouble(DoubleUnaryOperator fn, double x, double y, DoubleBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return Joins.joinDoubleOutside(fn, x, y, combine);
        }
        PendingStack p = w.pending;
        int s = p.pushDoubleFn(fn, x);
        if (w.signal() != 0) {
            w.onSignal();
        }
        double ry;
        try {
            ry = fn.applyAsDouble(y);
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        double rx;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            try {
                rx = fn.applyAsDouble(x);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            rx = Joins.joinDoubleSlow(p, s, fn, x);
        }
        try {
            return combine.applyAsDouble(rx, ry);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }


    // ---------------------------------------------------------------------------------------------
    // Function forms of several double arguments: for numeric kernels such as adaptive quadrature

    /** A function of three doubles, for {@link #joinDouble(DoubleOperator3, double, double, double, double, double, double, DoubleBinaryOperator)}. */
    @FunctionalInterface
    public interface DoubleOperator3 {
        double applyAsDouble(double a, double b, double c);
    }

    /** A function of four doubles; see {@link DoubleOperator3}. */
    @FunctionalInterface
    public interface DoubleOperator4 {
        double applyAsDouble(double a, double b, double c, double d);
    }

    /** A function of five doubles; see {@link DoubleOperator3}. */
    @FunctionalInterface
    public interface DoubleOperator5 {
        double applyAsDouble(double a, double b, double c, double d, double e);
    }
    /**
     * Returns {@code combine(fn(x0, x1), fn(y0, y1))}, computing the two calls possibly in
     * parallel. The {@code x} call is the one offered to other workers; the {@code y} call runs first on
     * the calling thread. Allocates nothing unless the {@code x} call is stolen. Pass a method reference
     * or a non-capturing lambda.
     */
    public static double joinDouble(DoubleBinaryOperator fn, double x0, double x1, double y0, double y1,
                                    DoubleBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return WeftPool.common().invoke(() -> joinDouble(fn, x0, x1, y0, y1, combine));
        }
        PendingStack p = w.pending;
        int s = p.pushDoubleN(fn, PendingStack.K_DOUBLE_FN2, x0, x1, 0, 0, 0);
        if (w.signal() != 0) {
            w.onSignal();
        }
        double ry;
        try {
            ry = fn.applyAsDouble(y0, y1);
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        double rx;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            try {
                rx = fn.applyAsDouble(x0, x1);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            Job j = p.reclaim(s);
            rx = j == null ? Joins.applyWrapped(fn, x0, x1) : Joins.doubleNResult(j);
        }
        try {
            return combine.applyAsDouble(rx, ry);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    /**
     * Returns {@code combine(fn(x0, x1, x2), fn(y0, y1, y2))}, computing the two calls possibly in
     * parallel. The {@code x} call is the one offered to other workers; the {@code y} call runs first on
     * the calling thread. Allocates nothing unless the {@code x} call is stolen. Pass a method reference
     * or a non-capturing lambda.
     */
    public static double joinDouble(DoubleOperator3 fn, double x0, double x1, double x2, double y0, double y1, double y2,
                                    DoubleBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return WeftPool.common().invoke(() -> joinDouble(fn, x0, x1, x2, y0, y1, y2, combine));
        }
        PendingStack p = w.pending;
        int s = p.pushDoubleN(fn, PendingStack.K_DOUBLE_FN3, x0, x1, x2, 0, 0);
        if (w.signal() != 0) {
            w.onSignal();
        }
        double ry;
        try {
            ry = fn.applyAsDouble(y0, y1, y2);
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        double rx;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            try {
                rx = fn.applyAsDouble(x0, x1, x2);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            Job j = p.reclaim(s);
            rx = j == null ? Joins.applyWrapped(fn, x0, x1, x2) : Joins.doubleNResult(j);
        }
        try {
            return combine.applyAsDouble(rx, ry);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    /**
     * Returns {@code combine(fn(x0, x1, x2, x3), fn(y0, y1, y2, y3))}, computing the two calls possibly in
     * parallel. The {@code x} call is the one offered to other workers; the {@code y} call runs first on
     * the calling thread. Allocates nothing unless the {@code x} call is stolen. Pass a method reference
     * or a non-capturing lambda.
     */
    public static double joinDouble(DoubleOperator4 fn, double x0, double x1, double x2, double x3, double y0, double y1, double y2, double y3,
                                    DoubleBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return WeftPool.common().invoke(() -> joinDouble(fn, x0, x1, x2, x3, y0, y1, y2, y3, combine));
        }
        PendingStack p = w.pending;
        int s = p.pushDoubleN(fn, PendingStack.K_DOUBLE_FN4, x0, x1, x2, x3, 0);
        if (w.signal() != 0) {
            w.onSignal();
        }
        double ry;
        try {
            ry = fn.applyAsDouble(y0, y1, y2, y3);
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        double rx;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            try {
                rx = fn.applyAsDouble(x0, x1, x2, x3);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            Job j = p.reclaim(s);
            rx = j == null ? Joins.applyWrapped(fn, x0, x1, x2, x3) : Joins.doubleNResult(j);
        }
        try {
            return combine.applyAsDouble(rx, ry);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    /**
     * Returns {@code combine(fn(x0, x1, x2, x3, x4), fn(y0, y1, y2, y3, y4))}, computing the two calls possibly in
     * parallel. The {@code x} call is the one offered to other workers; the {@code y} call runs first on
     * the calling thread. Allocates nothing unless the {@code x} call is stolen. Pass a method reference
     * or a non-capturing lambda.
     *
     * <pre>{@code
     * // adaptive quadrature: left half (l, m, fl, fm, al) is offered to thieves
     * return Weft.joinDouble(Quad::area, l, m, fl, fm, al, m, r, fm, fr, ar, Double::sum);
     * }</pre>
     */
    public static double joinDouble(DoubleOperator5 fn, double x0, double x1, double x2, double x3, double x4, double y0, double y1, double y2, double y3, double y4,
                                    DoubleBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return WeftPool.common().invoke(() -> joinDouble(fn, x0, x1, x2, x3, x4, y0, y1, y2, y3, y4, combine));
        }
        PendingStack p = w.pending;
        int s = p.pushDoubleN(fn, PendingStack.K_DOUBLE_FN5, x0, x1, x2, x3, x4);
        if (w.signal() != 0) {
            w.onSignal();
        }
        double ry;
        try {
            ry = fn.applyAsDouble(y0, y1, y2, y3, y4);
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        double rx;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            try {
                rx = fn.applyAsDouble(x0, x1, x2, x3, x4);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            Job j = p.reclaim(s);
            rx = j == null ? Joins.applyWrapped(fn, x0, x1, x2, x3, x4) : Joins.doubleNResult(j);
        }
        try {
            return combine.applyAsDouble(rx, ry);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Lambda forms

    /**
     * Runs {@code a} and {@code b}, possibly in parallel, and returns when both are done ({@code b}
     * runs first on the calling thread; {@code a} is offered to other workers).
     */
    public static void join(Runnable a, Runnable b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (!(Thread.currentThread() instanceof Worker w)) {
            WeftPool.common().run(() -> join(a, b));
            return;
        }
        PendingStack p = w.pending;
        int s = p.pushObject(a, PendingStack.K_RUNNABLE);
        if (w.signal() != 0) {
            w.onSignal();
        }
        try {
            b.run();
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            p.items[s] = null;
            Joins.runWrapped(a);
        } else {
            Joins.joinRunnableSlow(p, s, a);
        }
    }

    /**
     * Returns {@code combine(a.get(), b.get())}, computing the two possibly in parallel ({@code b} runs
     * first on the calling thread; {@code a} is offered to other workers).
     */
    public static <A, B, R> R join(Supplier<A> a, Supplier<B> b, BiFunction<? super A, ? super B, ? extends R> combine) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return WeftPool.common().invoke(() -> join(a, b, combine));
        }
        PendingStack p = w.pending;
        int s = p.pushObject(a, PendingStack.K_SUPPLIER);
        if (w.signal() != 0) {
            w.onSignal();
        }
        B rb;
        try {
            rb = b.get();
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        A ra;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            p.items[s] = null;
            ra = Joins.getWrapped(a);
        } else {
            ra = Joins.joinSupplierSlow(p, s, a);
        }
        try {
            return combine.apply(ra, rb);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    /** Returns {@code combine(a.getAsInt(), b.getAsInt())}; see {@link #join(Supplier, Supplier, BiFunction)}. */
    public static int joinInt(IntSupplier a, IntSupplier b, IntBinaryOperator combine) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return WeftPool.common().invoke(() -> joinInt(a, b, combine));
        }
        PendingStack p = w.pending;
        int s = p.pushObject(a, PendingStack.K_INT_SUPPLIER);
        if (w.signal() != 0) {
            w.onSignal();
        }
        int rb;
        try {
            rb = b.getAsInt();
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        int ra;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            p.items[s] = null;
            try {
                ra = a.getAsInt();
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            ra = Joins.joinIntSupplierSlow(p, s, a);
        }
        try {
            return combine.applyAsInt(ra, rb);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    /** Returns {@code combine(a.getAsLong(), b.getAsLong())}; see {@link #join(Supplier, Supplier, BiFunction)}. */
    public static long joinLong(LongSupplier a, LongSupplier b, LongBinaryOperator combine) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return WeftPool.common().invoke(() -> joinLong(a, b, combine));
        }
        PendingStack p = w.pending;
        int s = p.pushObject(a, PendingStack.K_LONG_SUPPLIER);
        if (w.signal() != 0) {
            w.onSignal();
        }
        long rb;
        try {
            rb = b.getAsLong();
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        long ra;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            p.items[s] = null;
            try {
                ra = a.getAsLong();
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            ra = Joins.joinLongSupplierSlow(p, s, a);
        }
        try {
            return combine.applyAsLong(ra, rb);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    /** Returns {@code combine(a.getAsDouble(), b.getAsDouble())}; see {@link #join(Supplier, Supplier, BiFunction)}. */
    public static double joinDouble(DoubleSupplier a, DoubleSupplier b, DoubleBinaryOperator combine) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(combine, "combine");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return WeftPool.common().invoke(() -> joinDouble(a, b, combine));
        }
        PendingStack p = w.pending;
        int s = p.pushObject(a, PendingStack.K_DOUBLE_SUPPLIER);
        if (w.signal() != 0) {
            w.onSignal();
        }
        double rb;
        try {
            rb = b.getAsDouble();
        } catch (Throwable t) {
            throw p.abandon(s, t);
        }
        double ra;
        if (p.top == s + 1 && s >= p.base) {
            p.top = s;
            p.items[s] = null;
            try {
                ra = a.getAsDouble();
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        } else {
            ra = Joins.joinDoubleSupplierSlow(p, s, a);
        }
        try {
            return combine.applyAsDouble(ra, rb);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t); // the combine is part of the join
        }
    }

    // ---------------------------------------------------------------------------------------------
    // finish / async

    /**
     * Runs {@code body} and then waits until every {@link #async} it started — directly or from within
     * other asyncs — has completed. See {@link #finish(Consumer)}.
     */
    public static void finish(Runnable body) {
        Objects.requireNonNull(body, "body");
        finish(scope -> body.run());
    }

    /**
     * Runs {@code body} with a handle on the new scope (to {@link Finish#cancel() cancel} it), then
     * waits until every {@link #async} started within the scope has completed. Scopes nest: an async
     * belongs to the innermost enclosing finish.
     *
     * @throws TaskFailedException if the body or any async failed (the first failure is the cause,
     *         the others are suppressed); the scope still waits for all its asyncs first
     */
    public static void finish(Consumer<Finish> body) {
        Objects.requireNonNull(body, "body");
        if (!(Thread.currentThread() instanceof Worker w)) {
            WeftPool.common().run(() -> finish(body));
            return;
        }
        Finish f = new Finish();
        PendingStack p = w.pending;
        int t0 = p.top;
        Frame saved = w.scope;
        w.scope = new Frame(f, t0, saved);
        Throwable failure = null;
        try {
            body.accept(f);
        } catch (Throwable t) {
            failure = t;
        }
        try {
            p.drainTo(t0);
            w.awaitScope(f);
        } catch (Throwable t) {
            failure = TaskFailedException.combine(failure, t);
        } finally {
            w.scope = saved;
        }
        failure = TaskFailedException.combine(failure, f.failure());
        if (failure != null) {
            throw TaskFailedException.wrap(failure);
        }
    }

    /**
     * Starts {@code body} as part of the innermost enclosing {@link #finish}, possibly in parallel with
     * the code that follows. When the worker already holds many pending asyncs, the body runs right away
     * instead, which keeps memory bounded for loops that start millions of asyncs.
     *
     * @throws IllegalStateException if not called inside a {@code finish}
     */
    public static void async(Runnable body) {
        Objects.requireNonNull(body, "body");
        Worker w = Worker.current();
        Frame fr = w == null ? null : w.scope;
        if (fr == null || fr.finish == null) {
            // No scope, or a task that was forked outside any finish and now runs on a worker that is
            // inside one: that finish is not the task's (its frame has no scope).
            throw new IllegalStateException("async must be called inside Weft.finish");
        }
        PendingStack p = w.pending;
        if (p.top - fr.base >= 2 * ASYNC_PENDING_LIMIT) {
            p.compactAsyncs(fr.base); // bounded memory when asyncs are stolen as fast as they come
        }
        if (p.privateCount() >= ASYNC_PENDING_LIMIT) {
            if (w.signal() != 0) {
                w.onSignal();
            }
            Async.runBody(body, fr.finish);
            return;
        }
        p.pushObject(body, PendingStack.K_ASYNC);
        if (w.signal() != 0) {
            w.onSignal();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Loops

    /**
     * Runs {@code body.accept(i)} for every {@code i} in {@code [from, to)}, possibly in parallel. No
     * grain size is needed: the range is split only when another worker is hungry.
     *
     * @throws TaskFailedException if the body threw for some index (the loop stops handing out
     *         further chunks; other failures are suppressed)
     */
    public static void parallelFor(int from, int to, IntConsumer body) {
        Objects.requireNonNull(body, "body");
        if (from >= to) {
            return;
        }
        Loops.run(new Loops.IntFor(body), from, to);
    }

    /** The {@code long}-index form of {@link #parallelFor(int, int, IntConsumer)}. */
    public static void parallelForLong(long from, long to, LongConsumer body) {
        Objects.requireNonNull(body, "body");
        if (from >= to) {
            return;
        }
        Loops.run(new Loops.LongFor(body), from, to);
    }

    /**
     * Returns {@code identity ⊕ map(from) ⊕ ... ⊕ map(to - 1)}, where {@code ⊕} is {@code combine},
     * computed possibly in parallel. {@code combine} must be associative and {@code identity} its
     * identity; the order of operands is kept, so it need not be commutative.
     */
    public static <R> R parallelReduce(int from, int to, R identity, IntFunction<? extends R> map, BinaryOperator<R> combine) {
        Objects.requireNonNull(map, "map");
        Objects.requireNonNull(combine, "combine");
        if (from >= to) {
            return identity;
        }
        Loops.ObjReduce<R> loop = new Loops.ObjReduce<>(identity, map, combine);
        Loops.run(loop, from, to);
        return loop.acc;
    }

    /** The {@code int} form of {@link #parallelReduce}. */
    public static int parallelReduceInt(int from, int to, int identity, IntUnaryOperator map, IntBinaryOperator combine) {
        Objects.requireNonNull(map, "map");
        Objects.requireNonNull(combine, "combine");
        if (from >= to) {
            return identity;
        }
        Loops.IntReduce loop = new Loops.IntReduce(identity, map, combine);
        Loops.run(loop, from, to);
        return loop.acc;
    }

    /** The {@code long} form of {@link #parallelReduce}. */
    public static long parallelReduceLong(int from, int to, long identity, IntToLongFunction map, LongBinaryOperator combine) {
        Objects.requireNonNull(map, "map");
        Objects.requireNonNull(combine, "combine");
        if (from >= to) {
            return identity;
        }
        Loops.LongReduce loop = new Loops.LongReduce(identity, map, combine);
        Loops.run(loop, from, to);
        return loop.acc;
    }

    /** The {@code double} form of {@link #parallelReduce}. */
    public static double parallelReduceDouble(int from, int to, double identity, IntToDoubleFunction map, DoubleBinaryOperator combine) {
        Objects.requireNonNull(map, "map");
        Objects.requireNonNull(combine, "combine");
        if (from >= to) {
            return identity;
        }
        Loops.DoubleReduce loop = new Loops.DoubleReduce(identity, map, combine);
        Loops.run(loop, from, to);
        return loop.acc;
    }

    // ---------------------------------------------------------------------------------------------
    // Blocking

    /**
     * A blocking action for {@link #blocking(Blocker)}.
     *
     * @param <T> its result
     * @param <X> the exception it may throw
     */
    @FunctionalInterface
    public interface Blocker<T, X extends Exception> {
        T block() throws X;
    }

    /**
     * Runs an action that blocks (sleeps, waits on a lock or latch, does I/O) without starving the
     * pool: before it blocks, the calling worker hands its pending work to others and the pool wakes an
     * idle worker or adds a temporary one (up to {@link WeftPool.Builder#maxBlockingWorkers}; beyond it
     * the action simply runs). Time spent is counted as blocked time in {@link WeftPool#stats()}.
     * Outside a pool the action just runs. Inside a {@link #pauseStealing()} region only the forks made
     * before the region are handed over; the region's own forks wait for this worker.
     *
     * <pre>{@code
     * String page = Weft.blocking(() -> http.send(request, ofString()).body());
     * }</pre>
     */
    public static <T, X extends Exception> T blocking(Blocker<T, X> action) throws X {
        Objects.requireNonNull(action, "action");
        Worker w = Worker.current();
        if (w == null) {
            return action.block();
        }
        return w.pool.block(w, action);
    }

    // ---------------------------------------------------------------------------------------------
    // Paused stealing

    /**
     * Keeps the forks the calling worker makes from now on away from thieves until the matching
     * {@link #resumeStealing()}: they run on this worker, in order, as the serial program would run
     * them. Calls nest; stealing resumes when the outermost region ends. For critical sections:
     * a worker that holds a lock and forks must never have to wait for a thief, which might be waiting
     * for that same lock (Kumar's thesis, ch. 6: stealing is switched off inside a critical section).
     * Atomic sets ({@code weft-atomic}) call this pair around every unit of work.
     *
     * <pre>{@code
     * synchronized (account) {
     *     Weft.pauseStealing();
     *     try {
     *         Weft.parallelFor(0, n, i -> account.post(entries[i]));   // runs serially on this worker
     *     } finally {
     *         Weft.resumeStealing();
     *     }
     * }
     * }</pre>
     *
     * <p>Inside a paused region:
     * <ul>
     *   <li>joins, {@code finish} and loops run every part on this worker (a loop does not split), so a
     *       join never waits for a thief; the cost of a fork stays that of an unstolen fork;</li>
     *   <li>forks made <em>before</em> the region (the caller's continuations) can still be handed to
     *       hungry workers, so thieves are not starved while the region runs; requests that arrive while
     *       only the region's own forks are pending are served when it ends;</li>
     *   <li>{@link #blocking} hands over only those older forks, and the stall monitor rescues only
     *       those;</li>
     *   <li>an {@link #async} belongs to its enclosing {@code finish}: if that finish began before the
     *       region, the async runs after the region ends (or on a thief then), not inside it;</li>
     *   <li>joining a {@link Task} forked before the region, {@code get()} on a future, or waiting outside
     *       Weft may run or wait for work that needs what the region holds: avoid it, as in any critical
     *       section.</li>
     * </ul>
     * On a thread outside any pool there is nothing to pause and both calls do nothing: constructs
     * called from there run in {@link WeftPool#common()}, on other threads, unaffected. A top-level task
     * that returns with stealing still paused has it resumed, and the pool reports the misuse to its
     * uncaught exception handler.
     */
    public static void pauseStealing() {
        if (Thread.currentThread() instanceof Worker w) {
            w.pauseStealing();
        }
    }

    /**
     * Ends the innermost region begun by {@link #pauseStealing()}. When the outermost region ends, the
     * worker serves any request for work that arrived meanwhile.
     *
     * @throws IllegalStateException on a worker that is not inside a paused region
     */
    public static void resumeStealing() {
        if (Thread.currentThread() instanceof Worker w) {
            w.resumeStealing();
        }
    }

    /** Whether the calling thread is a worker inside a {@link #pauseStealing()} region. */
    public static boolean stealingPaused() {
        return Thread.currentThread() instanceof Worker w && w.pauseDepth > 0;
    }

    /** Whether the calling thread is a worker of some {@link WeftPool}. */
    public static boolean inPool() {
        return Thread.currentThread() instanceof Worker;
    }
}
