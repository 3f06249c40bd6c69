package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProgramsTest {
    @Test
    void registryListsThePortedProgramsAfterNQueens() {
        List<String> names = Programs.all().stream().map(Program::name).toList();
        assertEquals(List.of("fib", "integrate", "nqueens", "jacobi", "jacobi-barrier", "matmul", "lud", "integrate-lea"),
                names);
    }

    @Test
    void selectFindsEachByName() {
        for (String n : List.of("jacobi", "jacobi-barrier", "matmul", "lud", "integrate-lea")) {
            assertEquals(n, Programs.select(List.of(n)).get(0).name());
        }
    }
}
