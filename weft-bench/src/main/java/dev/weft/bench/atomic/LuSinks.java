package dev.weft.bench.atomic;

/**
 * The shared objects every query writes to, in one version or another: the query log (per-query
 * results, totals, a histogram of hit counts), the term statistics and the cache of stored titles. The
 * search code is written once against this interface; the versions differ only in concurrency control.
 */
interface LuSinks {
    /** The title of document {@code doc} if the shared cache has it, else null. */
    String cachedTitle(int doc);

    void cacheTitle(int doc, String title);

    void record(int query, int kind, long hits, long digest);

    void countTerms(String[] terms, long hits);

    LuResult result();
}
