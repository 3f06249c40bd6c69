package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;

/** Fibonacci without a cutoff: every call is a fork. The classic probe of per-task overhead. */
public final class Fib implements Program {
    @Override
    public String name() {
        return "fib";
    }

    @Override
    public String description() {
        return "recursive Fibonacci, no cutoff (one fork per call)";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        int n = quick ? 35 : 40;
        return ForkJoinWorkload.of("fib(" + n + ")", () -> serial(n), pool -> pool.invoke(new FibTask.FjpFib(n)),
                pool -> pool.invoke(() -> weft(n)), (result, serialResult) -> {
                    Checks.equal(serialResult, result);
                    Checks.equal(closedForm(n), result);
                });
    }

    static int serial(int n) {
        return n < 2 ? n : serial(n - 1) + serial(n - 2);
    }

    static int weft(int n) {
        return n < 2 ? n : Weft.joinInt(Fib::weft, n - 1, n - 2, Integer::sum);
    }

    /** Fibonacci by iteration: the independent check. */
    static int closedForm(int n) {
        int a = 0;
        int b = 1;
        for (int i = 0; i < n; i++) {
            int t = a + b;
            a = b;
            b = t;
        }
        return a;
    }
}
