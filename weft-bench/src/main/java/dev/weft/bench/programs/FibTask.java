package dev.weft.bench.programs;

import dev.weft.Task;
import dev.weft.bench.ForkJoinWorkload;
import dev.weft.bench.Program;
import java.util.concurrent.RecursiveTask;

/**
 * Fibonacci as a user brings it from {@code RecursiveTask}: one task object per call, forked, computed,
 * joined — and the same code ported line by line to Weft's {@link Task}. Where {@link Fib} measures
 * Weft's allocation-free function form, this measures what a porter of existing ForkJoinPool code gets.
 */
public final class FibTask implements Program {
    @Override
    public String name() {
        return "fib-task";
    }

    @Override
    public String description() {
        return "recursive Fibonacci, no cutoff, RecursiveTask code ported line by line to Task";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        int n = quick ? 30 : 35;
        return ForkJoinWorkload.of("fib-task(" + n + ")", () -> Fib.serial(n), pool -> pool.invoke(new FjpFib(n)),
                pool -> pool.invoke(new WeftFib(n)), (result, serialResult) -> {
                    Checks.equal(serialResult, result);
                    Checks.equal(Fib.closedForm(n), result);
                });
    }

    /** The classic {@code RecursiveTask}: fork the first, compute the second, join the first. */
    public static final class FjpFib extends RecursiveTask<Integer> {
        private final int n;

        /** fib({@code n}). */
        public FjpFib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n < 2) {
                return n;
            }
            FjpFib f1 = new FjpFib(n - 1);
            f1.fork();
            FjpFib f2 = new FjpFib(n - 2);
            return f2.compute() + f1.join();
        }
    }

    /** The same, ported: only the superclass changed. */
    public static final class WeftFib extends Task<Integer> {
        private final int n;

        /** fib({@code n}). */
        public WeftFib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n < 2) {
                return n;
            }
            WeftFib f1 = new WeftFib(n - 1);
            f1.fork();
            WeftFib f2 = new WeftFib(n - 2);
            return f2.compute() + f1.join();
        }
    }
}
