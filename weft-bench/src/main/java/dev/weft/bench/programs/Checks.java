package dev.weft.bench.programs;

import java.util.Objects;

/** Result checks shared by the programs; each throws AssertionError with both values. */
final class Checks {
    private Checks() {
    }

    static void equal(Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError("expected " + expected + " but got " + actual);
        }
    }

    static void close(double expected, double actual, double relTol) {
        double err = Math.abs(expected - actual) / Math.max(1e-300, Math.abs(expected));
        if (!(err <= relTol)) {
            throw new AssertionError("expected " + expected + " but got " + actual + " (relative error " + err + ")");
        }
    }

    static void that(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
