package dev.weft;

import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/**
 * The jobs a published join slot becomes: one class per slot kind of {@link PendingStack}, each holding
 * the forked half and, once it ran, its result. They are allocated only by
 * {@link PendingStack#publishOldest}, that is only when a thief was hungry.
 */
final class Calls {
    private Calls() {
    }

    static final class IntCall extends Job {
        final IntUnaryOperator fn;
        final int arg;
        int result;

        IntCall(IntUnaryOperator fn, int arg) {
            this.fn = fn;
            this.arg = arg;
        }

        @Override
        void perform() {
            result = fn.applyAsInt(arg);
        }
    }

    static final class LongCall extends Job {
        final LongUnaryOperator fn;
        final long arg;
        long result;

        LongCall(LongUnaryOperator fn, long arg) {
            this.fn = fn;
            this.arg = arg;
        }

        @Override
        void perform() {
            result = fn.applyAsLong(arg);
        }
    }

    static final class DoubleCall extends Job {
        final DoubleUnaryOperator fn;
        final double arg;
        double result;

        DoubleCall(DoubleUnaryOperator fn, double arg) {
            this.fn = fn;
            this.arg = arg;
        }

        @Override
        void perform() {
            result = fn.applyAsDouble(arg);
        }
    }

    static final class RunCall extends Job {
        final Runnable body;

        RunCall(Runnable body) {
            this.body = body;
        }

        @Override
        void perform() {
            body.run();
        }
    }

    static final class SupplierCall<T> extends Job {
        final Supplier<T> body;
        T result;

        SupplierCall(Supplier<T> body) {
            this.body = body;
        }

        @Override
        void perform() {
            result = body.get();
        }
    }

    static final class IntSupplierCall extends Job {
        final IntSupplier body;
        int result;

        IntSupplierCall(IntSupplier body) {
            this.body = body;
        }

        @Override
        void perform() {
            result = body.getAsInt();
        }
    }

    static final class LongSupplierCall extends Job {
        final LongSupplier body;
        long result;

        LongSupplierCall(LongSupplier body) {
            this.body = body;
        }

        @Override
        void perform() {
            result = body.getAsLong();
        }
    }

    static final class DoubleSupplierCall extends Job {
        final DoubleSupplier body;
        double result;

        DoubleSupplierCall(DoubleSupplier body) {
            this.body = body;
        }

        @Override
        void perform() {
            result = body.getAsDouble();
        }
    }

    /** A published 2- to 5-argument double form. */
    static final class DoubleNCall extends Job {
        final Object fn;
        final int arity;
        final double a0;
        final double a1;
        final double a2;
        final double a3;
        final double a4;
        double result;

        DoubleNCall(Object fn, int arity, double a0, double a1, double a2, double a3, double a4) {
            this.fn = fn;
            this.arity = arity;
            this.a0 = a0;
            this.a1 = a1;
            this.a2 = a2;
            this.a3 = a3;
            this.a4 = a4;
        }

        @Override
        void perform() {
            result = switch (arity) {
                case 2 -> ((java.util.function.DoubleBinaryOperator) fn).applyAsDouble(a0, a1);
                case 3 -> ((Weft.DoubleOperator3) fn).applyAsDouble(a0, a1, a2);
                case 4 -> ((Weft.DoubleOperator4) fn).applyAsDouble(a0, a1, a2, a3);
                default -> ((Weft.DoubleOperator5) fn).applyAsDouble(a0, a1, a2, a3, a4);
            };
        }
    }
}
