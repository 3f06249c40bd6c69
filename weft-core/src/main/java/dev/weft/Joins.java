package dev.weft;

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/**
 * The out-of-line parts of {@link Weft}'s joins: the path for callers outside any pool and the slow
 * join (a slot that was published, or work left above it). Keeping them out of the join
 * methods keeps those small enough for the JIT to inline into the user's recursive method.
 */
final class Joins {
    private Joins() {
    }

    static int joinIntOutside(IntUnaryOperator fn, int x, int y, IntBinaryOperator combine) {
        return WeftPool.common().invoke(() -> Weft.joinInt(fn, x, y, combine));
    }

    static long joinLongOutside(LongUnaryOperator fn, long x, long y, LongBinaryOperator combine) {
        return WeftPool.common().invoke(() -> Weft.joinLong(fn, x, y, combine));
    }

    static double joinDoubleOutside(DoubleUnaryOperator fn, double x, double y, DoubleBinaryOperator combine) {
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

    // The lambda forms' slow joins: the slot was published, or work was left above it.

    static void joinRunnableSlow(PendingStack p, int s, Runnable a) {
        Job j = p.reclaim(s);
        if (j == null) {
            runWrapped(a);
        } else if (j.status() != Job.NORMAL) {
            throw j.joinFailure();
        }
    }

    static <A> A joinSupplierSlow(PendingStack p, int s, Supplier<A> a) {
        Job j = p.reclaim(s);
        if (j == null) {
            return getWrapped(a);
        }
        if (j.status() != Job.NORMAL) {
            throw j.joinFailure();
        }
        @SuppressWarnings("unchecked")
        A r = ((Calls.SupplierCall<A>) j).result;
        return r;
    }

    static int joinIntSupplierSlow(PendingStack p, int s, IntSupplier a) {
        Job j = p.reclaim(s);
        if (j == null) {
            try {
                return a.getAsInt();
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        }
        if (j.status() != Job.NORMAL) {
            throw j.joinFailure();
        }
        return ((Calls.IntSupplierCall) j).result;
    }

    static long joinLongSupplierSlow(PendingStack p, int s, LongSupplier a) {
        Job j = p.reclaim(s);
        if (j == null) {
            try {
                return a.getAsLong();
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        }
        if (j.status() != Job.NORMAL) {
            throw j.joinFailure();
        }
        return ((Calls.LongSupplierCall) j).result;
    }

    static double joinDoubleSupplierSlow(PendingStack p, int s, DoubleSupplier a) {
        Job j = p.reclaim(s);
        if (j == null) {
            try {
                return a.getAsDouble();
            } catch (Throwable t) {
                throw TaskFailedException.wrap(t);
            }
        }
        if (j.status() != Job.NORMAL) {
            throw j.joinFailure();
        }
        return ((Calls.DoubleSupplierCall) j).result;
    }

    static void runWrapped(Runnable r) {
        try {
            r.run();
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t);
        }
    }

    static <T> T getWrapped(Supplier<T> s) {
        try {
            return s.get();
        } catch (Throwable t) {
            throw TaskFailedException.wrap(t);
        }
    }
}
