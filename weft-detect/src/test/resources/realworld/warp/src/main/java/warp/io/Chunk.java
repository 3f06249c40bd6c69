package warp.io;

import java.util.concurrent.CompletableFuture;

/** A chunk of a file being transferred; its bytes arrive asynchronously. */
public final class Chunk {
    final int index;
    final CompletableFuture<byte[]> bytes;

    Chunk(int index, CompletableFuture<byte[]> bytes) {
        this.index = index;
        this.bytes = bytes;
    }
}
