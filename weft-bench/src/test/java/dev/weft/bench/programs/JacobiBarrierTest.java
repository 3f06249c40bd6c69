package dev.weft.bench.programs;

import dev.weft.bench.WorkloadCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.bench.ForkJoinWorkload;
import org.junit.jupiter.api.Test;

class JacobiBarrierTest {
    @Test
    void allVersionsAgreeWithTheQuadrantRecursion() throws Exception {
        // 3 rows cannot be split among 4 segments evenly; 37 gives bands of unequal height.
        for (int n : new int[] {3, 37, 64}) {
            WorkloadCheck.checkAllVersions(JacobiBarrier.workload(n, 11));
        }
    }

    @Test
    void fullSizeMatchesKumarsRecordedMaxDiffAtStep100() throws Exception {
        ForkJoinWorkload w = new JacobiBarrier().create(false);
        w.reset();
        Mesh.Result r = (Mesh.Result) w.serial();
        w.check(r, r);
        assertEquals(JacobiBarrier.KUMAR_MAX_DIFF_1024_STEP_100, r.lastMaxDiff());
        assertEquals(Jacobi.KUMAR_MAX_DIFF_1024_STEP_10, r.maxDiffs()[9]);
    }

    @Test
    void checkRejectsAWrongStepMaximum() throws Exception {
        ForkJoinWorkload w = JacobiBarrier.workload(32, 6);
        w.reset();
        Mesh.Result expected = (Mesh.Result) w.serial();
        w.reset();
        Mesh.Result r = (Mesh.Result) w.serial();
        r.maxDiffs()[2] *= 1.5;
        assertThrows(AssertionError.class, () -> w.check(r, expected));
    }
}
