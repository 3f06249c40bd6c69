package dev.weft.atomic;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Puts an instance field in an atomic set of its class (declared with {@link AtomicSet} on the class or
 * a superclass). Its reads and writes must happen in units of work of its object: methods of the class
 * on {@code this}, or methods that name the object with an {@link AliasAtomicSet} parameter; any other
 * access is a compile-time error.
 *
 * <pre>{@code
 * @AtomicSet("stats")
 * final class Stats {
 *     @Atomic("stats") private long queries;
 *     @Atomic("stats") private long hits;
 *     private final String name;                 // final: needs no set
 *
 *     void record(int n) { queries++; hits += n; }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
public @interface Atomic {
    /** The set's name; empty for the class's only set. */
    String value() default "";
}
