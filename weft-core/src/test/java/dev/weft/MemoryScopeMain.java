package dev.weft;

import java.util.concurrent.atomic.LongAdder;

/**
 * Child-JVM program of {@link MemoryScopeTest}: starts {@code count} asyncs in one finish on a pool of
 * {@code parallelism} workers and checks that all of them ran. Exit status 0 on success, 1 on a wrong
 * count, 3 on an exception or error (an OutOfMemoryError included).
 *
 * <p>Usage: {@code MemoryScopeMain parallelism count}
 */
public final class MemoryScopeMain {
    private MemoryScopeMain() {
    }

    public static void main(String[] args) {
        int parallelism = Integer.parseInt(args[0]);
        long count = Long.parseLong(args[1]);
        LongAdder ran = new LongAdder();
        long t0 = System.nanoTime();
        try (WeftPool pool = new WeftPool(parallelism)) {
            pool.run(() -> Weft.finish(() -> {
                for (long i = 0; i < count; i++) {
                    Weft.async(ran::increment);
                }
            }));
        } catch (Throwable t) {
            System.out.println("failed after " + (System.nanoTime() - t0) / 1_000_000 + " ms: " + t);
            Throwable c = t.getCause();
            if (c != null) {
                System.out.println("cause: " + c);
            }
            System.out.flush();
            Runtime.getRuntime().halt(3);
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (ran.sum() != count) {
            System.out.println("ran " + ran.sum() + " of " + count + " asyncs");
            System.out.flush();
            Runtime.getRuntime().halt(1);
        }
        System.out.println("ok: " + count + " asyncs at parallelism " + parallelism + " in " + ms + " ms");
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
