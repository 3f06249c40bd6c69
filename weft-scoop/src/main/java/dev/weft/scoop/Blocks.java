package dev.weft.scoop;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The separate block protocol: reservation (atomic, in handler order), the body, wait conditions, and the
 * end of the block with its failure handshake. {@link Scoop}'s static methods are thin typed fronts for
 * {@link #run}. See PROTOCOL.md ("Reservation", "Wait conditions", "Failures").
 */
final class Blocks {
    /** How a block holds each of its handlers. */
    private static final int LOCAL = 0;   // the client is the handler itself: direct access, no queue
    private static final int NESTED = 1;  // an enclosing block of the same client holds it: reuse its queue
    static final int FRESH = 2;           // this block reserves it

    private static final Predicate<Object> ALWAYS = x -> true;

    private Blocks() {
    }

    /**
     * Runs a block over {@code refs} (any number, any order, repeats allowed): reserves their handlers,
     * waits until {@code when} (if not null) holds, runs {@code body} with one view per reference, ends the
     * block. Returns what {@code body} returned. The waits of the reservation (lock-based mode) and of the
     * condition end at {@code deadline} ({@link Waiting.TimedOut}), at an interrupt or when the runtime
     * closes (PROTOCOL.md "Waits that end").
     */
    static <R> R run(Separate<?>[] refs, Predicate<Reserved<?>[]> when, Function<Reserved<?>[], R> body,
            long deadline) {
        return run(refs, when, body, deadline, null, null);
    }

    /**
     * One attempt of an asynchronous block ({@link AsyncBlock}): {@link #run}, except that a false condition
     * ends the block with {@code retry} left with the handlers (after {@code onLeave} ran) instead of
     * waiting. The one-handler form of the queue-of-queues mode is not for this: it has {@link #async}.
     */
    static void runOrLeave(Separate<?>[] refs, Predicate<Reserved<?>[]> when, Function<Reserved<?>[], ?> body,
            Wake retry, Runnable onLeave) {
        run(refs, when, body, Waiting.FOREVER, retry, onLeave);
    }

    private static <R> R run(Separate<?>[] refs, Predicate<Reserved<?>[]> when, Function<Reserved<?>[], R> body,
            long deadline, Wake retry, Runnable onLeave) {
        Client client = Client.current();
        Handler[] hs = distinctHandlers(refs);
        Scoop scoop = hs[0].scoop;
        for (Handler h : hs) {
            if (h.scoop != scoop) {
                throw new IllegalArgumentException("a block cannot reserve handlers of different Scoop runtimes: "
                        + hs[0] + " and " + h);
            }
        }
        for (;;) {
            int[] kind = new int[hs.length];
            PrivateQueue[] qs = new PrivateQueue[hs.length];
            reserve(client, hs, kind, qs, scoop, deadline);
            Reserved<?>[] views = new Reserved<?>[refs.length];
            for (int i = 0; i < refs.length; i++) {
                int j = indexOf(hs, refs[i].handler);
                views[i] = new Reserved<>(qs[j], refs[i].object);
            }
            Throwable primary = null;
            R result = null;
            Wake wake = null;
            client.openBlocks++;
            try {
                if (when != null && !when.test(views)) {
                    if (countFresh(kind) == 0) {
                        throw new IllegalStateException("the wait condition is false and every handler it depends on"
                                + " is held by this client's enclosing blocks, so it can never become true");
                    }
                    if (retry != null) {
                        wake = retry;
                        onLeave.run();
                    } else if (hs.length == 1 && scoop.queueOfQueues) {
                        suspendUntil(qs[0], views, when, deadline); // the handler re-evaluates; the block goes on after
                    } else {
                        wake = new Wake();
                    }
                }
                if (wake == null) {
                    result = body.apply(views);
                }
            } catch (Throwable t) {
                primary = t;
            } finally {
                client.openBlocks--;
            }
            for (Reserved<?> v : views) {
                v.closed = true;
            }
            Throwable failure = release(hs, kind, qs, scoop.queueOfQueues, wake, primary);
            if (failure != null) {
                throw Blocks.<RuntimeException>sneaky(failure);
            }
            if (wake == null || retry != null) {
                return result; // null if an attempt left its wake: a handler's fire starts the next one
            }
            int outcome = wake.await(scoop, deadline);
            if (outcome != Waiting.DONE) {
                throw Waiting.cut(outcome, "a wait condition on " + java.util.List.of(hs)); // the block has ended
            }
        }
    }

    /**
     * A block with a single call, without views or arrays: the hot path of {@link Separate#call}. Small on
     * purpose (the JIT inlines it into the caller): a call by the handler itself, then a lone call on the
     * client ({@link Handler#tryLoneCall}); everything else is {@link #callQueued}.
     */
    @SuppressWarnings("unchecked")
    static <T> void call(Separate<T> a, Consumer<? super T> action) {
        Objects.requireNonNull(action, "action");
        Handler h = a.handler;
        Client.Context ctx = Client.context();
        Client client = ctx.client();
        if (client.handler == h) {
            action.accept(a.object);
            return;
        }
        if (client.handler == null && client.openBlocks == 0 && h.scoop.loneCallsOnClient
                && h.tryLoneCall(ctx, client, (Consumer<Object>) action, a.object)) {
            return;
        }
        callQueued(a, action, client);
    }

    /** {@link #call} through the handler's queue (or its lock, in the lock-based mode). */
    private static <T> void callQueued(Separate<T> a, Consumer<? super T> action, Client client) {
        Handler h = a.handler;
        Scoop scoop = h.scoop;
        if (!scoop.queueOfQueues) {
            run(new Separate<?>[] {a}, null, v -> {
                Blocks.<T>cast(v[0]).call(action);
                return null;
            }, Waiting.FOREVER);
            return;
        }
        PrivateQueue q = client.queueFor(h);
        if (q.depth > 0) {
            q.logCall(action, a.object); // inside an open block of this client on h
            return;
        }
        scoop.checkOpen();
        CallFailedException dirty = q.takeFailures(); // SCOOP's dirty handler: an earlier call failed
        if (dirty != null) {
            throw dirty;
        }
        q.open(client);
        h.qoq.offer(q);
        q.offer(action, a.object);
        CallFailedException t = q.close(Markers.END_BLOCK, null); // signals the handler once, after both items
        if (t != null) {
            throw t;
        }
    }

    /**
     * The lone-query fast path ({@link Separate#query} and its primitive forms), an extension of sync
     * coalescing: a handler that is idle with nothing queued is synced with every client, so a client in no
     * block takes it ({@link Handler#claimAlone}) and runs the query at once, as the handler's own client —
     * so a block that the query opens on the same handler is local to it, as it nests in the block of the
     * queued path, instead of waiting for the handler this thread holds. Returns the client to hand to
     * {@link #endLoneQuery} after the query, or null if the query must take the queued path (a block of one
     * query): a client in a block, no coalescing, the lock-based mode, a busy handler, a failed call of this
     * client not reported yet.
     */
    static Client claimForQuery(Separate<?> a) {
        Handler h = a.handler;
        Client.Context ctx = Client.context();
        Client client = ctx.client();
        if (client.handler == h) {
            return client; // the handler itself: direct access
        }
        Scoop scoop = h.scoop;
        if (!scoop.syncCoalescing || !scoop.queueOfQueues || client.openBlocks > 0 || scoop.isClosed()) {
            return null;
        }
        // A failed earlier call sends the query through the queue, whose reservation throws it.
        if (!h.claimAlone(scoop.onPoolWorker(), client.queueIfAny(h))) {
            return null;
        }
        // A lone call or query already open on this thread is the client: endLoneQuery puts it back.
        h.queryInLone = ctx.takeLone(h); // h's field, written and read by this thread while it holds h
        return client;
    }

    /** Ends a lone query that {@link #claimForQuery} let run at once: the client is back, the handler free. */
    static void endLoneQuery(Handler h, Client saved) {
        if (saved.handler != h) {
            Client.context().endLone(h.queryInLone ? saved.handler : null); // the lone call or query it ran in
            h.releaseAlone(h.scoop.onPoolWorker());
        }
    }

    /**
     * An asynchronous block over one handler: a one-shot client that reserves {@code a} now (so it is
     * ordered after the caller's earlier blocks on it) and runs {@code body} on a worker once {@code when}
     * holds, holding no thread while it waits: its handler evaluates the condition ({@link Guard}). In the
     * lock-based mode it is an {@link AsyncBlock}, as a block over several handlers is.
     */
    static <A> void async(Separate<A> a, Predicate<? super Reserved<A>> when, Consumer<? super Reserved<A>> body) {
        Handler h = a.handler;
        Scoop scoop = h.scoop;
        scoop.checkOpen();
        if (!scoop.queueOfQueues) {
            asyncAll(new Separate<?>[] {a}, when == null ? null : v -> when.test(cast(v[0])), v -> {
                body.accept(cast(v[0]));
                return null;
            });
            return;
        }
        PrivateQueue q = new PrivateQueue(h, null);
        q.open(null); // by the caller, before the queue is published: the body's thread takes it over when granted
        Reserved<A> view = new Reserved<>(q, a.object);
        Guard g = new Guard(q, view, when == null ? ALWAYS : when, null, body);
        q.offer(Markers.SUSPEND_BLOCK, g);
        h.qoq.offer(q);
        h.signalWork();
    }

    /**
     * An asynchronous block over any handlers ({@link AsyncBlock}): its first attempt is spawned now, so it
     * reserves after the caller's earlier blocks on them.
     */
    static void asyncAll(Separate<?>[] refs, Predicate<Reserved<?>[]> when, Function<Reserved<?>[], ?> body) {
        Scoop scoop = distinctHandlers(refs)[0].scoop;
        scoop.checkOpen();
        scoop.pool.spawn(new AsyncBlock(scoop, refs, when, body));
    }

    /** Runs an asynchronous block that its handler granted; spawned by the handler on its worker. */
    static void runGranted(Guard g) {
        PrivateQueue q = g.queue;
        Client.Context ctx = Client.context();
        Object saved = ctx.enter(Client.forBlock(q));
        Throwable err = g.error;
        try {
            if (err == null) {
                g.body.accept(g.view);
            }
        } catch (Throwable t) {
            err = t;
        } finally {
            ctx.leave(saved);
            g.view.closed = true;
            err = combine(err, q.close(Markers.END_BLOCK, null));
            q.retire(); // nobody will sync on this queue again: later failures are reported
        }
        if (err != null) {
            q.handler.scoop.reportUndelivered(err);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Reservation

    /**
     * Decides how the block holds each handler and reserves the fresh ones atomically: in the
     * queue-of-queues mode by enqueueing its private queues while holding the handlers' reservation spin
     * locks in handler order (a single fresh handler needs no lock); in the lock-based mode by taking the
     * handlers' block locks in handler order. The order is global, so no two blocks wait for each other's
     * reservations. In the queue-of-queues mode a fresh handler with a failed call this client was not told
     * of yet is not reserved: the failures are thrown instead (SCOOP's dirty handler), for every such handler.
     */
    private static void reserve(Client client, Handler[] hs, int[] kind, PrivateQueue[] qs, Scoop scoop, long deadline) {
        boolean qoq = scoop.queueOfQueues;
        int fresh = 0;
        for (int i = 0; i < hs.length; i++) {
            Handler h = hs[i];
            if (client.handler == h) {
                kind[i] = LOCAL;
            } else if (qoq) {
                PrivateQueue q = client.queueFor(h);
                qs[i] = q;
                kind[i] = q.depth > 0 ? NESTED : FRESH;
            } else if (h.blockLock.isHeldByCurrentThread()) {
                if (h.shared.client != client) {
                    throw new IllegalStateException("lock-based mode: " + h + " is held by another client on this"
                            + " thread (a handler or task run inside that client's block); it could never be reserved");
                }
                kind[i] = NESTED;
                qs[i] = h.shared;
            } else {
                kind[i] = FRESH;
                qs[i] = h.shared;
            }
            if (kind[i] == FRESH) {
                fresh++;
            }
        }
        if (fresh > 0) {
            scoop.checkOpen();
        }
        if (qoq) {
            Throwable dirty = null;
            for (int i = 0; i < hs.length; i++) {
                if (kind[i] == FRESH) {
                    dirty = combine(dirty, qs[i].takeFailures());
                }
            }
            if (dirty != null) {
                throw Blocks.<RuntimeException>sneaky(dirty);
            }
            for (int i = 0; i < hs.length; i++) {
                if (kind[i] == FRESH) {
                    qs[i].open(client);
                } else if (kind[i] == NESTED) {
                    qs[i].nest();
                }
            }
            enqueueAtomically(hs, qs, kind, fresh);
        } else {
            int locked = 0;
            int outcome = Waiting.DONE;
            try {
                for (int i = 0; i < hs.length && outcome == Waiting.DONE; i++) {
                    if (kind[i] != LOCAL) {
                        outcome = hs[i].acquireBlockLock(deadline); // re-entrant for NESTED: released once at the end
                        if (outcome != Waiting.DONE) {
                            break;
                        }
                    }
                    locked = i + 1;
                }
            } catch (Throwable t) {
                unlock(hs, kind, locked);
                throw t;
            }
            if (outcome != Waiting.DONE) {
                unlock(hs, kind, locked);
                throw Waiting.cut(outcome, "a reservation of " + hs[locked]);
            }
            for (int i = 0; i < hs.length; i++) {
                if (kind[i] == FRESH) {
                    qs[i].open(client);
                } else if (kind[i] == NESTED) {
                    qs[i].nest();
                }
            }
        }
    }

    private static void unlock(Handler[] hs, int[] kind, int locked) {
        for (int i = locked - 1; i >= 0; i--) {
            if (kind[i] != LOCAL) {
                hs[i].blockLock.unlock();
            }
        }
    }

    /**
     * Appends the fresh queues to their handlers' queues of queues as one atomic step with respect to every
     * other multi-handler reservation: the handlers' reservation spin locks are taken in handler order (the
     * order of {@code hs}) and held only while enqueueing, which never waits. So two reservations that share
     * handlers enqueue in the same order on all of them. A single handler needs no lock: there is no second
     * queue to keep in step with. Checked by {@code ReservationLincheckTest}.
     */
    static void enqueueAtomically(Handler[] hs, PrivateQueue[] qs, int[] kind, int fresh) {
        boolean lock = fresh > 1;
        if (lock) {
            for (int i = 0; i < hs.length; i++) {
                if (kind[i] == FRESH) {
                    hs[i].lockReservation();
                }
            }
        }
        try {
            for (int i = 0; i < hs.length; i++) {
                if (kind[i] == FRESH) {
                    hs[i].qoq.offer(qs[i]);
                }
            }
        } finally {
            if (lock) {
                for (int i = hs.length - 1; i >= 0; i--) {
                    if (kind[i] == FRESH) {
                        hs[i].unlockReservation();
                    }
                }
            }
        }
    }

    /**
     * Ends the block on every handler: a fresh one gets END (or END_WAKE with {@code wake}) and its failure
     * is taken if already recorded; a nested one only drops a level. Returns what the caller must throw:
     * {@code primary} (the body's exception) with the call failures suppressed, or the first call failure
     * with the others suppressed, or null.
     */
    private static Throwable release(Handler[] hs, int[] kind, PrivateQueue[] qs, boolean qoq, Wake wake,
            Throwable primary) {
        Throwable out = primary;
        for (int i = 0; i < hs.length; i++) {
            Throwable f = null;
            try {
                if (kind[i] == FRESH) {
                    f = wake == null
                            ? qs[i].close(Markers.END_BLOCK, null)
                            : qs[i].close(Markers.END_AND_WAKE, wake);
                } else if (kind[i] == NESTED) {
                    qs[i].unnest();
                }
            } catch (Throwable t) {
                out = combine(out, t); // a rejected activation: still end every other handler
            } finally {
                if (!qoq && kind[i] != LOCAL) {
                    hs[i].blockLock.unlock();
                }
            }
            if (f != null) {
                out = combine(out, f);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------
    // Wait conditions

    /**
     * The single-handler wait (queue-of-queues mode): hands the condition to the handler (SUSPEND) and parks
     * until the handler grants the block, which it does after another client's block ends and the
     * condition holds; meanwhile the handler serves other clients. The block then goes on, still reserved.
     * A wait that ends early (interrupt, close, deadline) cancels the guard — unless the handler granted it
     * first, and then the block goes on as granted — and throws; the caller ends the block.
     */
    private static void suspendUntil(PrivateQueue q, Reserved<?>[] views, Predicate<Reserved<?>[]> when, long deadline) {
        Guard g = new Guard(q, views[0], v -> when.test(views), Thread.currentThread(), null);
        q.suspend(g);
        for (int i = 0; i < Waiting.SPINS / 4 && g.waiting(); i++) {
            Thread.onSpinWait();
        }
        int outcome = Waiting.await(q.handler.scoop, g, deadline, () -> !g.waiting());
        if (outcome != Waiting.DONE) {
            if (g.cancel()) {
                q.abandonWait();
                throw Waiting.cut(outcome, "a wait condition on " + q.handler);
            }
            if (outcome == Waiting.INTERRUPTED) {
                Thread.currentThread().interrupt(); // granted meanwhile: go on, and let the next wait see it
            }
        }
        q.resume();
        if (g.error != null) {
            throw Blocks.<RuntimeException>sneaky(g.error);
        }
    }

    // ---------------------------------------------------------------------------------------------

    private static Handler[] distinctHandlers(Separate<?>[] refs) {
        Handler[] hs = new Handler[refs.length];
        int n = 0;
        outer:
        for (Separate<?> r : refs) {
            Objects.requireNonNull(r, "separate reference");
            for (int i = 0; i < n; i++) {
                if (hs[i] == r.handler) {
                    continue outer;
                }
            }
            hs[n++] = r.handler;
        }
        hs = n == hs.length ? hs : Arrays.copyOf(hs, n);
        inReservationOrder(hs);
        return hs;
    }

    /**
     * Sorts handlers into the global order in which reservations take their locks (by id, which never
     * changes): two reservations that share handlers then never hold one each while waiting for the other's.
     */
    static void inReservationOrder(Handler[] hs) {
        Arrays.sort(hs, (x, y) -> Long.compare(x.id, y.id));
    }

    private static int indexOf(Handler[] hs, Handler h) {
        for (int i = 0; i < hs.length; i++) {
            if (hs[i] == h) {
                return i;
            }
        }
        throw new AssertionError(h);
    }

    private static int countFresh(int[] kind) {
        int n = 0;
        for (int k : kind) {
            if (k == FRESH) {
                n++;
            }
        }
        return n;
    }

    static Throwable combine(Throwable primary, Throwable secondary) {
        if (primary == null) {
            return secondary;
        }
        if (secondary != null && secondary != primary) {
            primary.addSuppressed(secondary);
        }
        return primary;
    }

    @SuppressWarnings("unchecked")
    static <T> Reserved<T> cast(Reserved<?> v) {
        return (Reserved<T>) v;
    }

    @SuppressWarnings("unchecked")
    static <X extends Throwable> X sneaky(Throwable t) throws X {
        throw (X) t;
    }
}
