package org.jadira.bindings.convert;

/** Converts one value from its string form. */
public interface Converter<T> {
    T fromString(String s);
}
