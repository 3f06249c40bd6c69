package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProgramsTest {
    static final List<String> ALL = List.of("fib", "integrate", "jacobi", "nqueens", "matmul", "fft", "cilksort",
            "barnes-hut", "uts", "lud", "jacobi-barrier", "integrate-lea");

    @Test
    void registryListsKumarsTenInOrderThenLeasVariants() {
        assertEquals(ALL, Programs.all().stream().map(Program::name).toList());
    }

    @Test
    void selectFindsEachByNameAndRejectsUnknownOnes() {
        for (String n : ALL) {
            assertEquals(n, Programs.select(List.of(n)).get(0).name());
        }
        assertEquals(ALL.size(), Programs.select(List.of()).size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Programs.select(List.of("nope")));
        assertTrue(e.getMessage().contains("unknown program 'nope'"), e.getMessage());
    }
}
