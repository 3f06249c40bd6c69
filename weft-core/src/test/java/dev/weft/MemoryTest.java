package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** Ten million tiny tasks in a JVM with a 256 MiB heap: each construct must run in bounded memory. */
class MemoryTest {
    /** Run in a child JVM with -Xmx256m. */
    public static void main(String[] args) {
        int n = 10_000_000;
        try (WeftPool pool = new WeftPool(4)) {
            LongAdder asyncs = new LongAdder();
            pool.run(() -> Weft.finish(() -> {
                for (int i = 0; i < n; i++) {
                    Weft.async(asyncs::increment);
                }
            }));
            check(asyncs.sum() == n, "asyncs " + asyncs.sum());
            long forks = pool.invoke(() -> count(0, n));
            check(forks == n, "forks " + forks);
            long tasks = pool.invoke(new Count(0, n));
            check(tasks == n, "tasks " + tasks);
            LongAdder loop = new LongAdder();
            pool.run(() -> Weft.parallelFor(0, n, i -> loop.increment()));
            check(loop.sum() == n, "loop " + loop.sum());
        }
        System.out.println("ok");
    }

    static long count(int lo, int hi) {
        if (hi - lo == 1) {
            return 1;
        }
        int mid = (lo + hi) >>> 1;
        return Weft.joinLong(() -> count(lo, mid), () -> count(mid, hi), Long::sum);
    }

    static final class Count extends Task<Long> {
        final int lo;
        final int hi;

        Count(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo == 1) {
                return 1L;
            }
            int mid = (lo + hi) >>> 1;
            Count left = new Count(lo, mid);
            left.fork();
            long r = new Count(mid, hi).compute();
            return left.join() + r;
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    @Test
    void tenMillionTinyTasksRunIn256MiB() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("java.class.path");
        File log = File.createTempFile("weft-memory", ".log");
        log.deleteOnExit();
        Process proc = new ProcessBuilder(java, "-Xmx256m", "-cp", cp, MemoryTest.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(log)
                .start();
        boolean finished = proc.waitFor(300, TimeUnit.SECONDS);
        if (!finished) {
            proc.destroyForcibly();
        }
        String out = Files.readString(log.toPath(), StandardCharsets.UTF_8);
        assertTrue(finished, "child JVM did not finish: " + out);
        assertEquals(0, proc.exitValue(), "child JVM failed: " + out);
        assertTrue(out.contains("ok"), out);
    }
}
