package b1;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/** Crawls a site graph; each page's children go back to the pool instead of being forked. */
public class LinkCrawler extends RecursiveAction {
    private final Site site;
    private final String page;
    private final int depth;

    LinkCrawler(Site site, String page, int depth) {
        this.site = site;
        this.page = page;
        this.depth = depth;
    }

    @Override
    protected void compute() {
        if (depth == 0 || !site.visit(page)) {
            return;
        }
        for (String link : site.links(page)) {
            getPool().execute(new LinkCrawler(site, link, depth - 1));   // note: B1
        }
    }

    /** Counting words of a page: the common pool is used as if it were a job queue. */
    static final class WordCount extends RecursiveTask<Integer> {
        private final List<String> pages;

        WordCount(List<String> pages) {
            this.pages = pages;
        }

        @Override
        protected Integer compute() {
            if (pages.size() == 1) {
                return pages.get(0).split(" ").length;
            }
            List<ForkJoinTask<Integer>> parts = new ArrayList<>();
            for (String p : pages) {
                parts.add(ForkJoinPool.commonPool().submit(new WordCount(List.of(p))));   // expect: B1
            }
            int total = 0;
            for (ForkJoinTask<Integer> part : parts) {
                total += part.join();
            }
            return total;
        }
    }

    /** Starting the crawl from outside any task is how a pool is meant to be used. */
    public static void main(String[] args) {
        Site site = new Site();
        ForkJoinPool pool = new ForkJoinPool(4);
        pool.invoke(new LinkCrawler(site, "/", 3));
        int words = pool.invoke(new WordCount(List.of("a b", "c")));
        pool.submit(() -> System.out.println(words));
        pool.shutdown();
    }

    static final class Site {
        private final java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();

        boolean visit(String page) {
            return seen.add(page);
        }

        List<String> links(String page) {
            return page.length() > 8 ? List.of() : List.of(page + "a/", page + "b/");
        }
    }
}
