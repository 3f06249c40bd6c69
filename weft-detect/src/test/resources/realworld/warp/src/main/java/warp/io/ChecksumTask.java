package warp.io;

import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveTask;
import java.util.zip.CRC32;

/** Checksums the chunks of a transfer as they arrive: it waits for each chunk by polling. */
public class ChecksumTask extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final List<Chunk> chunks;

    public ChecksumTask(List<Chunk> chunks) {
        this.chunks = chunks;
    }

    @Override
    protected Long compute() {
        CRC32 crc = new CRC32();
        for (Chunk c : chunks) {
            Future<byte[]> f = c.bytes;
            while (!f.isDone()) {   // expect: B6
                try {
                    Thread.sleep(5);   // expect: B6
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return -1L;
                }
            }
            crc.update(c.bytes.join());
        }
        return crc.getValue();
    }
}
