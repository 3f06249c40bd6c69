package dev.weft.scoop;

import dev.weft.WeftPool;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * SCOOP separate handlers on a {@link WeftPool} (SCOOP/Qs, West, Nanz, Meyer 2015): a runtime that creates
 * {@linkplain Handler handlers}, and the separate blocks through which clients use the objects they own.
 *
 * <pre>{@code
 * try (WeftPool pool = new WeftPool()) {
 *     Scoop scoop = Scoop.on(pool);
 *     Separate<Account> acc = scoop.create(new Account());
 *     Scoop.separate(acc, a -> {
 *         a.call(x -> x.deposit(100));                    // asynchronous: logged, runs later, in order
 *         a.call(x -> x.withdraw(30));
 *         long balance = a.queryLong(Account::balance);   // waits for both calls: 70
 *     });
 *     // A wait condition: the block runs once the condition holds (re-evaluated after other clients' blocks).
 *     Scoop.separate(queue, q -> q.test(Queue::nonEmpty), q -> process(q.query(Queue::take)));
 * }
 * }</pre>
 *
 * <h2>Guarantees</h2>
 * <ul>
 * <li>The calls a block logs on a handler run in the order logged, with no call of another client in
 *     between; a query sees every call logged before it.</li>
 * <li>A block over several handlers reserves them atomically: two blocks that share handlers are
 *     ordered the same way on each of them (the two handlers of West, Nanz, Meyer 2015 whose colours are always seen equal).</li>
 * <li>Reservation never waits (queue-of-queues mode): blocks that only log calls never deadlock, whatever
 *     the order in which clients name handlers or nest blocks. Blocks over several handlers reserve in one
 *     global handler order, also in the lock-based mode.</li>
 * <li>A handler is a task of the pool while it has work and nothing while idle; a handler woken by a
 *     client's call is started on the client's worker (a detached fork) unless another worker takes it.
 *     A client waiting in a query or a wait condition runs the handler itself if nobody runs it, or parks
 *     through {@link dev.weft.Weft#blocking}, so it never holds a worker hostage: a pool of parallelism 1
 *     finishes.</li>
 * </ul>
 *
 * <h2>Failures</h2>
 * An exception thrown by a query propagates to the client unchanged (the query runs on the client). An
 * exception thrown by a call, on the handler, makes the handler skip the block's remaining calls (their
 * assumptions no longer hold: SCOOP's "dirty" rule) and reaches the client as a
 * {@link CallFailedException}: at its next query on that handler in the block, or when the block ends if
 * the handler has run the call by then, or — if the client had already left the block — at its next
 * reservation of that handler (a block, a lone call or a lone query: SCOOP's "dirty handler"), which
 * throws the failure instead of reserving. The end of a block does not wait for the handler (waiting there
 * is what lets call-only blocks deadlock), so which of these it is depends on timing, but never whether the
 * client hears of it. If the block's body throws too, its exception comes first with the call failures
 * suppressed. Only failures no client can be told of any more go to the runtime's failure handler
 * ({@link Builder#failureHandler}): those of asynchronous blocks, of clients that dropped the handler
 * from their cache, failures pending when the runtime closes, and earlier lock holders' in the lock-based
 * mode. Every failure is reported exactly once (PROTOCOL.md "Failures").
 *
 * <h2>Configuration</h2>
 * The ablation switches of West, Nanz, Meyer 2015 are per runtime: {@link Builder#queueOfQueues(boolean)} off gives the
 * lock-based SCOOP baseline (a client holds a lock per handler for its whole block);
 * {@link Builder#syncCoalescing(boolean)} off makes every query a round trip.
 */
public final class Scoop implements AutoCloseable {
    final WeftPool pool;
    final boolean queueOfQueues;
    final boolean syncCoalescing;
    final boolean loneCallsOnClient;
    private final Consumer<? super Throwable> failureHandler;
    /** Set once by {@link #close()}; read by every reservation and by parked clients. */
    volatile boolean closed;
    /** Clients parked in a wait, and asynchronous blocks waiting for their condition: what close() ends. */
    final Set<Waiter> parked = ConcurrentHashMap.newKeySet();
    /** Queues holding failed calls whose clients had left their blocks: what close() flushes. */
    final Set<PrivateQueue> undelivered = ConcurrentHashMap.newKeySet();

    private Scoop(Builder b) {
        this.pool = b.pool;
        this.queueOfQueues = b.queueOfQueues;
        this.syncCoalescing = b.syncCoalescing;
        this.loneCallsOnClient = b.loneCallsOnClient && b.queueOfQueues;
        this.failureHandler = b.failureHandler;
    }

    /** A runtime on {@code pool} with every optimization of SCOOP/Qs on. */
    public static Scoop on(WeftPool pool) {
        return builder(pool).build();
    }

    /** A builder for a runtime on {@code pool} with non-default settings. */
    public static Builder builder(WeftPool pool) {
        return new Builder(Objects.requireNonNull(pool, "pool"));
    }

    /** The pool whose workers run this runtime's handlers. */
    public WeftPool pool() {
        return pool;
    }

    /** Whether handlers use a queue of private queues (else a lock per handler held for a whole block). */
    public boolean queueOfQueues() {
        return queueOfQueues;
    }

    /** Whether queries after a sync skip the round trip until the client logs another call. */
    public boolean syncCoalescing() {
        return syncCoalescing;
    }

    /** Whether a short lone call on an idle handler may run on its client's worker ({@link Builder#loneCallsOnClient}). */
    public boolean loneCallsOnClient() {
        return loneCallsOnClient;
    }

    /**
     * A new handler, owning nothing yet ({@link Handler#own}).
     *
     * @throws RejectedExecutionException if the runtime is closed
     */
    public Handler newHandler() {
        checkOpen();
        return new Handler(this);
    }

    /**
     * Gives {@code object} to a new handler and returns its separate reference.
     *
     * @throws NullPointerException if {@code object} is null
     * @throws RejectedExecutionException if the runtime is closed
     */
    public <T> Separate<T> create(T object) {
        Objects.requireNonNull(object, "object");
        return newHandler().own(object);
    }

    /**
     * Closes the runtime. From now on new handlers, references and blocks are rejected
     * ({@link RejectedExecutionException}); every client waiting — in a query, a wait condition, or a
     * lock-based reservation — stops waiting and throws {@code RejectedExecutionException}, its block ended
     * (its logged calls still run); asynchronous blocks whose condition has not held are abandoned, each
     * reported to the failure handler. Handlers <em>drain</em>: every call logged before, and every call a
     * block that is already open logs until it ends, runs, in order, on the pool; failed calls that no client
     * can be told of any more go to the failure handler. {@code close()} does not wait for the drain: close
     * the pool after it for that (a pool's close runs submitted work to the end). Idempotent.
     *
     * <p>A runtime whose pool is shut down counts as closed too: it rejects new work at once, and parked
     * clients notice within {@link #POLL} (nothing in the pool tells them sooner); only {@code close()} also
     * abandons asynchronous blocks and flushes undelivered failures, so close the runtime before its pool.
     *
     * <pre>{@code
     * try (WeftPool pool = new WeftPool(); Scoop scoop = Scoop.on(pool)) {   // closed in reverse order
     *     ...
     * }
     * }</pre>
     */
    @Override
    public void close() {
        closed = true; // before the scans below: Dekker with every party that registers, then checks
        for (Waiter w : parked) {
            w.runtimeClosed();
        }
        for (PrivateQueue q : undelivered) {
            q.retire();
        }
    }

    /** How soon a client parked in a wait notices that the runtime's pool was shut down (see {@link #close()}). */
    public static final Duration POLL = Duration.ofNanos(Waiting.POLL_NANOS);

    /** Whether {@link #close()} was called or the pool is shut down. */
    public boolean isClosed() {
        return closed || pool.isShutdown();
    }

    /** Rejects new work once closed. */
    void checkOpen() {
        if (isClosed()) {
            throw new RejectedExecutionException(closed ? this + " is closed" : this + "'s pool is shut down");
        }
    }

    @Override
    public String toString() {
        return "Scoop[" + pool + (queueOfQueues ? "" : ", lock-based") + (syncCoalescing ? "" : ", no coalescing") + "]";
    }

    /** A failure no client can receive any more; see "Failures" above. */
    void reportUndelivered(Throwable t) {
        try {
            failureHandler.accept(t);
        } catch (Throwable broken) {
            System.getLogger("dev.weft.scoop").log(System.Logger.Level.ERROR,
                    "the Scoop failure handler threw while reporting a failed call", broken);
        }
    }

    /** Whether the calling thread is a worker of this runtime's pool (it may run handlers itself). */
    boolean onPoolWorker() {
        return WeftPool.current() == pool;
    }

    private static void defaultFailureHandler(Throwable t) {
        Thread th = Thread.currentThread();
        th.getUncaughtExceptionHandler().uncaughtException(th, t);
    }

    // ---------------------------------------------------------------------------------------------
    // Separate blocks

    /**
     * A separate block: reserves {@code a}'s handler, runs {@code body} with the view through which it
     * logs calls and runs queries, and ends the block. Reserving never waits (queue-of-queues mode); a block
     * nested in a block of the same client on the same handler joins it.
     *
     * <pre>{@code
     * Scoop.separate(log, l -> { l.call(x -> x.append("a")); l.call(x -> x.append("b")); }); // "ab", never split
     * }</pre>
     *
     * @throws CallFailedException if a call of the block failed and the handler ran it before the end
     * @throws NullPointerException if an argument is null
     */
    public static <A> void separate(Separate<A> a, Consumer<? super Reserved<A>> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(body, "body");
        Blocks.run(new Separate<?>[] {a}, null, v -> {
            body.accept(Blocks.cast(v[0]));
            return null;
        }, Waiting.FOREVER);
    }

    /**
     * A separate block with a wait condition (a SCOOP precondition): the body runs once {@code when} holds
     * with the handler reserved. A false condition releases the handler; it is evaluated again each time
     * the handler finishes another client's block (by the handler itself, in the queue-of-queues mode),
     * never by busy-waiting. The condition should only query.
     *
     * <pre>{@code
     * int item = Scoop.separateGet(buffer, b -> b.test(Buffer::nonEmpty), b -> b.queryInt(Buffer::take));
     * }</pre>
     *
     * @throws IllegalStateException if the condition is false while the client's enclosing blocks hold the
     *     handler (it could never become true)
     */
    public static <A> void separate(Separate<A> a, Predicate<? super Reserved<A>> when,
            Consumer<? super Reserved<A>> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        Blocks.run(new Separate<?>[] {a}, v -> when.test(Blocks.cast(v[0])), v -> {
            body.accept(Blocks.cast(v[0]));
            return null;
        }, Waiting.FOREVER);
    }

    /**
     * A block over two handlers, reserved atomically: no other block that reserves both is ordered
     * differently on them. The arguments may be given in any order, and may name the same handler.
     *
     * <pre>{@code
     * Scoop.separate(x, y, (a, b) -> { a.call(o -> o.paint(RED)); b.call(o -> o.paint(RED)); });
     * }</pre>
     */
    public static <A, B> void separate(Separate<A> a, Separate<B> b,
            BiConsumer<? super Reserved<A>, ? super Reserved<B>> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(body, "body");
        Blocks.run(new Separate<?>[] {a, b}, null, v -> {
            body.accept(Blocks.cast(v[0]), Blocks.cast(v[1]));
            return null;
        }, Waiting.FOREVER);
    }

    /** A block over two handlers with a wait condition over both; see the one-handler forms. */
    public static <A, B> void separate(Separate<A> a, Separate<B> b,
            BiPredicate<? super Reserved<A>, ? super Reserved<B>> when,
            BiConsumer<? super Reserved<A>, ? super Reserved<B>> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        Blocks.run(new Separate<?>[] {a, b}, v -> when.test(Blocks.cast(v[0]), Blocks.cast(v[1])), v -> {
            body.accept(Blocks.cast(v[0]), Blocks.cast(v[1]));
            return null;
        }, Waiting.FOREVER);
    }

    /**
     * A block over any number of handlers, reserved atomically; the body receives one view per reference,
     * in the order given.
     *
     * <pre>{@code
     * Scoop.separateAll(List.of(p, q, r), views -> views.forEach(v -> ((Reserved<Fork>) v).call(Fork::take)));
     * }</pre>
     *
     * @throws IllegalArgumentException if {@code refs} is empty
     */
    public static void separateAll(List<? extends Separate<?>> refs, Consumer<? super List<Reserved<?>>> body) {
        Objects.requireNonNull(body, "body");
        Blocks.run(refsOf(refs), null, v -> {
            body.accept(List.of(v));
            return null;
        }, Waiting.FOREVER);
    }

    /**
     * A block over any number of handlers with a wait condition over all of them: the body runs once
     * {@code when} holds with every handler reserved. A false condition releases them; the client
     * re-evaluates it when one of them finishes another client's block.
     *
     * <pre>{@code
     * // take one item from each of three buffers, all at once, when all three have one
     * Scoop.separateAll(List.of(x, y, z), vs -> vs.stream().allMatch(v -> ((Reserved<Buffer>) v).test(Buffer::nonEmpty)),
     *         vs -> vs.forEach(v -> ((Reserved<Buffer>) v).call(Buffer::take)));
     * }</pre>
     */
    public static void separateAll(List<? extends Separate<?>> refs, Predicate<? super List<Reserved<?>>> when,
            Consumer<? super List<Reserved<?>>> body) {
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        Blocks.run(refsOf(refs), v -> when.test(List.of(v)), v -> {
            body.accept(List.of(v));
            return null;
        }, Waiting.FOREVER);
    }

    /**
     * A block over any number of handlers that returns a value.
     *
     * <pre>{@code
     * long total = Scoop.separateAllGet(accounts, vs -> vs.stream().mapToLong(v -> ((Reserved<Account>) v).queryLong(Account::balance)).sum());
     * }</pre>
     */
    public static <R> R separateAllGet(List<? extends Separate<?>> refs, Function<? super List<Reserved<?>>, ? extends R> body) {
        Objects.requireNonNull(body, "body");
        return Blocks.run(refsOf(refs), null, v -> body.apply(List.of(v)), Waiting.FOREVER);
    }

    /** A block over any number of handlers with a wait condition, that returns a value. */
    public static <R> R separateAllGet(List<? extends Separate<?>> refs, Predicate<? super List<Reserved<?>>> when,
            Function<? super List<Reserved<?>>, ? extends R> body) {
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        return Blocks.run(refsOf(refs), v -> when.test(List.of(v)), v -> body.apply(List.of(v)), Waiting.FOREVER);
    }

    /** The references of a block over a list: at least one, none null. */
    private static Separate<?>[] refsOf(List<? extends Separate<?>> refs) {
        Objects.requireNonNull(refs, "refs");
        Separate<?>[] rs = refs.toArray(new Separate<?>[0]);
        if (rs.length == 0) {
            throw new IllegalArgumentException("a separate block needs at least one reference");
        }
        return rs;
    }

    /**
     * A separate block that returns a value.
     *
     * <pre>{@code
     * long total = Scoop.separateGet(acc, a -> { a.call(x -> x.deposit(5)); return a.queryLong(Account::balance); });
     * }</pre>
     */
    public static <A, R> R separateGet(Separate<A> a, Function<? super Reserved<A>, ? extends R> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(body, "body");
        return Blocks.run(new Separate<?>[] {a}, null, v -> body.apply(Blocks.cast(v[0])), Waiting.FOREVER);
    }

    /** A separate block with a wait condition that returns a value; see {@link #separate(Separate, Predicate, Consumer)}. */
    public static <A, R> R separateGet(Separate<A> a, Predicate<? super Reserved<A>> when,
            Function<? super Reserved<A>, ? extends R> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        return Blocks.run(new Separate<?>[] {a}, v -> when.test(Blocks.cast(v[0])), v -> body.apply(Blocks.cast(v[0])), Waiting.FOREVER);
    }

    /** A block over two handlers, reserved atomically, that returns a value. */
    public static <A, B, R> R separateGet(Separate<A> a, Separate<B> b,
            BiFunction<? super Reserved<A>, ? super Reserved<B>, ? extends R> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(body, "body");
        return Blocks.run(new Separate<?>[] {a, b}, null, v -> body.apply(Blocks.cast(v[0]), Blocks.cast(v[1])), Waiting.FOREVER);
    }

    /** A block over two handlers with a wait condition over both, that returns a value. */
    public static <A, B, R> R separateGet(Separate<A> a, Separate<B> b,
            BiPredicate<? super Reserved<A>, ? super Reserved<B>> when,
            BiFunction<? super Reserved<A>, ? super Reserved<B>, ? extends R> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        return Blocks.run(new Separate<?>[] {a, b}, v -> when.test(Blocks.cast(v[0]), Blocks.cast(v[1])),
                v -> body.apply(Blocks.cast(v[0]), Blocks.cast(v[1])), Waiting.FOREVER);
    }

    // ---------------------------------------------------------------------------------------------
    // Timed forms: a deadline on the wait, InterruptedException for an interrupt

    /**
     * {@link #separate(Separate, Predicate, Consumer)} with a bound on the wait: returns false, without
     * running {@code body}, if {@code when} does not hold within {@code timeout}. The block is then ended:
     * nothing it logged is lost. An interrupt while it waits ends it too, with {@code InterruptedException}
     * (as {@link java.util.concurrent.locks.Lock#tryLock(long, java.util.concurrent.TimeUnit)} does); so does one
     * that is pending when it is called.
     *
     * <pre>{@code
     * if (!Scoop.separate(buffer, b -> b.test(Buffer::nonEmpty), b -> use(b.queryInt(Buffer::take)), Duration.ofSeconds(1))) {
     *     log("nothing to take within a second");
     * }
     * }</pre>
     *
     * @return whether the body ran
     * @throws InterruptedException if the thread is interrupted before or while it waits
     * @throws java.util.concurrent.RejectedExecutionException if the runtime is closed, before or during the wait
     */
    public static <A> boolean separate(Separate<A> a, Predicate<? super Reserved<A>> when,
            Consumer<? super Reserved<A>> body, Duration timeout) throws InterruptedException {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        return timed(new Separate<?>[] {a}, v -> when.test(Blocks.cast(v[0])), v -> {
            body.accept(Blocks.cast(v[0]));
            return Boolean.TRUE;
        }, timeout) != TIMED_OUT;
    }

    /** A two-handler block with a wait condition and a bound on the wait; see {@link #separate(Separate, Predicate, Consumer, Duration)}. */
    public static <A, B> boolean separate(Separate<A> a, Separate<B> b,
            BiPredicate<? super Reserved<A>, ? super Reserved<B>> when,
            BiConsumer<? super Reserved<A>, ? super Reserved<B>> body, Duration timeout) throws InterruptedException {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        return timed(new Separate<?>[] {a, b}, v -> when.test(Blocks.cast(v[0]), Blocks.cast(v[1])), v -> {
            body.accept(Blocks.cast(v[0]), Blocks.cast(v[1]));
            return Boolean.TRUE;
        }, timeout) != TIMED_OUT;
    }

    /** A block over any number of handlers with a wait condition and a bound on the wait; see {@link #separate(Separate, Predicate, Consumer, Duration)}. */
    public static boolean separateAll(List<? extends Separate<?>> refs, Predicate<? super List<Reserved<?>>> when,
            Consumer<? super List<Reserved<?>>> body, Duration timeout) throws InterruptedException {
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        return timed(refsOf(refs), v -> when.test(List.of(v)), v -> {
            body.accept(List.of(v));
            return Boolean.TRUE;
        }, timeout) != TIMED_OUT;
    }

    /**
     * {@link #separateGet(Separate, Predicate, Function)} with a bound on the wait.
     *
     * <pre>{@code
     * int item = Scoop.separateGet(buffer, b -> b.test(Buffer::nonEmpty), b -> b.queryInt(Buffer::take), Duration.ofMillis(100));
     * }</pre>
     *
     * @throws TimeoutException if {@code when} does not hold within {@code timeout} (the body did not run)
     * @throws InterruptedException if the thread is interrupted before or while it waits
     */
    public static <A, R> R separateGet(Separate<A> a, Predicate<? super Reserved<A>> when,
            Function<? super Reserved<A>, ? extends R> body, Duration timeout)
            throws InterruptedException, TimeoutException {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        Object r = timed(new Separate<?>[] {a}, v -> when.test(Blocks.cast(v[0])), v -> body.apply(Blocks.cast(v[0])),
                timeout);
        if (r == TIMED_OUT) {
            throw new TimeoutException("the wait condition on " + a.handler + " did not hold within " + timeout);
        }
        @SuppressWarnings("unchecked")
        R result = (R) r;
        return result;
    }

    /** What {@link #timed} returns when the deadline passed. */
    static final Object TIMED_OUT = new Object();

    /** The deadline {@code timeout} from now (saturating). */
    static long deadline(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        try {
            return Waiting.deadline(timeout.toNanos());
        } catch (ArithmeticException tooLong) {
            return Waiting.FOREVER;
        }
    }

    static Object timed(Separate<?>[] refs, Predicate<Reserved<?>[]> when, Function<Reserved<?>[], ?> body,
            Duration timeout) throws InterruptedException {
        return timed(refs, when, body, deadline(timeout));
    }

    /**
     * Runs a block whose waits end at {@code deadline}: returns its result, or {@link #TIMED_OUT}; turns the
     * unchecked interrupt into {@code InterruptedException} (clearing the interrupt status, as that
     * exception's convention is).
     */
    static Object timed(Separate<?>[] refs, Predicate<Reserved<?>[]> when, Function<Reserved<?>[], ?> body,
            long deadline) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted before a timed separate block");
        }
        try {
            return Blocks.run(refs, when, body, deadline);
        } catch (Waiting.TimedOut t) {
            return TIMED_OUT;
        } catch (WaitInterruptedException e) {
            Thread.interrupted();
            InterruptedException ie = new InterruptedException(e.getMessage());
            ie.addSuppressed(e);
            throw ie;
        }
    }

    /**
     * An asynchronous separate block: returns at once; the block runs later on a worker of the pool, with
     * {@code a} reserved, once {@code when} holds. It is a client of its own (a one-shot processor): it is
     * ordered after the caller's earlier blocks on {@code a}, and while its condition is false it costs no
     * thread — in the queue-of-queues mode its handler evaluates the condition after other clients' blocks
     * and starts the body when it holds. (In the lock-based mode it is a task that runs a blocking block.)
     * Nothing waits for it, so its failures, and its calls' failures, go to the runtime's failure handler.
     *
     * <pre>{@code
     * // a consumer that never blocks a thread: take an item whenever one is there, then ask again
     * void consume(Separate<Buffer> buf) {
     *     Scoop.separateAsync(buf, b -> b.test(Buffer::nonEmpty), b -> { use(b.queryInt(Buffer::take)); consume(buf); });
     * }
     * }</pre>
     */
    public static <A> void separateAsync(Separate<A> a, Predicate<? super Reserved<A>> when,
            Consumer<? super Reserved<A>> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        Blocks.async(a, when, body);
    }

    /** An asynchronous separate block without a condition; see {@link #separateAsync(Separate, Predicate, Consumer)}. */
    public static <A> void separateAsync(Separate<A> a, Consumer<? super Reserved<A>> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(body, "body");
        Blocks.async(a, null, body);
    }

    /**
     * An asynchronous block over two handlers, reserved atomically once {@code when} holds over both. While
     * the condition is false it holds no thread: each attempt is a task that reserves both and evaluates it,
     * and the next attempt starts when one of the handlers finishes another client's block.
     *
     * <pre>{@code
     * // move an item from one buffer to another whenever the first has one and the second has room
     * Scoop.separateAsync(from, to, (f, t) -> f.test(Buffer::nonEmpty) && t.test(Buffer::nonFull),
     *         (f, t) -> { int x = f.queryInt(Buffer::take); t.call(b -> b.put(x)); });
     * }</pre>
     */
    public static <A, B> void separateAsync(Separate<A> a, Separate<B> b,
            BiPredicate<? super Reserved<A>, ? super Reserved<B>> when,
            BiConsumer<? super Reserved<A>, ? super Reserved<B>> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(body, "body");
        Blocks.asyncAll(new Separate<?>[] {a, b}, v -> when.test(Blocks.cast(v[0]), Blocks.cast(v[1])), v -> {
            body.accept(Blocks.cast(v[0]), Blocks.cast(v[1]));
            return null;
        });
    }

    /** An asynchronous block over two handlers without a condition. */
    public static <A, B> void separateAsync(Separate<A> a, Separate<B> b,
            BiConsumer<? super Reserved<A>, ? super Reserved<B>> body) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(body, "body");
        Blocks.asyncAll(new Separate<?>[] {a, b}, null, v -> {
            body.accept(Blocks.cast(v[0]), Blocks.cast(v[1]));
            return null;
        });
    }

    /** An asynchronous block over any number of handlers, with a condition over all of them (or null for none). */
    public static void separateAllAsync(List<? extends Separate<?>> refs, Predicate<? super List<Reserved<?>>> when,
            Consumer<? super List<Reserved<?>>> body) {
        Objects.requireNonNull(body, "body");
        Blocks.asyncAll(refsOf(refs), when == null ? null : v -> when.test(List.of(v)), v -> {
            body.accept(List.of(v));
            return null;
        });
    }

    // ---------------------------------------------------------------------------------------------

    /** Settings for a {@link Scoop} runtime. */
    public static final class Builder {
        private final WeftPool pool;
        private boolean queueOfQueues = true;
        private boolean syncCoalescing = true;
        private boolean loneCallsOnClient = true;
        private Consumer<? super Throwable> failureHandler = Scoop::defaultFailureHandler;

        private Builder(WeftPool pool) {
            this.pool = pool;
        }

        /**
         * Whether each handler keeps a queue of private queues, one per client, so that reserving never
         * waits (default true). Off: the lock-based SCOOP baseline, where a client holds a lock on the
         * handler for its whole block and other clients wait for it (and nested blocks that reserve handlers
         * in opposite orders can deadlock).
         */
        public Builder queueOfQueues(boolean on) {
            this.queueOfQueues = on;
            return this;
        }

        /**
         * Whether a query after a sync skips the round trip to the handler until the client logs another
         * call (dynamic sync coalescing; default true). Off: every query is a round trip.
         */
        public Builder syncCoalescing(boolean on) {
            this.syncCoalescing = on;
            return this;
        }

        /**
         * Whether a lone call ({@link Separate#call}) on an idle handler with nothing queued may run at once on
         * its client's worker — a client on a worker of the pool, in no block, not itself a handler — when
         * calls of its class have been seen to be short and never to wait (default true; the queue-of-queues
         * mode only). SCOOP's guarantees hold either way: the call runs alone on the handler's object, after
         * everything logged before it, and a failure is thrown to the client at once. What changes is that
         * {@code call} returns after the call ran. Off: every call goes through the handler's queue and runs
         * on the handler's activation (see the README's performance model).
         */
        public Builder loneCallsOnClient(boolean on) {
            this.loneCallsOnClient = on;
            return this;
        }

        /**
         * Receives the failures no client can receive: calls that failed after their block ended, and
         * asynchronous blocks that failed. Default: the uncaught exception handler of the thread that finds
         * the failure (for a pool worker, the pool's).
         */
        public Builder failureHandler(Consumer<? super Throwable> handler) {
            this.failureHandler = Objects.requireNonNull(handler, "handler");
            return this;
        }

        public Scoop build() {
            return new Scoop(this);
        }
    }
}
