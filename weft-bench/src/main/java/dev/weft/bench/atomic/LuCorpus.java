package dev.weft.bench.atomic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The lusearch-style input: an in-memory Lucene index over generated documents (a Zipf-distributed
 * vocabulary of pronounceable words, titles and bodies), and a list of queries of five kinds, built once
 * (untimed). Nothing is read from disk or the network.
 */
final class LuCorpus implements AutoCloseable {
    static final String[] KINDS = {"term", "and", "or", "phrase", "prefix"};
    private static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "ru", "sa", "te", "vo", "zi", "bra", "cle",
        "dro", "fu", "gri", "pla", "sto", "tri", "qua", "ben", "dal", "fen", "gor", "hul", "jin", "kes", "lim",
        "mor", "nax", "pel", "rin", "sol", "tam", "ur", "vex", "wo", "yal"};

    /** One query: its kind, the words it names (for the term statistics) and the Lucene query. */
    record Q(int kind, String[] terms, Query query) {
    }

    final String[] vocabulary;
    final int documents;
    final Q[] queries;
    private final ByteBuffersDirectory dir = new ByteBuffersDirectory();
    final DirectoryReader reader;
    /** Thread-safe: every version's workers search with it. */
    final IndexSearcher searcher;

    LuCorpus(int documents, int queries, long seed) {
        this.documents = documents;
        SplittableRandom r = new SplittableRandom(seed);
        LinkedHashSet<String> words = new LinkedHashSet<>();
        while (words.size() < 12_000) {
            StringBuilder w = new StringBuilder();
            for (int k = 2 + r.nextInt(3); k > 0; k--) {
                w.append(SYLLABLES[r.nextInt(SYLLABLES.length)]);
            }
            words.add(w.toString());
        }
        vocabulary = words.toArray(new String[0]);
        double[] cumulative = new double[vocabulary.length];
        double sum = 0;
        for (int i = 0; i < cumulative.length; i++) {
            sum += 1.0 / Math.pow(i + 1, 1.05);
            cumulative[i] = sum;
        }
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
            for (int d = 0; d < documents; d++) {
                Document doc = new Document();
                doc.add(new StoredField("title", text(r, cumulative, sum, 4 + r.nextInt(4))));
                doc.add(new TextField("body", text(r, cumulative, sum, 80 + r.nextInt(120)), Field.Store.NO));
                w.addDocument(doc);
            }
            w.forceMerge(1); // one segment: the same hits in the same order for every version
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            reader = DirectoryReader.open(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        searcher = new IndexSearcher(reader);
        this.queries = new Q[queries];
        for (int q = 0; q < queries; q++) {
            this.queries[q] = query(r, q % KINDS.length);
        }
    }

    private String word(SplittableRandom r, double[] cumulative, double sum) {
        int i = Arrays.binarySearch(cumulative, r.nextDouble() * sum);
        return vocabulary[i >= 0 ? i : Math.min(-i - 1, vocabulary.length - 1)];
    }

    private String text(SplittableRandom r, double[] cumulative, double sum, int n) {
        StringBuilder sb = new StringBuilder(n * 8);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(word(r, cumulative, sum));
        }
        return sb.toString();
    }

    /** A word of middling frequency: rank 20 to 3000. */
    private String queryWord(SplittableRandom r) {
        return vocabulary[20 + (int) (Math.pow(r.nextDouble(), 2.0) * 2_980)];
    }

    private Q query(SplittableRandom r, int kind) {
        switch (kind) {
            case 0: {
                String a = queryWord(r);
                return new Q(kind, new String[] {a}, new TermQuery(new Term("body", a)));
            }
            case 1: {
                String a = vocabulary[20 + r.nextInt(300)];
                String b = queryWord(r);
                BooleanQuery.Builder bq = new BooleanQuery.Builder();
                bq.add(new TermQuery(new Term("body", a)), BooleanClause.Occur.MUST);
                bq.add(new TermQuery(new Term("body", b)), BooleanClause.Occur.MUST);
                return new Q(kind, new String[] {a, b}, bq.build());
            }
            case 2: {
                List<String> ts = new ArrayList<>();
                BooleanQuery.Builder bq = new BooleanQuery.Builder();
                for (int k = 0; k < 3; k++) {
                    String t = queryWord(r);
                    ts.add(t);
                    bq.add(new TermQuery(new Term("body", t)), BooleanClause.Occur.SHOULD);
                }
                return new Q(kind, ts.toArray(new String[0]), bq.build());
            }
            case 3: {
                String a = vocabulary[r.nextInt(40)];
                String b = vocabulary[r.nextInt(200)];
                return new Q(kind, new String[] {a, b}, new PhraseQuery("body", a, b));
            }
            default: {
                String w = queryWord(r);
                String prefix = w.substring(0, Math.min(w.length(), 5));
                return new Q(kind, new String[] {prefix + "*"}, new PrefixQuery(new Term("body", prefix)));
            }
        }
    }

    @Override
    public void close() throws IOException {
        reader.close();
        dir.close();
    }
}
