package warp.io;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RecursiveTask;

/**
 * Starts the download of each chunk of a range and then checksums them: the downloads go to the common pool and
 * to a separate I/O executor, from inside a fork/join task.
 */
public class FetchTask extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final int from;
    private final int to;
    private final ExecutorService io;

    public FetchTask(int from, int to, ExecutorService io) {
        this.from = from;
        this.to = to;
        this.io = io;
    }

    @Override
    protected Long compute() {
        if (to - from > 16) {
            int mid = (from + to) >>> 1;
            FetchTask left = new FetchTask(from, mid, io);
            left.fork();
            return new FetchTask(mid, to, io).compute() + left.join();
        }
        List<Chunk> chunks = new ArrayList<>();
        for (int i = from; i < to; i++) {
            int index = i;
            CompletableFuture<byte[]> bytes = i % 2 == 0
                    ? CompletableFuture.supplyAsync(() -> download(index))   // expect: B1
                    : CompletableFuture.supplyAsync(() -> download(index), io);   // expect: B1
            chunks.add(new Chunk(i, bytes));
        }
        io.submit(() -> System.out.println("fetching " + from + ".." + to));   // expect: B1
        return new ChecksumTask(chunks).invoke();
    }

    static byte[] download(int index) {
        byte[] b = new byte[1024];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (index * 31 + i);
        }
        return b;
    }
}
