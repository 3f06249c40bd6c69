package org.cq4j.query;

/** A predicate of a collection query. */
public interface Filter<T> {
    boolean accept(T item);
}
