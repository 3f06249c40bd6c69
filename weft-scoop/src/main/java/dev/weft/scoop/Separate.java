package dev.weft.scoop;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

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
     * other clients' earlier blocks, and returns {@code query} of the object. On an idle handler with
     * nothing queued (and sync coalescing on) the client takes the handler and runs the query at once, with
     * no round trip.
     *
     * @throws NullPointerException if {@code query} is null
     */
    public <R> R query(Function<? super T, ? extends R> query) {
        Objects.requireNonNull(query, "query");
        Client saved = Blocks.claimForQuery(this);
        if (saved != null) {
            try {
                return query.apply(object);
            } finally {
                Blocks.endLoneQuery(handler, saved);
            }
        }
        return Scoop.separateGet(this, o -> o.query(query));
    }

    /** {@link #query} for an {@code int} result, without boxing. */
    public int queryInt(ToIntFunction<? super T> query) {
        Objects.requireNonNull(query, "query");
        Client saved = Blocks.claimForQuery(this);
        if (saved != null) {
            try {
                return query.applyAsInt(object);
            } finally {
                Blocks.endLoneQuery(handler, saved);
            }
        }
        int[] out = new int[1];
        Scoop.separate(this, o -> out[0] = o.queryInt(query));
        return out[0];
    }

    /** {@link #query} for a {@code long} result, without boxing. */
    public long queryLong(ToLongFunction<? super T> query) {
        Objects.requireNonNull(query, "query");
        Client saved = Blocks.claimForQuery(this);
        if (saved != null) {
            try {
                return query.applyAsLong(object);
            } finally {
                Blocks.endLoneQuery(handler, saved);
            }
        }
        long[] out = new long[1];
        Scoop.separate(this, o -> out[0] = o.queryLong(query));
        return out[0];
    }

    /** {@link #query} for a {@code double} result, without boxing. */
    public double queryDouble(ToDoubleFunction<? super T> query) {
        Objects.requireNonNull(query, "query");
        Client saved = Blocks.claimForQuery(this);
        if (saved != null) {
            try {
                return query.applyAsDouble(object);
            } finally {
                Blocks.endLoneQuery(handler, saved);
            }
        }
        double[] out = new double[1];
        Scoop.separate(this, o -> out[0] = o.queryDouble(query));
        return out[0];
    }

    /** {@link #query} for a {@code boolean} result, without boxing. */
    public boolean test(Predicate<? super T> query) {
        Objects.requireNonNull(query, "query");
        Client saved = Blocks.claimForQuery(this);
        if (saved != null) {
            try {
                return query.test(object);
            } finally {
                Blocks.endLoneQuery(handler, saved);
            }
        }
        boolean[] out = new boolean[1];
        Scoop.separate(this, o -> out[0] = o.test(query));
        return out[0];
    }

    /**
     * {@link #query(Function)} with a bound on the wait for the handler: a handler busy with other clients'
     * blocks, or one whose call waits, may keep a query waiting arbitrarily long.
     *
     * <pre>{@code
     * long balance = account.query(Account::balance, Duration.ofMillis(50));
     * }</pre>
     *
     * @throws TimeoutException if the handler does not reach the query within {@code timeout} (the block is
     *     ended; the handler passes the query later without effect)
     * @throws InterruptedException if the thread is interrupted before or while it waits
     * @throws java.util.concurrent.RejectedExecutionException if the runtime is closed, before or during the wait
     */
    public <R> R query(Function<? super T, ? extends R> query, Duration timeout)
            throws InterruptedException, TimeoutException {
        Objects.requireNonNull(query, "query");
        long deadline = Scoop.deadline(timeout);
        Object r = Scoop.timed(new Separate<?>[] {this}, null, v -> Blocks.<T>cast(v[0]).query(query, deadline),
                deadline);
        if (r == Scoop.TIMED_OUT) {
            throw new TimeoutException("the query on " + handler + " was not reached within " + timeout);
        }
        @SuppressWarnings("unchecked")
        R result = (R) r;
        return result;
    }

    @Override
    public String toString() {
        return "Separate[" + object.getClass().getSimpleName() + " on " + handler + "]";
    }
}
