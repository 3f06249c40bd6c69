package dev.weft.bench.programs;

import java.util.Objects;

/** Result checks shared by the programs; each throws AssertionError with both values. */
public final class Checks {
    private Checks() {
    }

    public static void equal(Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError("expected " + expected + " but got " + actual);
        }
    }

    public static void close(double expected, double actual, double relTol) {
        double err = Math.abs(expected - actual) / Math.max(1e-300, Math.abs(expected));
        if (!(err <= relTol)) {
            throw new AssertionError("expected " + expected + " but got " + actual + " (relative error " + err + ")");
        }
    }

    /** A count for labels: 10M, 4k, 1500. */
    public static String count(long n) {
        if (n >= 1_000_000 && n % 1_000_000 == 0) {
            return n / 1_000_000 + "M";
        }
        if (n >= 1_000 && n % 1_000 == 0) {
            return n / 1_000 + "k";
        }
        return Long.toString(n);
    }

    public static void that(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
