package server;

import java.util.Collections;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RecursiveAction;

/** Answers a batch of lookups in parallel through an LRU cache, counting hits per key prefix. */
public class RequestBatch extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    static final Map<String, String> CACHE = Collections.synchronizedMap(new LinkedHashMap<>(1024, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > 1024;
        }
    });
    static final Hashtable<String, Integer> HITS = new Hashtable<>();

    private final List<String> keys;
    private final String[] answers;
    private final int from;
    private final int to;

    public RequestBatch(List<String> keys, String[] answers, int from, int to) {
        this.keys = keys;
        this.answers = answers;
        this.from = from;
        this.to = to;
    }

    static String load(String key) {
        return new StringBuilder(key).reverse().toString();
    }

    @Override
    protected void compute() {
        if (to - from <= 32) {
            for (int i = from; i < to; i++) {
                String key = keys.get(i);
                String v = CACHE.get(key);   // expect: B5
                if (v == null) {
                    v = load(key);
                    CACHE.put(key, v);   // the same lock as line 45: one finding for CACHE in this body
                } else {
                    HITS.merge(key.substring(0, Math.min(3, key.length())), 1, Integer::sum);   // expect: B5
                }
                answers[i] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        invokeAll(new RequestBatch(keys, answers, from, mid), new RequestBatch(keys, answers, mid, to));
    }
}
