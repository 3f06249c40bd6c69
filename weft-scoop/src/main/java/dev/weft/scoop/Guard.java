package dev.weft.scoop;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A wait condition that the handler evaluates itself, between other clients' blocks, for a block that
 * reserves one handler in the queue-of-queues mode (PROTOCOL.md "Wait conditions"). While the condition
 * is false the block is suspended and the handler serves other clients; once it holds, the handler
 * resumes the block — it stays idle on the block's private queue — and wakes the client (a blocking
 * block) or starts the body as a task (an asynchronous block).
 *
 * <p>{@link #state} decides the race between the handler granting the block and the client giving up the
 * wait (interrupt, timeout, close): both CAS it from WAITING, so exactly one of them wins. A client that
 * lost goes on as granted; a handler that lost drops the guard.
 */
final class Guard implements Waiter {
    static final int WAITING = 0;
    static final int GRANTED = 1;
    static final int CANCELLED = 2;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Guard.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final PrivateQueue queue;
    final Reserved<Object> view;
    final Predicate<Object> condition;
    /** The parked client of a blocking block; null for an asynchronous one. */
    final Thread client;
    /** The body of an asynchronous block; null for a blocking one. */
    final Consumer<Object> body;
    /** What the condition threw when the handler evaluated it; handler-written before the GRANTED CAS. */
    Throwable error;
    /** WAITING, then GRANTED (by the handler) or CANCELLED (by the client, or by close for an asynchronous block). */
    private volatile int state;

    @SuppressWarnings("unchecked")
    Guard(PrivateQueue queue, Reserved<?> view, Predicate<?> condition, Thread client, Consumer<?> body) {
        this.queue = queue;
        this.view = (Reserved<Object>) view;
        this.condition = (Predicate<Object>) condition;
        this.client = client;
        this.body = (Consumer<Object>) body;
    }

    boolean waiting() {
        return state == WAITING;
    }

    boolean granted() {
        return state == GRANTED;
    }

    /**
     * Evaluates the condition on the handler's thread, with the handler idle on the block's queue (so its
     * queries run at once, whatever the coalescing setting: {@link Reserved#evaluator}). Returns true if the
     * block may go on: the condition holds, or it threw (the client then receives the error).
     */
    boolean evaluate() {
        Reserved<Object> v = view;
        v.evaluator = Thread.currentThread();
        try {
            return condition.test(v);
        } catch (Throwable t) {
            error = t;
            return true;
        } finally {
            v.evaluator = null;
        }
    }

    /** The handler grants the block; false if the client gave up first. Publishes {@link #error}. */
    boolean grant() {
        return STATE.compareAndSet(this, WAITING, GRANTED);
    }

    /** The client gives up the wait; false if the handler granted the block first. */
    boolean cancel() {
        return STATE.compareAndSet(this, WAITING, CANCELLED);
    }

    /** An asynchronous block still waiting when its runtime closes is abandoned, and reported. */
    @Override
    public void runtimeClosed() {
        if (client == null && cancel()) {
            queue.handler.scoop.reportUndelivered(new RejectedExecutionException("an asynchronous block on "
                    + queue.handler + " was abandoned: the Scoop runtime closed while its wait condition was false"));
        }
    }
}
