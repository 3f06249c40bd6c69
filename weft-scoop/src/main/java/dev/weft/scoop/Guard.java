package dev.weft.scoop;

import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A wait condition that the handler evaluates itself, between other clients' blocks, for a block that
 * reserves one handler in the queue-of-queues mode (PROTOCOL.md "Wait conditions"). While the condition
 * is false the block is suspended and the handler serves other clients; once it holds, the handler
 * resumes the block — it stays idle on the block's private queue — and wakes the client (a blocking
 * block) or starts the body as a task (an asynchronous block).
 */
final class Guard {
    static final int WAITING = 0;
    static final int GRANTED = 1;

    final PrivateQueue queue;
    final Reserved<Object> view;
    final Predicate<Object> condition;
    /** The parked client of a blocking block; null for an asynchronous one. */
    final Thread client;
    /** The body of an asynchronous block; null for a blocking one. */
    final Consumer<Object> body;
    /** What the condition threw when the handler evaluated it; written before {@link #state}. */
    Throwable error;
    /** Set (volatile) by the handler when it grants the block. */
    volatile int state;

    @SuppressWarnings("unchecked")
    Guard(PrivateQueue queue, Reserved<?> view, Predicate<?> condition, Thread client, Consumer<?> body) {
        this.queue = queue;
        this.view = (Reserved<Object>) view;
        this.condition = (Predicate<Object>) condition;
        this.client = client;
        this.body = (Consumer<Object>) body;
    }

    /**
     * Evaluates the condition on the handler's thread, with the handler idle on the block's queue (so its
     * queries run at once, whatever the coalescing setting). Returns true if the block may go on: the
     * condition holds, or it threw (the client then receives the error).
     */
    boolean evaluate() {
        PrivateQueue q = queue;
        Thread savedOwner = q.owner;
        boolean savedKeep = q.keepSynced;
        q.owner = Thread.currentThread();
        q.synced = true;
        q.keepSynced = true;
        try {
            return condition.test(view);
        } catch (Throwable t) {
            error = t;
            return true;
        } finally {
            q.owner = savedOwner;
            q.keepSynced = savedKeep;
        }
    }
}
