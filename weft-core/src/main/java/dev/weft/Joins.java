package dev.weft;

import java.util.Objects;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

/**
 * The out-of-line parts of {@link Weft}'s function-form joins: the path for callers outside any pool
 * and the slow join (a slot that was published, or work left above it). Keeping them out of the join
 * methods keeps those small enough for the JIT to inline into the user's recursive method.
 */
final class Joins {
    private Joins() {
    }

    static int joinIntOutside(IntUnaryOperator fn, int x, int y, IntBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        return WeftPool.common().invoke(() -> Weft.joinInt(fn, x, y, combine));
    }

    static long joinLongOutside(LongUnaryOperator fn, long x, long y, LongBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        return WeftPool.common().invoke(() -> Weft.joinLong(fn, x, y, combine));
    }

    static double joinDoubleOutside(DoubleUnaryOperator fn, double x, double y, DoubleBinaryOperator combine) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(combine, "combine");
        return WeftPool.common().invoke(() -> Weft.joinDouble(fn, x, y, combine));
    }

    static int joinIntSlow(PendingStack p, int s, IntUnaryOperator fn, int x) {
        Job j = p.reclaim(s);
        if (j == null) {
            try {
                return fn.applyAsInt(x);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        }
        if (j.status() != Job.NORMAL) {
            throw j.joinFailure();
        }
        return ((Calls.IntCall) j).result;
    }

    static long joinLongSlow(PendingStack p, int s, LongUnaryOperator fn, long x) {
        Job j = p.reclaim(s);
        if (j == null) {
            try {
                return fn.applyAsLong(x);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        }
        if (j.status() != Job.NORMAL) {
            throw j.joinFailure();
        }
        return ((Calls.LongCall) j).result;
    }

    static double joinDoubleSlow(PendingStack p, int s, DoubleUnaryOperator fn, double x) {
        Job j = p.reclaim(s);
        if (j == null) {
            try {
                return fn.applyAsDouble(x);
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        }
        if (j.status() != Job.NORMAL) {
            throw j.joinFailure();
        }
        return ((Calls.DoubleCall) j).result;
    }

    static double doubleNResult(Job j) {
        if (j.status() != Job.NORMAL) {
            throw j.joinFailure();
        }
        return ((Calls.DoubleNCall) j).result;
    }

    static double applyWrapped(DoubleBinaryOperator fn, double a, double b) {
        try {
            return fn.applyAsDouble(a, b);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t);
        }
    }

    static double applyWrapped(Weft.DoubleOperator3 fn, double a, double b, double c) {
        try {
            return fn.applyAsDouble(a, b, c);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t);
        }
    }

    static double applyWrapped(Weft.DoubleOperator4 fn, double a, double b, double c, double d) {
        try {
            return fn.applyAsDouble(a, b, c, d);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t);
        }
    }

    static double applyWrapped(Weft.DoubleOperator5 fn, double a, double b, double c, double d, double e) {
        try {
            return fn.applyAsDouble(a, b, c, d, e);
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t);
        }
    }
}
