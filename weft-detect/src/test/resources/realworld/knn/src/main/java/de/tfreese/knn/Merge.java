package de.tfreese.knn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Combines the partial answers of the subtasks. */
final class Merge {
    private Merge() {
    }

    /** The k nearest of two candidate lists. */
    static List<Neighbor> nearest(List<Neighbor> a, List<Neighbor> b, int k) {
        List<Neighbor> all = new ArrayList<>(a);   // expect: B3
        all.addAll(b);   // expect: B3
        Collections.sort(all);
        return all.size() <= k ? all : all.subList(0, k);
    }

    /** The most common label among neighbours: a plain count, no copy. */
    static String vote(List<Neighbor> neighbors) {
        java.util.Map<String, Integer> counts = new java.util.HashMap<>();
        String best = null;
        for (Neighbor n : neighbors) {
            int c = counts.merge(n.label, 1, Integer::sum);
            if (best == null || c > counts.get(best)) {
                best = n.label;
            }
        }
        return best;
    }
}
