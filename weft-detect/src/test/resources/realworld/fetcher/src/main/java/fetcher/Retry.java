package fetcher;

import java.util.function.Supplier;

/** Retries an operation with exponential back-off. */
final class Retry {
    private Retry() {
    }

    static <T> T withBackoff(Supplier<T> op, int attempts) {
        long delay = 10;
        for (int i = 1; ; i++) {
            try {
                return op.get();
            } catch (RuntimeException e) {
                if (i == attempts) {
                    throw e;
                }
            }
            try {
                Thread.sleep(delay);   // expect: B6
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            delay *= 2;
        }
    }
}
