package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The lifeline graph: low degree, and every member reaches every other in a few hops, for any size. */
class LifelinesTest {
    @Test
    void degreeIsLogAndEveryMemberIsReachedInLogHops() {
        for (int p = 1; p <= 130; p++) {
            List<UUID> members = new ArrayList<>();
            for (int i = 0; i < p; i++) {
                members.add(new UUID(1, i));
            }
            int log = 32 - Integer.numberOfLeadingZeros(Math.max(1, p - 1)); // ceil(log2 p)
            for (UUID m : members) {
                List<UUID> l = Lifelines.of(members, m);
                assertFalse(l.contains(m), "a member is not its own lifeline");
                assertEquals(l.size(), l.stream().distinct().count(), "no duplicates");
                assertTrue(l.size() <= log, p + " members: degree " + l.size() + " > " + log);
                // breadth first along lifelines
                Map<UUID, Integer> hops = new HashMap<>();
                hops.put(m, 0);
                ArrayDeque<UUID> q = new ArrayDeque<>(List.of(m));
                while (!q.isEmpty()) {
                    UUID x = q.poll();
                    for (UUID y : Lifelines.of(members, x)) {
                        if (hops.putIfAbsent(y, hops.get(x) + 1) == null) {
                            q.add(y);
                        }
                    }
                }
                assertEquals(p, hops.size(), p + " members: not all reachable from " + m);
                assertTrue(hops.values().stream().mapToInt(Integer::intValue).max().orElse(0) <= Math.max(log, 0),
                        p + " members: more than " + log + " hops");
            }
        }
        assertTrue(Lifelines.of(List.of(new UUID(1, 1)), new UUID(9, 9)).isEmpty(), "not a member: no lifelines");
    }
}
