package dev.weft.atomic.runtime;

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
        if (to.owner == null) {
            to.owner = self;
        }
        t.$weft$relock(from, to);
    }

    /** Moves an aliased field's object along with its owner ({@link AtomicObject#$weft$relock}). */
    public static void relock(Object child, OrderedLock from, OrderedLock to) {
        if (child != null) {
            ((AtomicObject) child).$weft$relock(from, to);
        }
    }

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
