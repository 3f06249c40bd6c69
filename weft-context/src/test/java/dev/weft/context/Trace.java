package dev.weft.context;

import java.util.function.Supplier;

/** One tracing library as the tests see it: a trace id set around a call, and the id current now. */
interface Trace {
    /** Runs {@code body} with {@code id} as the current trace id; null: with none set. */
    <T> T within(String id, Supplier<T> body);

    /** The current trace id, or null. */
    String current();
}
