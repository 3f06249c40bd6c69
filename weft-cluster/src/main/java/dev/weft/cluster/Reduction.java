package dev.weft.cluster;

import java.io.Serializable;
import java.util.Objects;

/**
 * How the results of a global computation's queues combine into one: an identity and an associative,
 * commutative operation. Results of different members arrive in any order, so {@code combine} must not
 * depend on it (loops that preserve the order of their indices build that on top of this, see
 * {@link WeftCluster#parallelReduce}). It travels to every member, so it is serialisable; results travel
 * back, so they must be serialisable too.
 *
 * @param <R> the result type
 */
public interface Reduction<R> extends Serializable {
    /** The result of no work: {@code combine(identity(), r)} equals {@code r}. */
    R identity();

    /** Combines two partial results; associative and commutative. */
    R combine(R a, R b);

    /** A reduction from an identity and a serialisable operation, e.g. {@code Reduction.of(0L, Long::sum)}. */
    static <R> Reduction<R> of(R identity, Remote.BinaryOperator<R> combine) {
        Objects.requireNonNull(combine, "combine");
        return new Reduction<>() {
            @Override
            public R identity() {
                return identity;
            }

            @Override
            public R combine(R a, R b) {
                return combine.apply(a, b);
            }
        };
    }

    /** The sum of {@code long}s. */
    static Reduction<Long> sumLong() {
        return of(0L, Long::sum);
    }

    /** The sum of {@code double}s (floating-point sums depend on order in their last bits). */
    static Reduction<Double> sumDouble() {
        return of(0.0, Double::sum);
    }
}
