package net.crawler;

import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Visits a page and crawls its links, each in a task of its own on the crawler's pool, politely. */
public class CrawlTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final Web web;
    private final String url;
    private final int depth;
    private final Set<String> visited;
    private final ForkJoinPool pool;

    public CrawlTask(Web web, String url, int depth, Set<String> visited, ForkJoinPool pool) {
        this.web = web;
        this.url = url;
        this.depth = depth;
        this.visited = visited;
        this.pool = pool;
    }

    @Override
    protected void compute() {
        if (depth == 0 || !visited.add(url)) {
            return;
        }
        try {
            Thread.sleep(web.politenessMillis());   // expect: B6
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        for (String link : web.links(url)) {
            pool.submit(new CrawlTask(web, link, depth - 1, visited, pool));   // expect: B1
        }
    }

    public static Set<String> crawl(Web web, String start, int depth) {
        Set<String> visited = java.util.concurrent.ConcurrentHashMap.newKeySet();
        ForkJoinPool pool = new ForkJoinPool(8);
        pool.invoke(new CrawlTask(web, start, depth, visited, pool));
        pool.awaitQuiescence(1, java.util.concurrent.TimeUnit.MINUTES);
        pool.shutdown();
        return visited;
    }
}
