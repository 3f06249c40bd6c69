package dev.weft.scoop;

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
    /** The per-thread choice of the current client. */
    static final class Context {
        Client current;
        /** The class of the lone call this thread runs on its client's behalf, if any ({@link Inline#parking}). */
        Inline.Stats inlineCall;
    }

    private static final WorkerLocal<Context> CONTEXT = WorkerLocal.withInitial(() -> {
        Context c = new Context();
        c.current = new Client(null);
        return c;
    });

    /** Above this many queues the cache drops the ones not in an open block (bounds memory). */
    private static final int MAX_QUEUES = 4096;

    /** The handler this client is, or null for a thread or an asynchronous block. */
    final Handler handler;
    /** Blocks this client is inside (nesting included): a lone call never runs on a client that holds one. */
    int openBlocks;
    /** Lone calls run on this client, for serving steal requests every {@link #POLL_EVERY} of them. */
    int loneCalls;
    /** A power of two: at ~30 ns a lone call, a hungry worker waits a few microseconds at most. */
    static final int POLL_EVERY = 64;
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
        return CONTEXT.get().current;
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
