package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Runs a workload the way the bench runner does — the baseline (or first engine) once, then every other
 * engine at 1, 2 and 4 workers, twice each, each after a reset and followed by check() — so that program
 * tests of every suite exercise each version against the same expected result.
 */
public final class WorkloadCheck {
    private WorkloadCheck() {
    }

    /** The fork/join suite's engines. */
    public static final List<Engine> FORK_JOIN = List.of(Engine.SERIAL, Engine.FJP, Engine.WEFT);

    /** {@link #checkAllVersions(Workload, List)} on the fork/join suite's engines. */
    public static Object checkAllVersions(Workload w) throws Exception {
        return checkAllVersions(w, FORK_JOIN);
    }

    /**
     * Runs every engine at 1, 2 and 4 workers (a baseline engine at 1), checking each result against the
     * first engine's; returns that expected result. Closes nothing: the caller owns {@code w}.
     */
    public static Object checkAllVersions(Workload w, List<Engine> engines) throws Exception {
        try (Pools pools = new Pools()) {
            Engine first = engines.get(0);
            w.reset();
            Object expected = w.run(first, 1, pools);
            w.check(expected, expected);
            for (int p : new int[] {1, 2, 4}) {
                for (Engine e : engines) {
                    if (e.baseline()) {
                        continue;
                    }
                    for (int rep = 0; rep < 2; rep++) {
                        w.reset();
                        w.check(w.run(e, p, pools), expected);
                    }
                }
            }
            return expected;
        }
    }

    /** The names of the registry's programs of {@code suite}, in report order (for coverage checks). */
    public static List<String> programNames(String suite) {
        return Programs.all().stream().filter(p -> p.suite().equals(suite)).map(Program::name).toList();
    }

    /**
     * check() accepts {@code good} (on its own) and rejects {@code bad}, both against {@code good} and on
     * its own (the independent check, with the bad result standing in for the expected one).
     */
    public static void rejects(Workload w, Object good, Object bad) {
        w.check(good, good);
        assertThrows(AssertionError.class, () -> w.check(bad, good), w.label() + ": corrupted result accepted");
        assertThrows(AssertionError.class, () -> w.check(bad, bad),
                w.label() + ": independent check accepted a corrupted result");
    }

    /**
     * Runs every version ({@link #checkAllVersions(Workload)}); then {@code corrupt} (which must not modify
     * its argument) spoils a copy of the expected result, and check() must reject it both against the
     * expected result and on its own (the independent check, with the corrupted result standing in for
     * the expected one).
     */
    public static void runAll(Workload w, UnaryOperator<Object> corrupt) throws Exception {
        Object expected = checkAllVersions(w);
        Object bad = corrupt.apply(expected);
        assertThrows(AssertionError.class, () -> w.check(bad, expected), "corrupted result accepted");
        assertThrows(AssertionError.class, () -> w.check(bad, bad), "independent check accepted a corrupted result");
    }
}
