package dev.weft.atomic.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The runtime woven code calls: lock order, alias bookkeeping, the unwoven checks. */
class RuntimeTest {
    /** What the weaver generates for a class with one alias field, written by hand. */
    static final class Node implements AtomicObject {
        OrderedLock lock = new OrderedLock();
        Node child;

        @Override
        public OrderedLock $weft$lock() {
            return lock;
        }

        @Override
        public void $weft$relock(OrderedLock from, OrderedLock to) {
            if (lock != from) {
                return;
            }
            lock = to;
            Units.relock(child, from, to);
        }

        void setChild(Node c) {
            Units.share(this, lock, c);
            child = c;
        }
    }

    @Test
    void ordersAreUniqueAndFixedAlsoWhenDrawnConcurrently() {
        OrderedLock[] locks = new OrderedLock[10_000];
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new OrderedLock();
        }
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        IntStream.range(0, locks.length * 4).parallel().forEach(i -> seen.add(locks[i % locks.length].order()));
        assertEquals(locks.length, seen.size());
        for (OrderedLock l : locks) {
            assertEquals(l.order(), l.order());
            assertTrue(l.order() > 0);
        }
    }

    @Test
    void precedesAndSortedFollowTheOrder() {
        OrderedLock a = new OrderedLock();
        OrderedLock b = new OrderedLock();
        OrderedLock c = new OrderedLock();
        c.order();
        a.order();
        b.order();
        assertTrue(OrderedLock.precedes(c, a));
        assertFalse(OrderedLock.precedes(a, c));
        assertFalse(OrderedLock.precedes(a, a));
        assertArrayEquals(new OrderedLock[] {c, a, b}, OrderedLock.sorted(new OrderedLock[] {b, c, a}));
        assertArrayEquals(new OrderedLock[] {c, a, a, b}, OrderedLock.sorted(new OrderedLock[] {a, b, a, c}));
    }

    @Test
    void sharingMovesAnObjectAndWhatItSharesIntoTheOwnersSet() {
        Node root = new Node();
        Node mid = new Node();
        Node leaf = new Node();
        mid.setChild(leaf);
        assertSame(mid.lock, leaf.lock);
        root.setChild(mid);
        assertSame(root.lock, mid.lock);
        assertSame(root.lock, leaf.lock, "an object aliased into mid moves with it");
        Node other = new Node();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> other.setChild(mid));
        assertTrue(e.getMessage().contains("already shares the atomic set"), e.getMessage());
        assertSame(root.lock, mid.lock, "a refused share changes nothing");
        root.setChild(null);
        root.setChild(mid); // the same set again: nothing to do
        assertSame(root.lock, mid.lock);
    }

    @Test
    void lockOfNullIsAFreshLock() {
        OrderedLock a = Units.lockOf(null);
        assertNotSame(a, Units.lockOf(null));
        Node n = new Node();
        assertSame(n.lock, Units.lockOf(n));
    }

    @Test
    void theGuardAndTheSubclassCheckNameTheClassAndTheFix() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Units.unwoven(String.class));
        assertTrue(e.getMessage().contains("java.lang.String uses atomic sets but was not woven")
                && e.getMessage().contains("./weft weave"), e.getMessage());
        assertThrows(NullPointerException.class, () -> Units.unwoven(null));
        // Node implements AtomicObject but carries no @Woven mark: as an unwoven class would.
        IllegalStateException s = assertThrows(IllegalStateException.class, () -> Units.checkWoven(Node.class));
        assertTrue(s.getMessage().contains(Node.class.getName()), s.getMessage());
        Units.checkWoven(Object.class); // not atomic: nothing to check
    }
}
