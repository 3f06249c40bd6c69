package dev.weft.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The lifeline graph (PROTOCOL.md, "Lifelines"): member i's lifelines are the members at distances 1, 2,
 * 4, ... after it in the member order, modulo the number of members — a hypercube-like circulant graph of
 * degree ⌈log₂ P⌉ in which every member reaches every other in at most ⌈log₂ P⌉ hops, for any P (X10 GLB
 * uses a hypercube of a chosen base; powers of two keep the degree low and need no parameter).
 */
final class Lifelines {
    private Lifelines() {
    }

    /** The lifelines of {@code self} among {@code members} (in member order; self excluded, no duplicates). */
    static List<UUID> of(List<UUID> members, UUID self) {
        int p = members.size();
        int i = members.indexOf(self);
        List<UUID> out = new ArrayList<>();
        if (i < 0) {
            return out;
        }
        for (long d = 1; d < p; d <<= 1) {
            UUID b = members.get((int) ((i + d) % p));
            if (!b.equals(self) && !out.contains(b)) {
                out.add(b);
            }
        }
        return out;
    }
}
