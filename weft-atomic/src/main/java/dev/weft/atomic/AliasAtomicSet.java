package dev.weft.atomic;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Merges another object's atomic set into one that is already held (AJ's {@code a = this.b} and
 * {@code unitfor}).
 *
 * <p><b>On a field</b> of a class with an atomic set: the object stored in the field joins this object's
 * set. Both are then guarded together — a unit of work of this object may call the field's units of work
 * without taking another lock, and other threads' calls on the field's object exclude this object's units
 * of work. Store objects made for the field (typically {@code new} in the constructor): an object that
 * already shares another object's set cannot move to a second one ({@link IllegalStateException}).
 *
 * <pre>{@code
 * @AtomicSet("pair")
 * final class PairCounter {
 *     @Atomic("pair") private int diff;
 *     @AliasAtomicSet("pair") private final Counter low = new Counter();
 *     @AliasAtomicSet("pair") private final Counter high = new Counter();
 *
 *     void incHigh() { high.inc(); diff = high.get() - low.get(); }      // one lock, atomic as a whole
 * }
 * }</pre>
 *
 * <p><b>On a parameter</b>: the method is also a unit of work for the argument's set. A unit of work that
 * covers several sets (its own and its parameters') takes their locks in one global order, so units of work
 * never deadlock against each other, whatever the order of the arguments and even when two arguments are
 * the same object. A {@code null} argument contributes no lock. Inside the method the parameter's atomic
 * fields may be read and written directly; it must not be reassigned.
 *
 * <pre>{@code
 * static void transfer(@AliasAtomicSet Account from, @AliasAtomicSet Account to, long amount) {
 *     from.withdraw(amount);                     // both locks are held: no interleaving in between
 *     to.deposit(amount);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.PARAMETER})
public @interface AliasAtomicSet {
    /**
     * On a field, this class's set that the field's object joins; on a parameter, the argument's set.
     * Empty for the only set there is.
     */
    String value() default "";
}
