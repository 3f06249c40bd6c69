package dev.weft.bench.programs;

import dev.weft.bench.WorkloadCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.bench.ForkJoinWorkload;
import org.junit.jupiter.api.Test;

class LeaIntegrateTest {
    @Test
    void functionIsTheSumOfOddPowersWithTheirExponentsAsCoefficients() throws Exception {
        for (double x : new double[] {-47, -1.5, 0, 0.25, 2, 48}) {
            double expected = 0.0;
            for (int i = 1; i <= 5; i++) {
                expected += (2 * i - 1) * Math.pow(x, 2 * i - 1);
            }
            assertEquals(expected, LeaIntegrate.f(x), Math.abs(expected) * 1e-15, "f(" + x + ")");
        }
    }

    @Test
    void closedFormIsTheAntiderivative() throws Exception {
        // On [0, 1]: 1/2 + 3/4 + 5/6 + 7/8 + 9/10.
        assertEquals(0.5 + 0.75 + 5.0 / 6 + 0.875 + 0.9, LeaIntegrate.exact(0, 1), 1e-15);
    }

    @Test
    void allVersionsAgreeWithSerialAndTheClosedForm() throws Exception {
        WorkloadCheck.checkAllVersions(LeaIntegrate.workload(-20, 21));
    }

    @Test
    void paperIntervalMatchesTheClosedForm() throws Exception {
        ForkJoinWorkload w = new LeaIntegrate().create(true);
        Object r = w.serial();
        w.check(r, r);
    }
}
