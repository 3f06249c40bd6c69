package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProgramsTest {
    static final List<String> ALL = List.of("fib", "integrate", "jacobi", "nqueens", "matmul", "fft", "cilksort",
            "barnes-hut", "uts", "lud", "jacobi-barrier", "integrate-lea", "fib-task");

    @Test
    void forkJoinSuiteListsKumarsTenInOrderThenLeasVariantsThenTheTaskPort() {
        assertEquals(ALL, Programs.all().stream().filter(p -> p.suite().equals(Program.FORK_JOIN_SUITE))
                .map(Program::name).toList());
        assertEquals(Program.FORK_JOIN_SUITE, Programs.suites().get(0));
    }

    @Test
    void withoutNamesTheForkJoinSuiteRunsAndSuitesSelectTheirPrograms() {
        assertEquals(ALL, Programs.select(List.of(), List.of()).stream().map(Program::name).toList());
        assertEquals(ALL, Programs.select(List.of(), List.of("forkjoin")).stream().map(Program::name).toList());
        assertEquals(Programs.all().stream().map(Program::name).toList(),
                Programs.select(List.of(), List.of("all")).stream().map(Program::name).toList());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Programs.select(List.of(), List.of("nope")));
        assertTrue(e.getMessage().contains("unknown suite 'nope'"), e.getMessage());
    }

    @Test
    void runtimesMustBeEnginesOfTheSelectedPrograms() {
        List<Program> fj = Programs.select(List.of("fib"), List.of());
        Programs.checkRuntimes(List.of("serial", "weft"), fj);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Programs.checkRuntimes(List.of("weft", "pekko"), fj));
        assertTrue(e.getMessage().contains("unknown runtime 'pekko'") && e.getMessage().contains("fjp"), e.getMessage());
    }

    @Test
    void selectFindsEachByNameAndRejectsUnknownOnes() {
        for (String n : ALL) {
            assertEquals(n, Programs.select(List.of(n), List.of()).get(0).name());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Programs.select(List.of("nope"), List.of()));
        assertTrue(e.getMessage().contains("unknown program 'nope'"), e.getMessage());
    }
}
