package dev.weft.bench;

import dev.weft.WeftPool;
import java.util.concurrent.ForkJoinPool;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A workload of the fork/join suite: one kernel in three versions — the serial elision, idiomatic
 * ForkJoinPool code and idiomatic Weft code. Stateless programs use {@link #of}; programs with an input
 * to reset subclass it.
 */
public abstract class ForkJoinWorkload implements Workload {
    /** The serial elision. */
    public abstract Object serial();

    /** The ForkJoinPool version. */
    public abstract Object forkJoin(ForkJoinPool pool);

    /** The Weft version. */
    public abstract Object weft(WeftPool pool);

    @Override
    public final Object run(Engine engine, int workers, Pools pools) {
        if (engine.equals(Engine.SERIAL)) {
            return serial();
        }
        if (engine.equals(Engine.FJP)) {
            return forkJoin(pools.forkJoin(workers));
        }
        if (engine.equals(Engine.WEFT)) {
            return weft(pools.weft(workers));
        }
        throw new IllegalArgumentException(label() + " does not run on " + engine);
    }

    /** A workload without state between runs: each version is a function of the pool only. */
    public static ForkJoinWorkload of(String label, Supplier<?> serial, Function<ForkJoinPool, ?> forkJoin,
                                      Function<WeftPool, ?> weft, BiConsumer<Object, Object> check) {
        return new ForkJoinWorkload() {
            @Override
            public String label() {
                return label;
            }

            @Override
            public Object serial() {
                return serial.get();
            }

            @Override
            public Object forkJoin(ForkJoinPool pool) {
                return forkJoin.apply(pool);
            }

            @Override
            public Object weft(WeftPool pool) {
                return weft.apply(pool);
            }

            @Override
            public void check(Object result, Object serialResult) {
                check.accept(result, serialResult);
            }
        };
    }
}
