package com.example.config;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RecursiveAction;

/** Resolves property keys against layered sources; big key sets are resolved in two halves. */
public class ConfigTree extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final String[] keys;
    private final Map<String, String> sources;
    private final Map<String, String> resolved;

    public ConfigTree(String[] keys, Map<String, String> sources, Map<String, String> resolved) {
        this.keys = keys;
        this.sources = sources;
        this.resolved = resolved;
    }

    public ConfigTree(String[] keys, Map<String, String> sources) {
        this(keys, sources, new ConcurrentHashMap<>());
    }

    @Override
    protected void compute() {
        if (keys.length <= 16) {
            for (String k : keys) {
                resolved.put(k, sources.getOrDefault(k, ""));
            }
            return;
        }
        ConfigTree first = new ConfigTree(Splitter.head(keys), sources, resolved);   // expect: B2
        ConfigTree second = new ConfigTree(Splitter.tail(keys), sources, resolved);   // expect: B2
        invokeAll(first, second);
    }

    public Map<String, String> resolved() {
        return resolved;
    }
}
