package dev.weft.atomic;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares an atomic set on a class: a group of fields that must stay consistent together. Put fields in
 * it with {@link Atomic}; if no field of the class is annotated, the class's whole state is in the set —
 * every instance field it declares except final primitives and Strings (a final reference to an array or
 * a collection is in: its contents are state) and {@link AliasAtomicSet} fields. One annotation then
 * stands for a class whose every method would otherwise be {@code synchronized}.
 *
 * <p>Every method of the class that reads or writes a field of the set — directly, or by calling another
 * such method on {@code this} — is a <em>unit of work</em>: it runs atomically with respect to the set.
 * No other unit of work on the same set interleaves with it, and calls it makes to other methods of the
 * object are part of it. Subclasses share the set; a method that overrides a unit of work is one too.
 * Inside a unit of work the Weft worker keeps its forks to itself ({@code Weft.pauseStealing}), so
 * parallel constructs used there run serially and never wait for a thief.
 *
 * <pre>{@code
 * @AtomicSet("account")
 * final class Account {
 *     @Atomic("account") private long balance;
 *     @Atomic("account") private int transactions;
 *
 *     void deposit(long amount) { balance += amount; transactions++; }   // a unit of work
 *     long balance() { return balance; }                                  // a unit of work
 * }
 * }</pre>
 *
 * <p>One set per class hierarchy is supported (as in AJ and AJWS): naming more than one set, or a
 * different set in a subclass, is a compile-time error. The class must be woven (the Maven plugin
 * {@code weft-atomic-maven-plugin}, or {@code ./weft weave}); a class compiled with the annotation
 * processor but not woven throws at first use instead of running unlocked.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface AtomicSet {
    /** The set's name (exactly one). */
    String[] value();
}
