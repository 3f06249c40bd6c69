package dev.weft.atomic.runtime;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class the weaver has rewritten. Weaving skips marked classes (it is idempotent), and a woven
 * atomic class refuses to construct an instance of a subclass that lacks the mark.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Woven {
    /** Version of the translation that produced the class. */
    int value() default 1;
}
