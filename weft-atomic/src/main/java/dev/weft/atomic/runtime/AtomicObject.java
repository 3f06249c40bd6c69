package dev.weft.atomic.runtime;

/**
 * Implemented by the weaver on the topmost class of each hierarchy with an atomic set: how other woven
 * code reaches an object's set. Not for user code.
 */
public interface AtomicObject {
    /** The lock of this object's atomic set. */
    OrderedLock $weft$lock();

    /**
     * Moves this object, and the objects aliased into it that share its lock, from lock {@code from} to
     * lock {@code to}; does nothing if this object's lock is not {@code from}.
     */
    void $weft$relock(OrderedLock from, OrderedLock to);
}
