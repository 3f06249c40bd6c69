package dev.weft.scoop;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * A separate object as seen inside the block that reserves its handler: the only way to act on it.
 * {@link #call} logs an asynchronous command and returns at once; {@link #query} waits until the handler
 * has run every call logged before it and then runs the function on the calling thread (SCOOP/Qs's
 * client-run queries), so it sees the object exactly as those calls left it.
 *
 * <pre>{@code
 * Scoop.separate(account, a -> {
 *     a.call(x -> x.deposit(100));                 // logged; the handler runs it later, in order
 *     long balance = a.queryLong(Account::balance); // waits for the deposit, then reads on this thread
 * });
 * }</pre>
 *
 * <p>A view belongs to its block: using it after the block ended, or from another thread (a task forked
 * inside the block, say), throws {@link IllegalStateException}. Calls and queries should touch only the
 * object they are given and values they capture; an object reached through a query must not be kept and
 * used after the query returns.
 *
 * @param <T> the object's type
 */
public final class Reserved<T> {
    /** The block's private queue; null when the client is the object's own handler (direct access). */
    final PrivateQueue queue;
    final T target;
    /** The thread of a direct (own-handler) view. */
    private final Thread localOwner;
    /** Set when the block ends (client-written; read by the block's own thread). */
    boolean closed;
    /**
     * The handler's thread while it evaluates this block's wait condition (PROTOCOL.md "Wait conditions");
     * null otherwise. Handler-written; another thread reading it racily sees null or the handler's thread,
     * never its own, so the check in {@link #enter} is exact for the reader.
     */
    Thread evaluator;

    Reserved(PrivateQueue queue, T target) {
        this.queue = queue;
        this.target = target;
        this.localOwner = queue == null ? Thread.currentThread() : null;
    }

    /**
     * Logs {@code action} on the object: the handler runs it after every call this client logged before,
     * with no call of another client in between. Returns at once. If it throws, the handler skips the
     * block's remaining calls and the failure reaches this client as a {@link CallFailedException} (see
     * {@link Scoop} "Failures").
     *
     * @throws NullPointerException if {@code action} is null
     * @throws IllegalStateException if the block has ended or this is not the block's thread
     */
    public void call(Consumer<? super T> action) {
        Objects.requireNonNull(action, "action");
        checkOpen();
        PrivateQueue q = queue;
        Thread me = Thread.currentThread();
        if (q == null) {
            checkLocal(me);
            action.accept(target); // the client is the object's handler: an ordinary call
        } else if (evaluator == me) {
            action.accept(target); // inside a condition the handler evaluates: the handler runs it at once
        } else if (q.owner == me) {
            q.logCall(action, target);
        } else {
            throw foreignThread(me);
        }
    }

    /**
     * Runs {@code query} on the object once the handler has run every call logged before it, and returns
     * its result. The function runs on the calling thread while the handler is idle; its own exceptions
     * propagate unchanged. After a query, further queries skip the round trip until the next call (dynamic
     * sync coalescing, unless the runtime switches it off).
     *
     * @throws CallFailedException if a call logged earlier failed and this client was not told yet
     * @throws WaitInterruptedException if the thread is interrupted while it waits for the handler
     * @throws java.util.concurrent.RejectedExecutionException if the runtime is closed while it waits
     * @throws NullPointerException if {@code query} is null
     * @throws IllegalStateException if the block has ended or this is not the block's thread
     */
    public <R> R query(Function<? super T, ? extends R> query) {
        Objects.requireNonNull(query, "query");
        PrivateQueue q = enter(Waiting.FOREVER);
        R r = query.apply(target);
        leave(q);
        return r;
    }

    /** {@link #query} for an {@code int} result, without boxing. */
    public int queryInt(ToIntFunction<? super T> query) {
        Objects.requireNonNull(query, "query");
        PrivateQueue q = enter(Waiting.FOREVER);
        int r = query.applyAsInt(target);
        leave(q);
        return r;
    }

    /** {@link #query} for a {@code long} result, without boxing. */
    public long queryLong(ToLongFunction<? super T> query) {
        Objects.requireNonNull(query, "query");
        PrivateQueue q = enter(Waiting.FOREVER);
        long r = query.applyAsLong(target);
        leave(q);
        return r;
    }

    /** {@link #query} for a {@code double} result, without boxing. */
    public double queryDouble(ToDoubleFunction<? super T> query) {
        Objects.requireNonNull(query, "query");
        PrivateQueue q = enter(Waiting.FOREVER);
        double r = query.applyAsDouble(target);
        leave(q);
        return r;
    }

    /** {@link #query} for a {@code boolean} result, without boxing: the usual form of a wait condition. */
    public boolean test(Predicate<? super T> query) {
        Objects.requireNonNull(query, "query");
        PrivateQueue q = enter(Waiting.FOREVER);
        boolean r = query.test(target);
        leave(q);
        return r;
    }

    /** {@link #query} with a deadline for the wait ({@link Separate#query(Function, java.time.Duration)}). */
    <R> R query(Function<? super T, ? extends R> query, long deadline) {
        PrivateQueue q = enter(deadline);
        R r = query.apply(target);
        leave(q);
        return r;
    }

    /**
     * The query protocol's first half, the same for every form: check that this thread may use the view,
     * and sync unless the handler is known to be idle on the queue. Returns the queue whose
     * {@link PrivateQueue#afterQuery} must follow, or null (a direct view, or the handler evaluating a
     * condition: it is idle on the queue by construction).
     */
    private PrivateQueue enter(long deadline) {
        checkOpen();
        PrivateQueue q = queue;
        Thread me = Thread.currentThread();
        if (q == null) {
            checkLocal(me);
            return null;
        }
        if (evaluator == me) {
            return null; // first: the thread that opened an asynchronous block may be the one running its handler
        }
        if (q.owner == me) {
            if (!q.synced) {
                q.sync(deadline);
            }
            return q;
        }
        throw foreignThread(me);
    }

    private static void leave(PrivateQueue q) {
        if (q != null) {
            q.afterQuery();
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("a separate object's view was used after its block ended");
        }
    }

    private void checkLocal(Thread me) {
        if (localOwner != me) {
            throw foreignThread(me);
        }
    }

    private static IllegalStateException foreignThread(Thread me) {
        return new IllegalStateException("a separate object's view was used by " + me.getName()
                + ", not by the thread running its block: views may not be shared with other threads or tasks");
    }

    @Override
    public String toString() {
        return "Reserved[" + (queue != null ? queue.handler : "own handler") + "]";
    }
}
