package dev.weft.bench.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.bench.Workload;
import org.junit.jupiter.api.Test;

class JacobiTest {
    @Test
    void allVersionsAgreeWithTheRowSweepAtSizesThatSplitUnevenly() {
        // 100 and 45 make two-way nodes and ragged leaves; 32 is a single leaf.
        for (int n : new int[] {32, 45, 100, 128}) {
            WorkloadRuns.checkAllVersions(Jacobi.workload(n, 7));
        }
    }

    @Test
    void fullSizeMatchesKumarsRecordedMaxDiff() {
        Workload w = new Jacobi().create(false);
        w.reset();
        Mesh.Result r = (Mesh.Result) w.serial();
        w.check(r, r);
        assertEquals(Jacobi.KUMAR_MAX_DIFF_1024_STEP_10, r.lastMaxDiff());
        Mesh.plausible(r, 1024);
    }

    @Test
    void checkRejectsAChangedCell() {
        Workload w = Jacobi.workload(64, 4);
        w.reset();
        Mesh.Result expected = (Mesh.Result) w.serial();
        w.reset();
        Mesh.Result r = (Mesh.Result) w.serial();
        r.grid()[40][17] += 1e-15;
        assertThrows(AssertionError.class, () -> w.check(r, expected));
    }

    @Test
    void oddStepCountEndsInTheSecondGrid() {
        // The persistent task tree's leaves track the parity of the step themselves.
        WorkloadRuns.checkAllVersions(Jacobi.workload(96, 5));
    }
}
