package com.example.config;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.RecursiveAction;

/**
 * The legacy copy of the same class, kept in the repository beside the new one: same name, different code.
 * It splits index ranges, but funnels every result through one lock.
 */
public class ConfigTree extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final String[] keys;
    private final int from;
    private final int to;
    private final Map<String, String> sources;
    private final Map<String, String> cache;

    public ConfigTree(String[] keys, int from, int to, Map<String, String> sources, Map<String, String> cache) {
        this.keys = Splitter.head(keys);
        this.from = from;
        this.to = to;
        this.sources = sources;
        this.cache = cache;
    }

    public ConfigTree(String[] keys, Map<String, String> sources) {
        this(keys, 0, keys.length, sources, new HashMap<>());
    }

    @Override
    protected void compute() {
        if (to - from <= 16) {
            for (int i = from; i < to; i++) {
                String value = sources.getOrDefault(keys[i], "");
                synchronized (cache) {   // expect: B5
                    cache.put(keys[i], value);
                }
            }
            return;
        }
        int mid = Splitter.middle(from, to);
        invokeAll(new ConfigTree(keys, from, mid, sources, cache), new ConfigTree(keys, mid, to, sources, cache));
    }

    public Map<String, String> resolved() {
        return cache;
    }
}
