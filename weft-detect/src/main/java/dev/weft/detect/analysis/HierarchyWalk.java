package dev.weft.detect.analysis;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * A breadth-first walk up a type hierarchy that visits each type once; the caller decides which supertypes of
 * a visited type to {@link #follow}.
 */
final class HierarchyWalk {
    private final Deque<String> work = new ArrayDeque<>();
    private final Set<String> seen = new HashSet<>();

    HierarchyWalk(String start) {
        work.add(start);
    }

    /** The next type not visited yet, or null when the walk is over. */
    String next() {
        while (!work.isEmpty()) {
            String t = work.poll();
            if (t != null && seen.add(t)) {
                return t;
            }
        }
        return null;
    }

    void follow(Collection<String> supertypes) {
        work.addAll(supertypes);
    }
}
