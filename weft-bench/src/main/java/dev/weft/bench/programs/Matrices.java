package dev.weft.bench.programs;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Dense {@code double[][]} helpers shared by the matrix programs. */
final class Matrices {
    private Matrices() {
    }

    /** An n×n matrix of uniform values in [0, 1) from a fixed seed. */
    static double[][] random(int n, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] m = new double[n][n];
        for (double[] row : m) {
            for (int j = 0; j < n; j++) {
                row[j] = rng.nextDouble();
            }
        }
        return m;
    }

    static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    /** Checks that two matrices are bitwise equal, naming the first cell that differs. */
    static void same(double[][] expected, double[][] actual, String what) {
        Checks.that(expected.length == actual.length, what + ": " + actual.length + " rows, expected " + expected.length);
        for (int i = 0; i < expected.length; i++) {
            if (!Arrays.equals(expected[i], actual[i])) {
                Checks.that(expected[i].length == actual[i].length, what + ": row " + i + " has the wrong length");
                int j = Arrays.mismatch(expected[i], actual[i]);
                throw new AssertionError(what + "[" + i + "][" + j + "]: expected " + expected[i][j] + " but got "
                        + actual[i][j]);
            }
        }
    }
}
