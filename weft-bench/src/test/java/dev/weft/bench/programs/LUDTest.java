package dev.weft.bench.programs;

import dev.weft.bench.WorkloadCheck;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.bench.ForkJoinWorkload;
import org.junit.jupiter.api.Test;

class LUDTest {
    @Test
    void allVersionsAgreeAndFactorTheInput() throws Exception {
        // 16 is one block; up to 128 the check multiplies L·U out in full.
        for (int n : new int[] {16, 32, 64, 128, 256}) {
            WorkloadCheck.checkAllVersions(LUD.workload(n));
        }
    }

    @Test
    void inputIsStrictlyDiagonallyDominant() throws Exception {
        double[][] a = LUD.input(64);
        for (int i = 0; i < a.length; i++) {
            double off = 0.0;
            for (int j = 0; j < a.length; j++) {
                off += j == i ? 0.0 : Math.abs(a[i][j]);
            }
            assertTrue(Math.abs(a[i][i]) > off, "row " + i);
        }
    }

    @Test
    void residualCheckRejectsAWrongFactor() throws Exception {
        ForkJoinWorkload w = LUD.workload(64);
        w.reset();
        double[][] lu = (double[][]) w.serial();
        lu[50][3] += 1e-6;
        assertThrows(AssertionError.class, () -> LUD.checkResidual(LUD.input(64), lu));
    }
}
