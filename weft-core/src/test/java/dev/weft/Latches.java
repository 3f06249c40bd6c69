package dev.weft;

import java.util.concurrent.CountDownLatch;

/** Test helper: waits on a latch under {@link Weft#blocking}, turning interruption into an error. */
final class Latches {
    private Latches() {
    }

    static void awaitBlocking(CountDownLatch latch) {
        try {
            Weft.blocking(() -> {
                latch.await();
                return null;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
