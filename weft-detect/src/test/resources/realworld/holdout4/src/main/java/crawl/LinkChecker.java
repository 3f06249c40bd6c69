package crawl;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** Finds broken links, following links to a given depth; at most a few fetches run at once. */
public class LinkChecker extends RecursiveTask<List<String>> {
    private static final long serialVersionUID = 1L;

    private final Site site;
    private final String url;
    private final int depth;
    private final Semaphore fetches;

    public LinkChecker(Site site, String url, int depth, Semaphore fetches) {
        this.site = site;
        this.url = url;
        this.depth = depth;
        this.fetches = fetches;
    }

    private List<String> fetchLinks() throws InterruptedException {
        long backoff = 10;
        for (int attempt = 0; attempt < 3; attempt++) {
            fetches.acquireUninterruptibly();   // expect: B5
            try {
                return site.links(url);
            } catch (Exception e) {
                TimeUnit.MILLISECONDS.sleep(backoff);   // expect: B6
                backoff *= 2;
            } finally {
                fetches.release();
            }
        }
        return List.of();
    }

    @Override
    protected List<String> compute() {
        List<String> broken = new ArrayList<>();
        List<String> links;
        try {
            links = fetchLinks();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return broken;
        }
        List<LinkChecker> children = new ArrayList<>();
        for (String link : links) {   // expect: B4
            if (!site.exists(link)) {
                broken.add(url + " -> " + link);
            } else if (depth > 0) {
                LinkChecker child = new LinkChecker(site, link, depth - 1, fetches);
                child.fork();
                children.add(child);
            }
        }
        for (LinkChecker child : children) {
            broken.addAll(child.join());   // expect: B3
        }
        return broken;
    }
}
