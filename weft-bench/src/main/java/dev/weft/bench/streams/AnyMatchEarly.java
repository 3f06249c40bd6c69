package dev.weft.bench.streams;

import dev.weft.Par;
import dev.weft.WeftPool;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.Arrays;

/**
 * {@code anyMatch} with an early hit: the one negative value of a {@code long[]} sits 1% into it, so a
 * serial search reads 1% of the array and a parallel one wins only by starting its parts fast and
 * stopping them as soon as the hit is found.
 */
public final class AnyMatchEarly extends StreamsSuite.SuiteProgram {
    @Override
    public String name() {
        return "anymatch";
    }

    @Override
    public String description() {
        return "anyMatch(v -> v < 0) over a long[] whose only hit is 1% into it";
    }

    @Override
    public Workload create(boolean quick) {
        return new Work(quick ? 2_000_000 : 10_000_000);
    }

    static final class Work extends StreamsSuite.SuiteWorkload {
        final long[] a;
        final int hit;

        Work(int n) {
            a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = Inputs.below(Inputs.SEED + 6, i, 1_000_000_000);
            }
            hit = n / 100;
            a[hit] = -1;
        }

        @Override
        public String label() {
            return "anymatch(" + Checks.count(a.length) + ", hit at " + Checks.count(hit) + ")";
        }

        @Override
        Object loop() {
            for (long v : a) {
                if (v < 0) {
                    return true;
                }
            }
            return false;
        }

        @Override
        Object stream() {
            return Arrays.stream(a).anyMatch(v -> v < 0);
        }

        @Override
        Object parallelStream() {
            return Arrays.stream(a).parallel().anyMatch(v -> v < 0);
        }

        @Override
        Object weft(WeftPool pool) {
            return Par.of(a).on(pool).anyMatch(v -> v < 0);
        }

        @Override
        String answer(Object result) {
            return result.toString();
        }

        @Override
        String expected() {
            return "true"; // the input has a negative value at a[hit] by construction
        }
    }
}
