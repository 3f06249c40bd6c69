package dev.weft.bench.programs;

import dev.weft.bench.WorkloadCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.bench.ForkJoinWorkload;
import org.junit.jupiter.api.Test;

class MatmulTest {
    @Test
    void allVersionsAgree() throws Exception {
        for (int n : new int[] {16, 32, 128}) {
            WorkloadCheck.checkAllVersions(Matmul.workload(n));
        }
    }

    @Test
    void recursiveProductEqualsTheNaiveProductEverywhere() throws Exception {
        int n = 64;
        double[][] a = Matrices.random(n, 1);
        double[][] b = Matrices.random(n, 2);
        double[][] c = new double[n][n];
        Matmul.serial(a, 0, 0, b, 0, 0, c, 0, 0, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double dot = 0.0;
                for (int k = 0; k < n; k++) {
                    dot += a[i][k] * b[k][j];
                }
                assertEquals(dot, c[i][j], 0.0, "C[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void checkRejectsAChangedEntry() throws Exception {
        ForkJoinWorkload w = Matmul.workload(32);
        w.reset();
        double[][] expected = (double[][]) w.serial();
        w.reset();
        double[][] c = (double[][]) w.serial();
        c[31][0] = Math.nextUp(c[31][0]);
        assertThrows(AssertionError.class, () -> w.check(c, expected));
        // The sample alone catches a wrong corner, whatever the serial result says.
        assertThrows(AssertionError.class, () -> Matmul.checkSample(Matrices.random(32, 1), Matrices.random(32, 2), c));
    }

    @Test
    void rejectsSizesThatAreNotPowersOfTwo() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> Matmul.workload(48));
    }
}
