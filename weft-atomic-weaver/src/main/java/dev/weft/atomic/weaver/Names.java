package dev.weft.atomic.weaver;

/** Descriptors and the names of what the weaver generates: one place for the translation's vocabulary. */
final class Names {
    private Names() {
    }

    static final String ATOMIC_SET = "Ldev/weft/atomic/AtomicSet;";
    static final String ATOMIC = "Ldev/weft/atomic/Atomic;";
    static final String ALIAS = "Ldev/weft/atomic/AliasAtomicSet;";
    static final String WOVEN = "Ldev/weft/atomic/runtime/Woven;";

    static final String LOCK = "dev/weft/atomic/runtime/OrderedLock";
    static final String LOCK_DESC = "L" + LOCK + ";";
    static final String ATOMIC_OBJECT = "dev/weft/atomic/runtime/AtomicObject";
    static final String UNITS = "dev/weft/atomic/runtime/Units";
    static final String WEFT = "dev/weft/Weft";

    /** The lock field of the topmost class of an atomic hierarchy, and its public accessor. */
    static final String LOCK_FIELD = "$weft$lock";
    /** Suffix of the unlocked internal version of a unit of work (AJ's {@code _internal}). */
    static final String UNLOCKED = "$weft$unlocked";
    static final String RELOCK = "$weft$relock";
    static final String RELOCK_DESC = "(" + LOCK_DESC + LOCK_DESC + ")V";
    static final String RELOCK_FIELDS = "$weft$relockFields";
    /** Prefix of the static helper that stores an {@code @AliasAtomicSet} field. */
    static final String ALIAS_SETTER = "$weft$alias$";

    /** The guard the processor puts first in a static initializer: {@code Units.unwoven(ThisClass.class)}. */
    static final String GUARD_NAME = "unwoven";
    static final String GUARD_DESC = "(Ljava/lang/Class;)V";

    static String internalName(String unit) {
        return unit + UNLOCKED;
    }

    static String javaName(String internal) {
        return internal.replace('/', '.');
    }
}
