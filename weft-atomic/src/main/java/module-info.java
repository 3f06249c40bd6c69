/**
 * Data-centric atomic sets on Weft: annotate which fields must stay consistent together
 * ({@link dev.weft.atomic.AtomicSet}, {@link dev.weft.atomic.Atomic}, {@link dev.weft.atomic.AliasAtomicSet}),
 * and the weaver of {@code weft-atomic-weaver} derives the locking. {@code dev.weft.atomic.runtime} is what
 * woven classes call; user code does not call it.
 */
module dev.weft.atomic {
    requires transitive dev.weft.core;

    exports dev.weft.atomic;
    exports dev.weft.atomic.runtime;
}
