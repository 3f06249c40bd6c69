package org.mywiki.index;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.LongAdder;

/** Builds the full-text index of the wiki: each task indexes a list of pages into one shared concurrent map. */
public class IndexPages extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final List<Page> pages;
    private final Map<String, LongAdder> index;

    public IndexPages(List<Page> pages, Map<String, LongAdder> index) {
        this.pages = pages;
        this.index = index;
    }

    public IndexPages(List<Page> pages) {
        this(pages, new ConcurrentHashMap<>());
    }

    @Override
    protected void compute() {
        if (pages.size() <= 20) {
            for (Page p : pages) {
                for (String word : p.text().toLowerCase().split("\\W+")) {
                    if (!word.isEmpty()) {
                        index.computeIfAbsent(word, w -> new LongAdder()).increment();
                    }
                }
            }
            return;
        }
        int mid = pages.size() / 2;
        IndexPages first = new IndexPages(List.copyOf(pages.subList(0, mid)), index);   // expect: B2
        IndexPages second = new IndexPages(List.copyOf(pages.subList(mid, pages.size())), index);   // expect: B2
        invokeAll(first, second);
    }

    public Map<String, LongAdder> index() {
        return index;
    }
}
