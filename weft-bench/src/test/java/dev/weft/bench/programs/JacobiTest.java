package dev.weft.bench.programs;

import dev.weft.bench.WorkloadCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.bench.ForkJoinWorkload;
import org.junit.jupiter.api.Test;

class JacobiTest {
    @Test
    void allVersionsAgreeWithTheRowSweepAtSizesThatSplitUnevenly() throws Exception {
        // 100 and 45 make two-way nodes and ragged leaves; 32 is a single leaf.
        for (int n : new int[] {32, 45, 100, 128}) {
            WorkloadCheck.checkAllVersions(Jacobi.workload(n, 7));
        }
    }

    @Test
    void fullSizeMatchesKumarsRecordedMaxDiff() throws Exception {
        ForkJoinWorkload w = new Jacobi().create(false);
        w.reset();
        Mesh.Result r = (Mesh.Result) w.serial();
        w.check(r, r);
        assertEquals(Jacobi.KUMAR_MAX_DIFF_1024_STEP_10, r.lastMaxDiff());
        Mesh.plausible(r, 1024);
    }

    @Test
    void checkRejectsAChangedCell() throws Exception {
        ForkJoinWorkload w = Jacobi.workload(64, 4);
        w.reset();
        Mesh.Result expected = (Mesh.Result) w.serial();
        w.reset();
        Mesh.Result r = (Mesh.Result) w.serial();
        r.grid()[40][17] += 1e-15;
        assertThrows(AssertionError.class, () -> w.check(r, expected));
    }

    @Test
    void oddStepCountEndsInTheSecondGrid() throws Exception {
        // The persistent task tree's leaves track the parity of the step themselves.
        WorkloadCheck.checkAllVersions(Jacobi.workload(96, 5));
    }
}
