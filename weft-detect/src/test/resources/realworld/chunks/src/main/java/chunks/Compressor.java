package chunks;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RecursiveTask;
import java.util.zip.CRC32;

/** Checksums a file in 64 KiB chunks: each chunk is copied out of the file's bytes and forked at once. */
public class Compressor extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;
    private static final int CHUNK = 64 * 1024;

    private final byte[] data;

    public Compressor(byte[] data) {
        this.data = data;
    }

    @Override
    protected Long compute() {
        List<Chunk> parts = new ArrayList<>();
        for (int off = 0; off < data.length; off += CHUNK) {   // expect: B4
            Chunk c = new Chunk(Arrays.copyOfRange(data, off, Math.min(data.length, off + CHUNK)));   // expect: B2
            c.fork();
            parts.add(c);
        }
        long h = 0;
        for (Chunk c : parts) {
            h = h * 31 + c.join();
        }
        return h;
    }

    /** One chunk's CRC. */
    static final class Chunk extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final byte[] bytes;

        Chunk(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        protected Long compute() {
            CRC32 crc = new CRC32();
            crc.update(bytes);
            return crc.getValue();
        }
    }

    /** The same over views of a buffer: slice() shares the bytes, nothing is copied. */
    static final class Views extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final ByteBuffer buffer;

        Views(ByteBuffer buffer) {
            this.buffer = buffer;
        }

        @Override
        protected Long compute() {
            if (buffer.remaining() <= CHUNK) {
                CRC32 crc = new CRC32();
                crc.update(buffer.duplicate());
                return crc.getValue();
            }
            int half = buffer.remaining() / 2;
            Views left = new Views(buffer.slice(buffer.position(), half));
            left.fork();
            long right = new Views(buffer.slice(buffer.position() + half, buffer.remaining() - half)).compute();
            return left.join() * 31 + right;
        }
    }
}
