package dev.weft.bench.atomic;

import java.util.Arrays;
import java.util.Map;

/**
 * What a lusearch run produced: each query's digest of its top hits, the totals and histogram, the hits
 * per query term and the hottest term, and the cache's traffic.
 */
record LuResult(long[] digests, long totalHits, long zeroHit, long[] byKind, long[] histogram,
                Map<String, Long> termHits, String hottest, long hottestHits, long cacheLookups) {
    @Override
    public boolean equals(Object o) {
        return o instanceof LuResult r && Arrays.equals(digests, r.digests) && totalHits == r.totalHits
                && zeroHit == r.zeroHit && Arrays.equals(byKind, r.byKind) && Arrays.equals(histogram, r.histogram)
                && termHits.equals(r.termHits) && hottest.equals(r.hottest) && hottestHits == r.hottestHits
                && cacheLookups == r.cacheLookups;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(digests);
    }

    @Override
    public String toString() {
        return "lusearch(" + digests.length + " queries, " + totalHits + " hits, hottest " + hottest + "=" + hottestHits
                + ", " + termHits.size() + " terms, " + cacheLookups + " lookups)";
    }

    /** The bucket of a hit count in the histogram: 0, 1, 2-3, 4-7, ... */
    static int bucket(long hits) {
        return hits == 0 ? 0 : Math.min(15, 64 - Long.numberOfLeadingZeros(hits));
    }
}
