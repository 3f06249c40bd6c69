package dev.weft.cluster;

import java.io.Serializable;

/**
 * Serialisable forms of the functional interfaces a global computation takes. A lambda or method
 * reference whose target type is one of these can travel to another member, as long as what it captures
 * is serialisable too; every member must have its class on its class path (the same application jar).
 * Weft checks this when a computation is submitted and throws {@link IllegalArgumentException} naming what
 * could not be serialised, rather than failing later on another member.
 */
public final class Remote {
    private Remote() {
    }

    /** A serialisable {@link java.util.function.Supplier}. */
    @FunctionalInterface
    public interface Supplier<T> extends java.util.function.Supplier<T>, Serializable {
    }

    /** A serialisable {@link java.util.function.BinaryOperator}. */
    @FunctionalInterface
    public interface BinaryOperator<T> extends java.util.function.BinaryOperator<T>, Serializable {
    }

    /** A serialisable {@link java.util.function.LongFunction}: the body of a reduction over indices. */
    @FunctionalInterface
    public interface LongFunction<R> extends java.util.function.LongFunction<R>, Serializable {
    }

    /** A serialisable {@link java.util.function.LongConsumer}: the body of a loop over indices. */
    @FunctionalInterface
    public interface LongConsumer extends java.util.function.LongConsumer, Serializable {
    }

    /** A serialisable {@link java.util.function.LongUnaryOperator}. */
    @FunctionalInterface
    public interface LongUnaryOperator extends java.util.function.LongUnaryOperator, Serializable {
    }

    /** A serialisable {@link java.util.function.LongBinaryOperator}. */
    @FunctionalInterface
    public interface LongBinaryOperator extends java.util.function.LongBinaryOperator, Serializable {
    }

    /** A serialisable {@link java.util.function.DoubleBinaryOperator}. */
    @FunctionalInterface
    public interface DoubleBinaryOperator extends java.util.function.DoubleBinaryOperator, Serializable {
    }

    /** A serialisable {@link java.util.function.LongToDoubleFunction}. */
    @FunctionalInterface
    public interface LongToDoubleFunction extends java.util.function.LongToDoubleFunction, Serializable {
    }

    /**
     * An activity of a global {@link WeftCluster#finish finish}: it may start more activities and offer
     * values to the finish's reduction through {@code scope}, and may run on any member.
     */
    @FunctionalInterface
    public interface Async<R> extends Serializable {
        void run(ClusterFinish<R> scope);
    }
}
