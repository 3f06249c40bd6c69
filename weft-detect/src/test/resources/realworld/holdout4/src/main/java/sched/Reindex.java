package sched;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveAction;

/**
 * Reindexes a range of documents in a dedicated pool; a document that needs a thumbnail gets one rendered
 * alongside, in the common pool.
 */
public class Reindex extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final String[] docs;
    private final int from;
    private final int to;
    private final Queue<Future<String>> thumbnails;

    public Reindex(String[] docs, int from, int to, Queue<Future<String>> thumbnails) {
        this.docs = docs;
        this.from = from;
        this.to = to;
        this.thumbnails = thumbnails;
    }

    static String render(String doc) {
        return "thumb:" + doc.hashCode();
    }

    @Override
    protected void compute() {
        if (to - from <= 50) {
            for (int i = from; i < to; i++) {
                if (docs[i].endsWith(".pdf")) {
                    String doc = docs[i];
                    thumbnails.add(ForkJoinPool.commonPool().submit(() -> render(doc)));   // expect: B1
                }
                docs[i] = docs[i].trim();
            }
            return;
        }
        int mid = (from + to) >>> 1;
        Reindex right = new Reindex(docs, mid, to, thumbnails);
        getPool().execute(right);   // note: B1
        new Reindex(docs, from, mid, thumbnails).compute();
        right.join();
    }

    public static Queue<Future<String>> reindex(String[] docs) {
        Queue<Future<String>> thumbnails = new ConcurrentLinkedQueue<>();
        ForkJoinPool pool = new ForkJoinPool(4);
        pool.invoke(new Reindex(docs, 0, docs.length, thumbnails));
        pool.shutdown();
        return thumbnails;
    }
}
