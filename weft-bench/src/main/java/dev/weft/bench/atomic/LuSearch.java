package dev.weft.bench.atomic;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;

/**
 * lusearch-style (DaCapo's lusearch, the thesis' lusearch-fix): many queries against an in-memory Apache
 * Lucene index; each query's top ten hits are read (their stored titles, through a shared cache) and
 * recorded in shared objects — a query log with totals and a histogram, term statistics with the hottest
 * term, the title cache's counters.
 */
public final class LuSearch extends AtomicProgram {
    @Override
    public String name() {
        return "lusearch";
    }

    @Override
    public String description() {
        return "Lucene queries (term, and, or, phrase, prefix) on an in-memory index; shared result and statistics objects";
    }

    @Override
    public Workload create(boolean quick) {
        return quick ? new Run(12_000, 4_000) : new Run(50_000, 16_000);
    }

    static final class Run extends AtomicWorkload {
        final LuCorpus corpus;

        Run(int documents, int queries) {
            corpus = new LuCorpus(documents, queries, 20261124L);
        }

        @Override
        public String label() {
            return "lusearch(" + Checks.count(corpus.documents) + " docs, " + Checks.count(corpus.queries.length) + " queries)";
        }

        /** One query: search, read the top hits' titles through the shared cache, record. */
        static void query(IndexSearcher searcher, LuCorpus.Q[] queries, int i, LuSinks sinks) {
            LuCorpus.Q q = queries[i];
            try {
                TopDocs top = searcher.search(q.query(), 10);
                StoredFields stored = searcher.storedFields();
                long digest = i;
                for (ScoreDoc sd : top.scoreDocs) {
                    String title = sinks.cachedTitle(sd.doc);
                    if (title == null) {
                        title = stored.document(sd.doc).get("title");
                        sinks.cacheTitle(sd.doc, title);
                    }
                    digest = digest * 1_000_003L + title.hashCode();
                }
                long hits = top.totalHits.value();
                sinks.record(i, q.kind(), hits, digest);
                sinks.countTerms(q.terms(), hits);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        Object serial() {
            LuSinks s = new LuSearchPlain.Sinks(corpus.queries.length);
            for (int i = 0; i < corpus.queries.length; i++) {
                query(corpus.searcher, corpus.queries, i, s);
            }
            return s.result();
        }

        @Override
        Object threads(ExecutorService pool, int workers) throws Exception {
            LuSinks s = new LuSearchSync.Sinks(corpus.queries.length);
            List<Callable<Void>> tasks = new ArrayList<>(corpus.queries.length);
            for (int i = 0; i < corpus.queries.length; i++) {
                int q = i;
                tasks.add(() -> {
                    query(corpus.searcher, corpus.queries, q, s);
                    return null;
                });
            }
            invokeAll(pool, tasks);
            return s.result();
        }

        @Override
        Object weftLocks(WeftPool pool) {
            LuSinks s = new LuSearchSync.Sinks(corpus.queries.length);
            pool.run(() -> Weft.parallelFor(0, corpus.queries.length, i -> query(corpus.searcher, corpus.queries, i, s)));
            return s.result();
        }

        @Override
        Object weftAtomic(WeftPool pool) {
            LuSinks s = new LuSearchAtomic.Sinks(corpus.queries.length);
            pool.run(() -> Weft.parallelFor(0, corpus.queries.length, i -> query(corpus.searcher, corpus.queries, i, s)));
            return s.result();
        }

        @Override
        public void check(Object result, Object baselineResult) {
            LuResult r = (LuResult) result;
            int n = corpus.queries.length;
            long hist = 0;
            for (long b : r.histogram()) {
                hist += b;
            }
            Checks.equal((long) n, hist);
            long kinds = 0;
            for (long k : r.byKind()) {
                kinds += k;
            }
            Checks.equal((long) n, kinds);
            Checks.that(r.hottestHits() == r.termHits().getOrDefault(r.hottest(), -1L), "hottest term's count");
            for (long v : r.termHits().values()) {
                Checks.that(v <= r.hottestHits(), "a term hotter than the hottest");
            }
            // Independent: re-run a sample of queries alone and compare their digests.
            SplittableRandom rnd = new SplittableRandom(n);
            LuSinks alone = new LuSearchPlain.Sinks(n);
            for (int k = 0; k < 24; k++) {
                int i = rnd.nextInt(n);
                query(corpus.searcher, corpus.queries, i, alone);
                Checks.that(alone.result().digests()[i] == r.digests()[i], "query " + i + "'s top hits");
            }
            Checks.equal(baselineResult, result);
        }

        @Override
        public long operations() {
            return corpus.queries.length;
        }

        @Override
        public void close() {
            super.close();
            try {
                corpus.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
