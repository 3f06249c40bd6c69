package dev.weft.bench.streams;

import dev.weft.Par;
import dev.weft.WeftPool;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.Arrays;

/** The sum of the squares of a {@code long[]}: the lightest per-element work, where a pipeline's overhead shows. */
public final class SumOfSquares extends StreamsSuite.SuiteProgram {
    @Override
    public String name() {
        return "sum";
    }

    @Override
    public String description() {
        return "sum of squares over a long[] (values below 10^6): map(v -> v * v).sum()";
    }

    @Override
    public Workload create(boolean quick) {
        return new Work(quick ? 2_000_000 : 10_000_000);
    }

    /** The values {@code below(SEED, i, 10^6)}: their squares' sum stays below 2^63 for 10^7 of them. */
    static long[] values(int n) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = Inputs.below(Inputs.SEED, i, 1_000_000);
        }
        return a;
    }

    static final class Work extends StreamsSuite.SuiteWorkload {
        final long[] a;
        private final String expected;

        Work(int n) {
            a = values(n);
            long s = 0;
            for (int i = n - 1; i >= 0; i--) { // backwards: not the loop version's code
                s += a[i] * a[i];
            }
            expected = Long.toString(s);
        }

        @Override
        public String label() {
            return "sum(" + Checks.count(a.length) + ")";
        }

        @Override
        Object loop() {
            long s = 0;
            for (long v : a) {
                s += v * v;
            }
            return s;
        }

        @Override
        Object stream() {
            return Arrays.stream(a).map(v -> v * v).sum();
        }

        @Override
        Object parallelStream() {
            return Arrays.stream(a).parallel().map(v -> v * v).sum();
        }

        @Override
        Object weft(WeftPool pool) {
            return Par.of(a).on(pool).map(v -> v * v).sum();
        }

        @Override
        String answer(Object result) {
            return result.toString();
        }

        @Override
        String expected() {
            return expected;
        }
    }
}
