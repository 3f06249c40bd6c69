package dev.weft.atomic.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmokeTest {
    @TempDir
    Path tmp;

    @Test
    void counter() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("p.Counter", """
                package p;
                import dev.weft.atomic.*;
                import dev.weft.*;
                @AtomicSet("c")
                public class Counter {
                    @Atomic("c") long a;
                    @Atomic("c") long b;
                    void inc() { a++; b++; }
                    boolean ok() { return a == b; }
                    long get() { return a; }
                    public static long run(int workers, int n) {
                        Counter c = new Counter();
                        try (WeftPool pool = new WeftPool(workers)) {
                            pool.run(() -> Weft.parallelFor(0, n, i -> c.inc()));
                        }
                        return c.get();
                    }
                }
                """));
        assertEquals(100_000L, Fixtures.call(l, "p.Counter", "run", 4, 100_000));
    }
}
