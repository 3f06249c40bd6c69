package dev.weft.actors;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An actor's mailbox queue: unbounded, many producers (any thread may send), one consumer (the actor's
 * running activation). It is Vyukov's intrusive MPSC linked queue, which Pekko's default mailbox also uses:
 * a producer swaps its node into {@link #tail} with one atomic exchange and then links its predecessor to
 * it; the consumer follows {@code next} links from {@link #head}, a consumed node that serves as the stub.
 *
 * <h2>Memory ordering (see PROTOCOL.md in this module, "Mailbox")</h2>
 * <ul>
 *   <li>The producer writes the node's message, then {@code getAndSet(tail)}, then a release store of
 *       {@code prev.next}. The consumer reads {@code next} with an acquire load, so it sees the message.
 *   <li>Between a producer's exchange and its link the queue is <em>inconsistent</em>: {@code tail} shows
 *       a node that {@code head}'s chain does not reach yet. {@link #poll} then returns {@link
 *       #LINK_PENDING} after a short wait, never null, so that the caller neither processes nothing nor
 *       goes idle while a message is on its way: it reschedules itself instead.
 *   <li>{@link #head} is written by the consumer with release stores, so that a producer may compare it
 *       with {@code tail} ({@link #hasMessages}): the fast path of a send uses this to check that it does
 *       not overtake a message of its own that is still queued (ActorCell, "inline slot").
 * </ul>
 */
abstract class Mailbox {
    /** Returned by {@link #poll} while a producer has swapped its node in but not yet linked it. */
    static final Object LINK_PENDING = new Object() {
        @Override
        public String toString() {
            return "LINK_PENDING";
        }
    };

    private static final VarHandle TAIL;
    private static final VarHandle HEAD;
    private static final VarHandle NEXT;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(Mailbox.class, "tail", Node.class);
            HEAD = l.findVarHandle(Mailbox.class, "head", Node.class);
            NEXT = l.findVarHandle(Node.class, "next", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A queued message. */
    static final class Node {
        Object message;
        volatile Node next;

        Node(Object message) {
            this.message = message;
        }
    }

    /** Newest node; producers exchange themselves in. */
    private volatile Node tail;
    /** The consumed node before the oldest queued one; consumer-written (release), read by producers. */
    private volatile Node head;

    Mailbox() {
        Node stub = new Node(null);
        HEAD.set(this, stub);
        TAIL.set(this, stub);
    }

    /** Queues {@code message}; any thread. The exchange is sequentially consistent (a locked xchg). */
    final void enqueue(Object message) {
        Node n = new Node(message);
        Node prev = (Node) TAIL.getAndSet(this, n);
        NEXT.setRelease(prev, n);
    }

    /**
     * Whether a message is queued, perhaps one whose producer has not linked it yet. Exact for the consumer;
     * for a producer it is exact about the producer's own earlier messages (they lie between {@code head}
     * and {@code tail} until consumed), which is all the send fast path needs.
     */
    final boolean hasMessages() {
        return tail != head;
    }

    /**
     * Takes the oldest message; consumer only. Returns null if the queue is empty, {@link #LINK_PENDING}
     * if a producer is between its exchange and its link for longer than a short wait.
     */
    final Object poll() {
        Node h = (Node) HEAD.getOpaque(this);
        Node n = h.next;
        if (n == null) {
            if (tail == h) {
                return null;
            }
            n = awaitLink(h);
            if (n == null) {
                return LINK_PENDING;
            }
        }
        Object m = n.message;
        n.message = null; // n is the new stub: do not keep the message alive through it
        NEXT.setOpaque(h, null); // an old node must not keep young ones reachable (nepotism under GC)
        HEAD.setRelease(this, n);
        return m;
    }

    /**
     * A producer swapped in a node after {@code h} but has not linked it: it is a few instructions away,
     * unless it was descheduled in between. Spin briefly, then yield; give up after that (the caller
     * reschedules itself and looks again later).
     */
    private static Node awaitLink(Node h) {
        for (int i = 0; i < 128; i++) {
            Node n = h.next;
            if (n != null) {
                return n;
            }
            if (i < 96) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        return h.next;
    }
}
