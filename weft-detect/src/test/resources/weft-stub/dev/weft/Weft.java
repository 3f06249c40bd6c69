package dev.weft;

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

/** Test stub of Weft's static API with the real signatures and sequential semantics. */
public final class Weft {
    private Weft() {
    }

    public static int joinInt(IntUnaryOperator fn, int x, int y, IntBinaryOperator combine) {
        return combine.applyAsInt(fn.applyAsInt(x), fn.applyAsInt(y));
    }

    public static long joinLong(LongUnaryOperator fn, long x, long y, LongBinaryOperator combine) {
        return combine.applyAsLong(fn.applyAsLong(x), fn.applyAsLong(y));
    }

    public static double joinDouble(DoubleUnaryOperator fn, double x, double y, DoubleBinaryOperator combine) {
        return combine.applyAsDouble(fn.applyAsDouble(x), fn.applyAsDouble(y));
    }

    public static void join(Runnable a, Runnable b) {
        a.run();
        b.run();
    }

    public static <A, B, R> R join(Supplier<A> a, Supplier<B> b, BiFunction<? super A, ? super B, ? extends R> combine) {
        return combine.apply(a.get(), b.get());
    }

    public static int joinInt(IntSupplier a, IntSupplier b, IntBinaryOperator combine) {
        return combine.applyAsInt(a.getAsInt(), b.getAsInt());
    }

    public static long joinLong(LongSupplier a, LongSupplier b, LongBinaryOperator combine) {
        return combine.applyAsLong(a.getAsLong(), b.getAsLong());
    }

    public static double joinDouble(DoubleSupplier a, DoubleSupplier b, DoubleBinaryOperator combine) {
        return combine.applyAsDouble(a.getAsDouble(), b.getAsDouble());
    }

    public static void finish(Runnable body) {
        body.run();
    }

    public static void finish(Consumer<Finish> body) {
        body.accept(new Finish());
    }

    public static void async(Runnable body) {
        body.run();
    }

    public static void parallelFor(int from, int to, IntConsumer body) {
        for (int i = from; i < to; i++) {
            body.accept(i);
        }
    }

    public static void parallelForLong(long from, long to, LongConsumer body) {
        for (long i = from; i < to; i++) {
            body.accept(i);
        }
    }

    public static <R> R parallelReduce(int from, int to, R identity, IntFunction<? extends R> map, BinaryOperator<R> combine) {
        R acc = identity;
        for (int i = from; i < to; i++) {
            acc = combine.apply(acc, map.apply(i));
        }
        return acc;
    }

    public static int parallelReduceInt(int from, int to, int identity, IntUnaryOperator map, IntBinaryOperator combine) {
        int acc = identity;
        for (int i = from; i < to; i++) {
            acc = combine.applyAsInt(acc, map.applyAsInt(i));
        }
        return acc;
    }

    public static long parallelReduceLong(int from, int to, long identity, IntToLongFunction map, LongBinaryOperator combine) {
        long acc = identity;
        for (int i = from; i < to; i++) {
            acc = combine.applyAsLong(acc, map.applyAsLong(i));
        }
        return acc;
    }

    public static double parallelReduceDouble(int from, int to, double identity, IntToDoubleFunction map, DoubleBinaryOperator combine) {
        double acc = identity;
        for (int i = from; i < to; i++) {
            acc = combine.applyAsDouble(acc, map.applyAsDouble(i));
        }
        return acc;
    }

    @FunctionalInterface
    public interface Blocker<T, X extends Exception> {
        T block() throws X;
    }

    public static <T, X extends Exception> T blocking(Blocker<T, X> action) throws X {
        return action.block();
    }

    public static boolean inPool() {
        return false;
    }
}
