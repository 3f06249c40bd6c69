package dev.weft.atomic.runtime;

import java.util.ArrayDeque;
import java.util.Objects;

/**
 * Static helpers that woven code calls. Not for user code.
 */
public final class Units {
    private Units() {
    }

    /** Translation version the weaver writes into {@link Woven}. */
    public static final int VERSION = 1;

    private static final ClassValue<String> UNWOVEN_ANCESTRY = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                if (c.getDeclaredAnnotation(Woven.class) != null) {
                    continue;
                }
                if (AtomicObject.class.isAssignableFrom(c)) {
                    return c.getName();
                }
                return null; // above the atomic hierarchy
            }
            return null;
        }
    };

    /**
     * The lock of an argument of a unit of work for its set ({@link dev.weft.atomic.AliasAtomicSet} on a
     * parameter); for {@code null}, a fresh lock nobody else holds, so that the unit runs as if the
     * argument named no set.
     */
    public static OrderedLock lockOf(Object target) {
        return target == null ? new OrderedLock() : ((AtomicObject) target).$weft$lock();
    }

    /**
     * Called before {@code self} stores {@code target} in an {@link dev.weft.atomic.AliasAtomicSet} field:
     * {@code target} (with whatever shares its lock) joins {@code self}'s set, whose lock is {@code to}.
     *
     * @throws IllegalStateException if {@code target} already shares the set of another object
     */
    public static void share(Object self, OrderedLock to, Object target) {
        if (target == null) {
            return;
        }
        AtomicObject t = (AtomicObject) target;
        OrderedLock from = t.$weft$lock();
        if (from == to) {
            return;
        }
        Object fromOwner = from.owner;
        if (fromOwner != null && fromOwner != target) {
            throw new IllegalStateException("a " + target.getClass().getName()
                    + " that already shares the atomic set of a " + fromOwner.getClass().getName()
                    + " cannot join the set of a " + self.getClass().getName()
                    + "; an @AliasAtomicSet field takes objects made for it");
        }
        checkMovable(from, target, self);
        if (to.owner == null) {
            to.owner = self;
        }
        t.$weft$relock(from, to);
    }

    /**
     * Called before {@code self} stores {@code target} in a recursive {@link dev.weft.atomic.AliasAtomicSet}
     * field (one whose type is in {@code self}'s own set hierarchy: a list node's {@code next}), whose set's
     * lock is {@code to}. As {@link #share}, unless {@code target} already lies in another object's set — a
     * node of a list: then {@code self}, with what its alias fields hold, joins that set instead, so a node
     * linked in front of a list's nodes is born in the list's set (AJ's nodes, whose set is their list's).
     *
     * @throws IllegalStateException if {@code self} itself already shares a third object's set
     */
    public static void link(Object self, OrderedLock to, Object target) {
        if (target == null) {
            return;
        }
        OrderedLock from = ((AtomicObject) target).$weft$lock();
        Object fromOwner = from.owner;
        if (from != to && fromOwner == target) {
            Object toOwner = to.owner;
            if ((toOwner == null || toOwner == self) && !to.joinedByLink) {
                // target heads a structure of its own (a chain built by prepending): self, with what its alias
                // fields hold, joins that set and heads it, instead of the whole structure moving into self's
                // set. Prepending a node then costs what the new node holds, not the chain's length (moving the
                // chain made building one of n nodes cost n^2 / 2 relocks).
                from.owner = self;
                ((AtomicObject) self).$weft$relock(to, from);
                return;
            }
        }
        if (from == to || fromOwner == null || fromOwner == target) {
            share(self, to, target);
            return;
        }
        Object toOwner = to.owner;
        if (toOwner != null && toOwner != self) {
            throw new IllegalStateException("a " + self.getClass().getName() + " that already shares the atomic set"
                    + " of a " + toOwner.getClass().getName() + " cannot link to a " + target.getClass().getName()
                    + " in the set of a " + fromOwner.getClass().getName());
        }
        checkMovable(to, self, fromOwner);
        // Objects born into a set this way are not reachable from its owner through alias fields until they
        // are linked in, so the set can no longer move as a whole (checkMovable).
        from.joinedByLink = true;
        ((AtomicObject) self).$weft$relock(to, from);
    }

    /**
     * A set moves by following alias fields from the object that moves; objects that joined it through
     * {@link #link} may not be reachable that way, so such a set stays where it is.
     */
    private static void checkMovable(OrderedLock lock, Object moving, Object into) {
        if (lock.joinedByLink) {
            throw new IllegalStateException("the atomic set of a " + moving.getClass().getName() + " cannot join the"
                    + " set of a " + into.getClass().getName() + ": nodes were linked into it, and a set moves only"
                    + " along alias fields; link the structure into its owner before adding nodes");
        }
    }

    /**
     * Moves an aliased field's object along with its owner ({@link AtomicObject#$weft$relock}). The woven
     * {@code $weft$relock} of an object calls this for each of its alias fields, so following them by plain
     * recursion would take a few frames per object: a chain of 10^5 nodes moving into a list overflowed the
     * stack. The first call on a thread runs the move; calls made while it runs only queue their object, and
     * the first call moves the queued ones in a loop. The order does not matter: an object moves only if it
     * still has the old lock, which also ends cycles.
     */
    public static void relock(Object child, OrderedLock from, OrderedLock to) {
        if (child == null) {
            return;
        }
        Relocks r = RELOCKS.get();
        if (r.running) {
            // Inside a move, from and to are the move's own: the woven relock passes its pair on unchanged.
            r.pending.push(child);
            return;
        }
        r.running = true;
        try {
            ((AtomicObject) child).$weft$relock(from, to);
            for (Object next; (next = r.pending.poll()) != null; ) {
                ((AtomicObject) next).$weft$relock(from, to);
            }
        } finally {
            r.running = false;
            r.pending.clear();
        }
    }

    /** This thread's move in progress ({@link #relock}): the objects it still has to move. */
    private static final class Relocks {
        boolean running;
        final ArrayDeque<Object> pending = new ArrayDeque<>();
    }

    private static final ThreadLocal<Relocks> RELOCKS = ThreadLocal.withInitial(Relocks::new);

    /**
     * Called by the constructor of a woven atomic class when the object is of a subclass: every class
     * between the two must be woven too, or its methods would touch the set's fields unlocked.
     *
     * @throws IllegalStateException naming the first unwoven class
     */
    public static void checkWoven(Class<?> type) {
        String unwoven = UNWOVEN_ANCESTRY.get(type);
        if (unwoven != null) {
            throw new IllegalStateException(unwovenMessage(unwoven, "extends a class with an atomic set"));
        }
    }

    /**
     * The guard the annotation processor puts in the static initializer of every class that uses atomic
     * sets; the weaver removes it. Runs only in a class that was compiled but never woven.
     *
     * @throws IllegalStateException always
     */
    public static void unwoven(Class<?> type) {
        Objects.requireNonNull(type, "type");
        throw new IllegalStateException(unwovenMessage(type.getName(), "uses atomic sets"));
    }

    private static String unwovenMessage(String type, String why) {
        return "class " + type + " " + why + " but was not woven, so its units of work would run unlocked:"
                + " weave the compiled classes (weft-atomic-maven-plugin's 'weave' goal in process-classes,"
                + " or ./weft weave DIR|JAR)";
    }
}
