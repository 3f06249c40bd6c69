package dev.weft.scoop;

import dev.weft.WeftPool;
import dev.weft.WorkerLocal;

/**
 * A processor in its role as client: a thread (its own code, or a Weft task it runs), a handler (the
 * blocks its calls open), or an asynchronous block. It keeps its private queues, one per handler it has
 * reserved, and reuses them across blocks (West, Nanz, Meyer 2015: "taken from a cache of queues").
 *
 * <p>Which client is running is per thread ({@link Context}): a handler's loop makes itself the current
 * client while it runs calls and restores the previous one after, so a handler activated inside a
 * client's block (a drain, or a query that runs the handler inline) never joins that client's open
 * blocks.
 *
 * <p>Only the thread currently running as this client touches it (a handler's runs are ordered by its
 * state CAS), so the table needs no synchronization.
 */
final class Client {
    /**
     * The per-thread choice of the current client ({@link #client}).
     *
     * <p>A lone call or query runs as its handler's client, as any runner of the handler does, but it stores
     * no reference to say so: it sets {@link #lone} and finds the handler in {@link #loneHandler}, a field it
     * writes only when its handler is not the one this thread took last. A reference store is not free on the
     * lone path: under G1, one into an object that has left the young generation (this context, after a few
     * collections) goes through the card-marking barrier's StoreLoad fence, and swapping {@link #current} in
     * and out cost three of those per call, next to the two atomic operations the call needs. Scopes that
     * change {@link #current} ({@link #enter}) set {@link #lone} aside for their duration.
     */
    static final class Context {
        /** The client this thread runs as while {@link #lone} is clear. */
        private Client current;
        /** The pool this thread is a worker of, or null: where lone calls may run ({@link Handler#tryLoneCall}). */
        final WeftPool pool;
        /** This thread holds {@link #loneHandler} for a lone call or query and runs as its client. */
        boolean lone;
        /** The handler of the lone call or query running, while {@link #lone} is set; a stale one after. */
        Handler loneHandler;
        /**
         * A lone call of {@link #loneStats}'s class runs on this thread, scopes nested in it included: a wait
         * anywhere inside it is that call waiting ({@link Inline#parking}).
         */
        boolean loneCall;
        /** The class of the lone call running, while {@link #loneCall} is set; a stale one after. */
        Inline.Stats loneStats;
        /** Signals of handlers already started, for serving steal requests every {@link Client#POLL_EVERY} of them. */
        int signals;

        Context(WeftPool pool, Client current) {
            this.pool = pool;
            this.current = current;
        }

        /** The client this thread runs as. */
        Client client() {
            return lone ? loneHandler.asClient : current;
        }

        /**
         * This thread has taken {@code h} for a lone call or query and runs as its client until {@link
         * #endLone}; returns whether a lone call or query was open already (the one to give back then). The
         * handler is stored only if it is not the one this thread took last.
         */
        boolean takeLone(Handler h) {
            boolean outer = lone;
            if (loneHandler != h) {
                loneHandler = h;
            }
            lone = true;
            return outer;
        }

        /** Ends a lone call or query: the thread runs as {@code outer}'s client again, or, if null, its own. */
        void endLone(Handler outer) {
            if (outer != null) {
                loneHandler = outer;
            } else {
                lone = false;
            }
        }

        /**
         * Runs as {@code c} until {@link #leave}: returns what {@code leave} puts back. A lone call or query
         * open on this thread is set aside (a scope opened inside one: a handler's run, an asynchronous block's
         * attempt, helped by a wait in the lone call's action); that rare case allocates.
         */
        Object enter(Client c) {
            Object saved = lone ? new LoneScope(current, loneHandler) : current;
            lone = false;
            current = c;
            return saved;
        }

        /** Ends the scope {@link #enter} opened. */
        void leave(Object saved) {
            if (saved instanceof LoneScope s) {
                current = s.current;
                loneHandler = s.handler;
                lone = true;
            } else {
                current = (Client) saved;
            }
        }
    }

    /** A lone call or query set aside by {@link Context#enter}. */
    private record LoneScope(Client current, Handler handler) {
    }

    private static final WorkerLocal<Context> CONTEXT =
            WorkerLocal.withInitial(() -> new Context(WeftPool.current(), new Client(null)));

    /** Above this many queues the cache drops the ones not in an open block (bounds memory). */
    private static final int MAX_QUEUES = 4096;

