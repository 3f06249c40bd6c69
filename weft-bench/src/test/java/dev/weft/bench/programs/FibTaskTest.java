package dev.weft.bench.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.bench.WorkloadCheck;
import org.junit.jupiter.api.Test;

class FibTaskTest {
    @Test
    void everyVersionComputesFibonacci() throws Exception {
        assertEquals(832040, WorkloadCheck.checkAllVersions(new FibTask().create(true)));
    }

    @Test
    void checkRejectsAWrongResult() throws Exception {
        WorkloadCheck.runAll(new FibTask().create(true), r -> (Integer) r + 1);
    }
}
