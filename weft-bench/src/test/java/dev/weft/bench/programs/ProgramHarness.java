package dev.weft.bench.programs;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.WeftPool;
import dev.weft.bench.Workload;
import java.util.concurrent.ForkJoinPool;
import java.util.function.UnaryOperator;

/** Runs a workload the way the bench runner does, in every version, checking each result. */
final class ProgramHarness {
    private ProgramHarness() {
    }

    /**
     * Runs the serial version, then the ForkJoinPool and Weft versions with 1, 2 and 4 workers, each
     * after a reset and followed by check(). Then {@code corrupt} (which must not modify its argument)
     * spoils a copy of the serial result, and check() must reject it both against the serial result
     * and on its own (the independent check, with the corrupted result standing in for the serial one).
     */
    static void runAll(Workload w, UnaryOperator<Object> corrupt) {
        w.reset();
        Object expected = w.serial();
        w.check(expected, expected);
        for (int p : new int[] {1, 2, 4}) {
            try (ForkJoinPool fjp = new ForkJoinPool(p); WeftPool weft = new WeftPool(p)) {
                w.reset();
                w.check(w.forkJoin(fjp), expected);
                w.reset();
                w.check(w.weft(weft), expected);
            }
        }
        Object bad = corrupt.apply(expected);
        assertThrows(AssertionError.class, () -> w.check(bad, expected), "corrupted result accepted");
        assertThrows(AssertionError.class, () -> w.check(bad, bad), "independent check accepted a corrupted result");
    }
}
