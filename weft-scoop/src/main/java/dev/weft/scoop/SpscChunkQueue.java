package dev.weft.scoop;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An unbounded single-producer single-consumer queue of two-word items ({@code tag}, {@code arg}): the
 * storage of a private queue, where the producer is the client that reserved the handler and the consumer
 * is the handler (whichever thread runs it). Items live in linked chunks that are never reused, so a slot
 * is written once by the producer and read once by the consumer.
 *
 * <p><b>Happens-before.</b> The producer writes {@code arg} with a plain store and then {@code tag} with a
 * volatile store; the consumer reads {@code tag} first (acquire) and {@code arg} after it, so it sees the
 * argument and everything the producer did before offering the item (the call's captured state, the
 * target object). A new chunk is linked through {@link Chunk#next}, written (volatile) before the first
 * tag of the new chunk; a consumer that reads {@code next} then the slot sees the chunk's contents.
 *
 * <p><b>Why volatile and not release.</b> The tag store and the {@link #hasItem} loads take part in the
 * idle handshake of {@link Handler}: the producer stores an item and then reads the handler's state; the
 * handler stores {@code IDLE} and then checks for items. Both sides use sequentially consistent accesses
 * (Dekker), so at least one of them sees the other: either the handler finds the item or the producer
 * finds the handler idle and activates it. A release store would let the state read move ahead of it.
 *
 * <p><b>Racy reads of {@link #hasItem}.</b> A handler that has just set itself idle calls
 * {@code hasItem} while another thread may already have claimed the handler and be polling. The reads
 * are then stale but harmless: every chunk has the same length, so the indices stay in bounds, and a wrong
 * answer only costs a failed claim or an empty pass (the new runner owns the queue and sees its items).
 */
class SpscChunkQueue {
    /** Items per chunk. Small: a private queue usually holds a handful of calls. */
    static final int CHUNK_ITEMS = 16;
    private static final int CHUNK_SLOTS = 2 * CHUNK_ITEMS;

    static final class Chunk {
        final Object[] slots = new Object[CHUNK_SLOTS];
        volatile Chunk next;
    }

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    // Producer-owned.
    private Chunk tail;
    private int tailIndex;

    // Consumer-owned.
    private Chunk head;
    private int headIndex;
    /** The {@code arg} of the item the last {@link #poll} returned. Consumer-owned. */
    Object polledArg;

    SpscChunkQueue() {
        Chunk c = new Chunk();
        head = c;
        tail = c;
    }

    /** Appends an item. Producer only. {@code tag} must not be null. */
    final void offer(Object tag, Object arg) {
        Chunk c = tail;
        int i = tailIndex;
        if (i == CHUNK_SLOTS) {
            Chunk n = new Chunk();
            c.next = n; // volatile: the consumer follows the link only after it is complete
            tail = c = n;
            i = 0;
        }
        publish(c.slots, i, tag, arg);
        tailIndex = i + 2;
    }

    /**
     * Writes an item into its slots: {@code arg} first, with a plain store that the volatile store of
     * {@code tag} publishes (a consumer that sees the tag sees the argument). Overridden only by the Lincheck
     * test, to plant a broken order; {@link PrivateQueue} does not override it, so the JIT inlines it.
     */
    void publish(Object[] slots, int i, Object tag, Object arg) {
        slots[i + 1] = arg;
        SLOT.setVolatile(slots, i, tag);
    }

    /** Removes the oldest item and returns its tag ({@link #polledArg} holds its arg), or null. Consumer only. */
    final Object poll() {
        Chunk c = head;
        int i = headIndex;
        if (i == CHUNK_SLOTS) {
            Chunk n = c.next;
            if (n == null) {
                return null;
            }
            head = c = n;
            headIndex = i = 0;
        }
        Object[] s = c.slots;
        Object tag = SLOT.getAcquire(s, i);
        if (tag == null) {
            return null;
        }
        polledArg = s[i + 1];
        s[i] = null; // the producer never writes this slot again; clearing lets the call be collected
        s[i + 1] = null;
        headIndex = i + 2;
        return tag;
    }

    /**
     * Whether an item is available, with sequentially consistent loads (see the idle handshake above).
     * Consumer side; may be called racily by a handler that has just released itself.
     */
    final boolean hasItem() {
        Chunk c = head;
        int i = headIndex;
        if (i >= CHUNK_SLOTS) {
            c = c.next;
            if (c == null) {
                return false;
            }
            i = 0;
        }
        return SLOT.getVolatile(c.slots, i) != null;
    }
}
