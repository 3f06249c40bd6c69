package dev.weft.bench.programs;

import dev.weft.bench.WorkloadCheck;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FFTTest {
    static double[] serialFft(double[] x) {
        int n = x.length / 2;
        double[] out = new double[2 * n];
        FFT.serial(n, x.clone(), out, new double[2 * (n + 1)]);
        return out;
    }

    /** Every size from the base cases through each radix, against the O(n²) DFT. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096})
    void matchesDirectDft(int n) {
        double[] x = FFT.randomInput(n, n);
        double[] y = serialFft(x);
        double norm = Math.sqrt(FFT.sumOfSquares(x));
        double[] d = new double[2];
        for (int k = 0; k < n; k++) {
            FFT.directDft(x, k, d, 0);
            double err = Math.hypot(y[2 * k] - d[0], y[2 * k + 1] - d[1]);
            assertTrue(err <= 1e-12 * norm * Math.sqrt(n), "n=" + n + " k=" + k + " error " + err);
        }
    }

    /** A unit impulse at position p transforms to e^(-2πi pk/n). */
    @Test
    void impulse() throws Exception {
        int n = 1 << 14;
        int p = 3;
        double[] x = new double[2 * n];
        x[2 * p] = 1;
        double[] y = serialFft(x);
        for (int k = 0; k < n; k++) {
            double t = 2 * Math.PI * (int) ((long) p * k % n) / n;
            assertTrue(Math.abs(y[2 * k] - Math.cos(t)) < 1e-12 && Math.abs(y[2 * k + 1] + Math.sin(t)) < 1e-12, "k=" + k);
        }
    }

    /** The inverse transform (conjugate, transform, conjugate, divide by n) gives the input back. */
    @Test
    void roundTrip() throws Exception {
        int n = 1 << 16;
        double[] x = FFT.randomInput(n, 5);
        double[] y = serialFft(x);
        for (int i = 1; i < y.length; i += 2) {
            y[i] = -y[i];
        }
        double[] z = serialFft(y);
        for (int k = 0; k < n; k++) {
            assertTrue(Math.abs(z[2 * k] / n - x[2 * k]) < 1e-12 && Math.abs(-z[2 * k + 1] / n - x[2 * k + 1]) < 1e-12, "k=" + k);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {64, 512, 4096, 1 << 15})
    void parallelVersionsEqualSerial(int n) {
        double[] x = FFT.randomInput(n, 11);
        double[] expected = serialFft(x);
        try (ForkJoinPool fjp = new ForkJoinPool(3); WeftPool weft = new WeftPool(3)) {
            double[] out = new double[2 * n];
            fjp.invoke(new FFT.FftTask(n, x.clone(), out, new double[2 * (n + 1)]));
            assertArrayEquals(expected, out);
            double[] out2 = new double[2 * n];
            double[] in2 = x.clone();
            weft.run(() -> FFT.weft(n, in2, out2, new double[2 * (n + 1)]));
            assertArrayEquals(expected, out2);
        }
    }

    @Test
    void workloadInEveryVersion() throws Exception {
        WorkloadCheck.runAll(FFT.workload(12), r -> {
            double[] c = ((double[]) r).clone();
            c[2] += 1; // X[1], one of the indices checked against the direct sum
            return c;
        });
    }
}
