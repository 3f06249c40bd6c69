package dev.weft.context;

import dev.weft.ContextCarrier;
import java.util.Arrays;
import java.util.Objects;

/**
 * The bindings of some {@link ScopedValue}s as a {@link ContextCarrier.Binding}: what the thread that
 * hands work off has bound for each key is bound again around the run on the worker that takes it.
 * JDK 25 only (ScopedValue is final there; this module targets 21): the class is in the jar's {@code
 * META-INF/versions/25}.
 *
 * <pre>{@code
 * static final ScopedValue<String> REQUEST = ScopedValue.newInstance();
 * WeftPool pool = WeftPool.builder().propagate(ScopedValueCarrier.of(REQUEST)).build();
 * ScopedValue.where(REQUEST, "r-17").run(() -> pool.invoke(() -> work())); // every leaf sees "r-17"
 * }</pre>
 *
 * <p>A key that was not bound where the work was handed off is left as the worker has it: a binding can
 * be shadowed but not removed (see {@link ContextCarrier.Binding}). A worker at top level has none.
 */
public final class ScopedValueCarrier implements ContextCarrier.Binding<Object[]> {
    /** Stands for "not bound" in a captured state (a bound value may be null). */
    private static final Object UNBOUND = new Object();

    private final ScopedValue<Object>[] keys;

    @SuppressWarnings("unchecked")
    private ScopedValueCarrier(ScopedValue<?>[] keys) {
        this.keys = (ScopedValue<Object>[]) keys;
    }

    /** A carrier for the bindings of {@code keys}. */
    public static ScopedValueCarrier of(ScopedValue<?>... keys) {
        ScopedValue<?>[] ks = Arrays.copyOf(Objects.requireNonNull(keys, "keys"), keys.length);
        for (ScopedValue<?> k : ks) {
            Objects.requireNonNull(k, "key");
        }
        return new ScopedValueCarrier(ks);
    }

    /** Each key's value on the calling thread, or null if none of them is bound (nothing to bind then). */
    @Override
    public Object[] capture() {
        Object[] values = null;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i].isBound()) {
                if (values == null) {
                    values = new Object[keys.length];
                    Arrays.fill(values, UNBOUND);
                }
                values[i] = keys[i].get();
            }
        }
        return values;
    }

    @Override
    public void runWith(Object[] state, Runnable run) {
        ScopedValue.Carrier bindings = null;
        if (state != null) {
            for (int i = 0; i < keys.length; i++) {
                if (state[i] != UNBOUND) {
                    bindings = bindings == null ? ScopedValue.where(keys[i], state[i]) : bindings.where(keys[i], state[i]);
                }
            }
        }
        if (bindings == null) {
            run.run();
        } else {
            bindings.run(run);
        }
    }
}
