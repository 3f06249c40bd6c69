package example;

import dev.weft.Weft;
import dev.weft.WeftPool;
import java.util.concurrent.atomic.LongAdder;

/** Weft's README example as a program: a recursive join, a reduction and a finish/async scope. */
public final class HelloWeft {
    private HelloWeft() {
    }

    static int fib(int n) {
        if (n < 2) {
            return n;
        }
        return Weft.joinInt(HelloWeft::fib, n - 1, n - 2, Integer::sum);
    }

    /** Runs the three examples on a pool of {@code parallelism} workers and returns their results as text. */
    public static String run(int parallelism) {
        long[] data = new long[1_000_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 1000;
        }
        try (WeftPool pool = new WeftPool(parallelism)) {
            int f = pool.invoke(() -> fib(30));
            long sum = pool.invoke(() -> Weft.parallelReduceLong(0, data.length, 0L, i -> data[i], Long::sum));
            LongAdder visited = new LongAdder();
            pool.run(() -> Weft.finish(() -> {
                for (int i = 0; i < 10_000; i++) {
                    Weft.async(visited::increment);
                }
            }));
            return "fib(30)=" + f + " sum=" + sum + " asyncs=" + visited.sum();
        }
    }

    public static void main(String[] args) {
        System.out.println(run(Runtime.getRuntime().availableProcessors()));
    }
}
