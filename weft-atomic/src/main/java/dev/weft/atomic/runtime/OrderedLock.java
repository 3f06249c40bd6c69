package dev.weft.atomic.runtime;

import java.io.Serial;
import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The lock of one atomic set instance: every object of the set (the object that declares it and the
 * objects aliased into it) refers to the same {@code OrderedLock}, and woven units of work hold its
 * monitor. A unit of work that needs several sets takes them in increasing {@link #order()}, one global
 * order, so units of work never deadlock against each other.
 *
 * <p>The order is drawn from a global counter the first time it is needed: most locks are only ever
 * taken alone and never pay for it.
 */
public final class OrderedLock implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private static final AtomicLong NEXT = new AtomicLong();
    private static final VarHandle ORDER;

    static {
        try {
            ORDER = MethodHandles.lookup().findVarHandle(OrderedLock.class, "order", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 0 until first needed; then fixed. A deserialized lock draws a new one. */
    private transient volatile long order;
    /**
     * The object whose own set this lock is, recorded when another object first joins it (see
     * {@link Units#share}); null while nobody shares it. Written while aliases are set up, before the
     * objects are published.
     */
    transient Object owner;
    /**
     * Whether an object joined this set through {@link Units#link} (born into a structure's set): such a
     * set can no longer move as a whole. Set inside the owner's units, after publication, hence volatile.
     */
    transient volatile boolean joinedByLink;

    /** Creates a lock; woven constructors call this. */
    public OrderedLock() {
    }

    /** This lock's position in the global acquisition order (unique, positive). */
    public long order() {
        long o = order;
        return o != 0L ? o : assignOrder();
    }

    private long assignOrder() {
        long mine = NEXT.incrementAndGet();
        // Whoever sets it first wins; a loser's number is simply never used.
        return ORDER.compareAndSet(this, 0L, mine) ? mine : order;
    }

    /** Whether {@code a} must be taken before {@code b} (false when they are the same lock). */
    public static boolean precedes(OrderedLock a, OrderedLock b) {
        return a != b && a.order() < b.order();
    }

    /** Sorts {@code locks} in place into acquisition order and returns it (units of three or more sets). */
    public static OrderedLock[] sorted(OrderedLock[] locks) {
        for (int i = 1; i < locks.length; i++) {
            OrderedLock x = locks[i];
            long ox = x.order();
            int j = i - 1;
            while (j >= 0 && locks[j].order() > ox) {
                locks[j + 1] = locks[j];
                j--;
            }
            locks[j + 1] = x;
        }
        return locks;
    }

    @Override
    public String toString() {
        return "OrderedLock#" + order;
    }
}
