package fetcher;

import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.RecursiveTask;

/** Fetches a range of documents, at most four at a time (a semaphore limits the open connections). */
public class FetchAll extends RecursiveTask<Integer> {
    private static final long serialVersionUID = 1L;
    private static final Semaphore CONNECTIONS = new Semaphore(4);

    private final List<String> urls;
    private final int from;
    private final int to;

    public FetchAll(List<String> urls, int from, int to) {
        this.urls = urls;
        this.from = from;
        this.to = to;
    }

    @Override
    protected Integer compute() {
        if (to - from > 1) {
            int mid = (from + to) >>> 1;
            FetchAll left = new FetchAll(urls, from, mid);
            left.fork();
            return new FetchAll(urls, mid, to).compute() + left.join();
        }
        try {
            CONNECTIONS.acquire();   // expect: B5
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
        try {
            return Retry.withBackoff(() -> fetch(urls.get(from)), 3);
        } finally {
            CONNECTIONS.release();
        }
    }

    static int fetch(String url) {
        return url.length();
    }
}
