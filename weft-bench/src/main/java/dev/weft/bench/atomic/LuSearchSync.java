package dev.weft.bench.atomic;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * lusearch's shared objects with hand-written locks: every method of a shared class is
 * {@code synchronized}; the histogram is only used under its log's monitor.
 */
final class LuSearchSync {
    private LuSearchSync() {
    }

    static final class QueryLog {
        private final long[] digests;
        private long totalHits;
        private long zeroHit;
        private final long[] byKind = new long[LuCorpus.KINDS.length];
        private final HitHistogram histogram = new HitHistogram();   // guarded by this log's monitor

        QueryLog(int queries) {
            digests = new long[queries];
        }

        synchronized void record(int query, int kind, long hits, long digest) {
            digests[query] = digest;
            totalHits += hits;
            if (hits == 0) {
                zeroHit++;
            }
            byKind[kind]++;
            histogram.add(hits);
        }

        synchronized long[] digests() {
            return digests.clone();
        }

        synchronized long totalHits() {
            return totalHits;
        }

        synchronized long zeroHit() {
            return zeroHit;
        }

        synchronized long[] byKind() {
            return byKind.clone();
        }

        synchronized long[] histogram() {
            return histogram.buckets.clone();
        }
    }

    static final class HitHistogram {
        private final long[] buckets = new long[16];

        void add(long hits) {
            buckets[LuResult.bucket(hits)]++;
        }
    }

    static final class TermStats {
        private final Map<String, Long> hits = new HashMap<>();
        private String hottest = "";
        private long hottestHits = -1;

        synchronized void count(String[] terms, long n) {
            for (String t : terms) {
                long v = hits.merge(t, n, Long::sum);
                if (v > hottestHits || v == hottestHits && t.compareTo(hottest) < 0) {
                    hottest = t;
                    hottestHits = v;
                }
            }
        }

        synchronized Map<String, Long> snapshot() {
            return new TreeMap<>(hits);
        }

        synchronized String hottest() {
            return hottest;
        }

        synchronized long hottestHits() {
            return hottestHits;
        }
    }

    static final class TitleCache {
        static final int CAPACITY = 2_048;
        private final LinkedHashMap<Integer, String> titles = new LinkedHashMap<>(CAPACITY * 2, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, String> eldest) {
                return size() > CAPACITY;
            }
        };
        private long hits;
        private long misses;

        synchronized String lookup(int doc) {
            String t = titles.get(doc);
            if (t == null) {
                misses++;
            } else {
                hits++;
            }
            return t;
        }

        synchronized void put(int doc, String title) {
            titles.put(doc, title);
        }

        synchronized long lookups() {
            return hits + misses;
        }
    }

    static final class Sinks implements LuSinks {
        final QueryLog log;
        final TermStats terms = new TermStats();
        final TitleCache cache = new TitleCache();

        Sinks(int queries) {
            log = new QueryLog(queries);
        }

        @Override
        public String cachedTitle(int doc) {
            return cache.lookup(doc);
        }

        @Override
        public void cacheTitle(int doc, String title) {
            cache.put(doc, title);
        }

        @Override
        public void record(int query, int kind, long hits, long digest) {
            log.record(query, kind, hits, digest);
        }

        @Override
        public void countTerms(String[] ts, long hits) {
            terms.count(ts, hits);
        }

        @Override
        public LuResult result() {
            return new LuResult(log.digests(), log.totalHits(), log.zeroHit(), log.byKind(), log.histogram(),
                    terms.snapshot(), terms.hottest(), terms.hottestHits(), cache.lookups());
        }
    }
}
