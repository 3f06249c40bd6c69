package dev.weft.scoop;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An unbounded multi-producer single-consumer linked queue: a handler's queue of queues, whose producers
 * are clients reserving the handler and whose consumer is the handler. The producer side is Michael and
 * Scott's enqueue (a CAS links the node after the last one, a second CAS swings the tail hint); the
 * consumer owns {@code head} and needs no atomic operation.
 *
 * <p><b>Why not Vyukov's exchange-based enqueue.</b> It is one atomic exchange instead of a CAS, but a
 * producer preempted between the exchange and the link hides every later node from the consumer: the
 * queue then looks empty although later offers have returned (not linearizable, and a handler would have
 * to spin on a descheduled client). Here the successful link CAS is the linearization point, so an offer
 * that returned is always visible, which the Lincheck test checks.
 *
 * <p><b>Happens-before.</b> The producer fills the node before the link CAS (a volatile read-modify-write
 * of {@code next}); the consumer reads {@code next} with a volatile load and then the item, so it sees the
 * node and everything the producer did before offering. The link CAS and the consumer's {@link #hasItem}
 * load are sequentially consistent, which the handler's idle handshake relies on (see {@link Handler}).
 *
 * <p>A lagging tail hint may point at a node the consumer has already passed; producers then walk
 * forward along {@code next}, which dequeued nodes keep.
 *
 * <p>Not final only so that the Lincheck test can plant a broken {@link #link} and show that its check
 * catches it; no subclass exists in this module, so the JIT still inlines the CAS.
 */
class MpscLinkedQueue<E> {
    static final class Node<E> {
        E item;
        volatile Node<E> next;

        Node(E item) {
            this.item = item;
        }
    }

    private static final VarHandle NEXT;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            NEXT = l.findVarHandle(Node.class, "next", Node.class);
            TAIL = l.findVarHandle(MpscLinkedQueue.class, "tail", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Consumer-owned: the last node taken (or the initial dummy); its successor is the oldest item. */
    private Node<E> head;
    /** A hint: the last node, or one before it. */
    private volatile Node<E> tail;

    MpscLinkedQueue() {
        Node<E> dummy = new Node<>(null);
        head = dummy;
        tail = dummy;
    }

    /** Appends {@code e}. Any thread. */
    void offer(E e) {
        Node<E> n = new Node<>(e);
        for (;;) {
            Node<E> t = tail;
            Node<E> next = t.next;
            if (next != null) {
                TAIL.compareAndSet(this, t, next); // help a producer that linked but did not swing yet
            } else if (link(t, n)) {
                TAIL.compareAndSet(this, t, n);     // failure is fine: someone already moved it past n
                return;
            }
        }
    }

    /**
     * Links {@code n} after {@code last} if {@code last} is still the last node: the linearization point of
     * {@link #offer}. A CAS, so that of two producers that found the same last node exactly one links.
     */
    boolean link(Node<E> last, Node<E> n) {
        return NEXT.compareAndSet(last, null, n);
    }

    /** Removes and returns the oldest item, or null if there is none. Consumer only. */
    E poll() {
        Node<E> next = head.next;
        if (next == null) {
            return null;
        }
        head = next;
        E e = next.item;
        next.item = null; // the node may stay reachable from a lagging tail hint
        return e;
    }

    /**
     * Whether an item is available (a sequentially consistent load). Consumer side; may be called racily by
     * a handler that has just released itself, in which case a stale answer only costs a failed claim.
     */
    boolean hasItem() {
        return head.next != null;
    }
}
