package dev.weft.scoop;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A separate reference: names an object and the {@link Handler} that owns it. Clients act on the object
 * only inside a separate block that reserves its handler ({@link Scoop#separate}); the reference itself
 * is immutable and may be shared freely, passed as an argument of calls, or stored in other handlers'
 * objects.
 *
 * <pre>{@code
 * Separate<Counter> counter = scoop.create(new Counter());    // a new handler owns it
 * counter.call(Counter::increment);                           // a block with one call
 * int n = counter.query(Counter::value);                      // a block with one query
 * }</pre>
 *
 * @param <T> the object's type
 */
public final class Separate<T> {
    final Handler handler;
    final T object;

    Separate(Handler handler, T object) {
        this.handler = handler;
        this.object = object;
    }

    /** The handler that owns the object. */
    public Handler handler() {
        return handler;
    }

    /**
     * A separate block with a single call: reserves the handler, logs {@code action}, ends the block.
     * Returns without waiting for the handler (see {@link Scoop} for when a failure surfaces).
     *
     * @throws NullPointerException if {@code action} is null
     */
    public void call(Consumer<? super T> action) {
        Blocks.call(this, action);
    }

    /**
     * A separate block with a single query: reserves the handler, waits for the calls logged before by
     * other clients' earlier blocks, and returns {@code query} of the object.
     *
     * @throws NullPointerException if {@code query} is null
     */
    public <R> R query(Function<? super T, ? extends R> query) {
        Objects.requireNonNull(query, "query");
        return Scoop.separateGet(this, o -> o.query(query));
    }

    @Override
    public String toString() {
        return "Separate[" + object.getClass().getSimpleName() + " on " + handler + "]";
    }
}
