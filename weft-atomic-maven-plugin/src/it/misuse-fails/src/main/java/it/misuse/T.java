package it.misuse;

import dev.weft.atomic.Atomic;
import dev.weft.atomic.AtomicSet;

/** Reads a field of its atomic set from a static method: outside any unit of work, so the weaver refuses it. */
@AtomicSet("a")
public class T {
    @Atomic int v;

    static int peek(T t) {
        return t.v;
    }
}
