package io.conflate.merge;

import dev.weft.Weft;
import dev.weft.WeftPool;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Conflates a batch of updates to the newest record per key, on Weft. */
public final class Conflater {
    private Conflater() {
    }

    static Map<String, Record> conflate(List<Record> updates, int from, int to) {
        if (to - from <= 512) {
            Map<String, Record> newest = new HashMap<>();
            for (int i = from; i < to; i++) {
                Record r = updates.get(i);
                newest.merge(r.key(), r, (a, b) -> a.version() >= b.version() ? a : b);
            }
            return newest;
        }
        int mid = (from + to) >>> 1;
        return Weft.join(() -> conflate(updates, from, mid), () -> conflate(updates, mid, to), (left, right) -> {
            Map<String, Record> merged = new HashMap<>(left);   // expect: B3
            for (Record r : right.values()) {   // expect: B3
                merged.merge(r.key(), r, (a, b) -> a.version() >= b.version() ? a : b);
            }
            return merged;
        });
    }

    /** Sums the distinct keys of each chunk (an upper bound of the distinct keys): counts are only added. */
    static int distinctPerChunk(List<Record> updates, int from, int to) {
        if (to - from <= 512) {
            return (int) updates.subList(from, to).stream().map(Record::key).distinct().count();
        }
        int mid = (from + to) >>> 1;
        return Weft.joinInt(() -> distinctPerChunk(updates, from, mid), () -> distinctPerChunk(updates, mid, to), Integer::sum);
    }

    public static Map<String, Record> run(List<Record> updates) {
        try (WeftPool pool = new WeftPool()) {
            return pool.invoke(() -> conflate(updates, 0, updates.size()));
        }
    }
}