    /** The handler this client is, or null for a thread or an asynchronous block. */
    final Handler handler;
    /** Blocks this client is inside (nesting included): a lone call never runs on a client that holds one. */
    int openBlocks;
    /** Lone calls run on this client: every {@link #POLL_EVERY}th is timed and then serves steal requests. */
    int loneCalls;
    /** A power of two: at ~20 ns a lone call, a hungry worker waits a few microseconds at most. */
    static final int POLL_EVERY = Inline.SAMPLE_EVERY;
    /** The last call class this client asked {@link Inline} about: a one-entry cache. */
    Inline.Stats lastStats;
    /** Open addressing by handler id, linear probing; a power of two. */
    private PrivateQueue[] table = new PrivateQueue[8];
    private int count;

    Client(Handler handler) {
        this.handler = handler;
    }

    /** A client for an asynchronous block, whose one queue is already reserved: it takes the queue over. */
    static Client forBlock(PrivateQueue q) {
        Client c = new Client(null);
        c.insert(q);
        c.openBlocks = 1;
        q.takeOver(c);
        return c;
    }

    static Context context() {
        return CONTEXT.get();
    }

    static Client current() {
        return CONTEXT.get().client();
    }

    /** This one-shot client (an asynchronous block's attempt) is done: nobody will sync on its queues again. */
    void retireAll() {
        for (PrivateQueue q : table) {
            if (q != null) {
                q.retire();
            }
        }
    }

    /**
     * A one-entry cache of {@link #queueIfAny}: the handler last looked up and its queue, null if it had
     * none then. A client that calls one handler again and again (the lone-call path looks its queue up on
     * every call) skips the probe. Updated where a queue is inserted; cleared where queues are dropped.
     */
    private Handler lastHandler;
    private PrivateQueue lastQueue;

    /** This client's private queue for {@code h}, or null if it has none yet. */
    PrivateQueue queueIfAny(Handler h) {
        if (h == lastHandler) {
            return lastQueue;
        }
        PrivateQueue q = probe(h);
        lastHandler = h;
        lastQueue = q;
        return q;
    }

    private PrivateQueue probe(Handler h) {
        PrivateQueue[] t = table;
        int mask = t.length - 1;
        for (int i = slot(h, mask);; i = (i + 1) & mask) {
            PrivateQueue q = t[i];
            if (q == null || q.handler == h) {
                return q;
            }
        }
    }

    /** This client's private queue for {@code h}, created on first use. */
    PrivateQueue queueFor(Handler h) {
        PrivateQueue[] t = table;
        int mask = t.length - 1;
        for (int i = slot(h, mask);; i = (i + 1) & mask) {
            PrivateQueue q = t[i];
            if (q == null) {
                break;
            }
            if (q.handler == h) {
                return q;
            }
        }
        PrivateQueue q = new PrivateQueue(h, this);
        insert(q);
        return q;
    }

    private void insert(PrivateQueue q) {
        if (2 * (count + 1) > table.length) {
            grow();
        }
        PrivateQueue[] t = table;
        int mask = t.length - 1;
        int i = slot(q.handler, mask);
        while (t[i] != null) {
            i = (i + 1) & mask;
        }
        t[i] = q;
        count++;
        if (q.handler == lastHandler) {
            lastQueue = q;
        }
    }

    private void grow() {
        PrivateQueue[] old = table;
        boolean prune = count >= MAX_QUEUES;
        // Pruning keeps the queues of open blocks: a nested block must find its outer block's queue.
        int keep = 0;
        for (PrivateQueue q : old) {
            if (q != null && (!prune || q.depth > 0)) {
                keep++;
            }
        }
        int len = prune ? old.length : old.length * 2;
        while (2 * (keep + 1) > len) {
            len *= 2;
        }
        table = new PrivateQueue[len];
        count = 0;
        lastHandler = null; // pruning may drop the cached queue
        lastQueue = null;
        for (PrivateQueue q : old) {
            if (q != null && prune && q.depth == 0) {
                // This client will not see the queue again: a failure it was not told of yet, or one still to
                // come, goes to the failure handler (PROTOCOL.md "Failures").
                q.retire();
            }
            if (q != null && (!prune || q.depth > 0)) {
                int mask = table.length - 1;
                int i = slot(q.handler, mask);
                while (table[i] != null) {
                    i = (i + 1) & mask;
                }
                table[i] = q;
                count++;
            }
        }
    }

    private static int slot(Handler h, int mask) {
        long x = h.id * 0x9E3779B97F4A7C15L;
        return (int) (x >>> 32) & mask;
    }

    @Override
    public String toString() {
        return handler != null ? "client " + handler : "client " + Integer.toHexString(hashCode());
    }
}
