package dev.weft.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * B1's message points at the parallel iterator ({@code Par.of}, {@code Par.range}) where task code submits a
 * task per element of a loop, and only there.
 */
class ParallelIteratorAdviceTest {
    private static List<Finding> b1(String file) throws IOException {
        Report r = new Detector(EnumSet.of(Bottleneck.B1), false).analyse(List.of(Path.of("src/test/resources/corpus/b1")));
        return r.findings().stream().filter(f -> f.file().endsWith(file)).toList();
    }

    @Test
    void aSubmissionPerElementOfAForEachLoopIsPointedAtParOf() throws IOException {
        List<Finding> fs = b1("LinkCrawler.java");
        Finding perPage = fs.stream().filter(f -> f.line() == 47).findFirst().orElseThrow(() -> new AssertionError(fs));
        assertTrue(perPage.message().contains("a task per element: a parallel iterator, Par.of(pages).forEach(p -> ...)"),
                perPage.message());
    }

    @Test
    void aSubmissionPerIterationOfACountedLoopIsPointedAtParRange(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Squares.java"), """
                import java.util.concurrent.ForkJoinPool;
                import java.util.concurrent.RecursiveAction;

                class Squares extends RecursiveAction {
                    final long[] out;
                    Squares(long[] out) { this.out = out; }
                    @Override protected void compute() {
                        for (int i = 0; i < out.length; i++) {
                            int k = i;
                            ForkJoinPool.commonPool().execute(() -> out[k] = (long) k * k);
                        }
                    }
                }
                """);
        Report r = new Detector(EnumSet.of(Bottleneck.B1), false).analyse(List.of(dir));
        assertEquals(List.of(10), r.findings().stream().map(Finding::line).toList());
        assertTrue(r.findings().get(0).message().contains("a task per iteration: a parallel iterator, Par.range(from, to)"),
                r.findings().get(0).message());
    }

    @Test
    void submissionsOutsideALoopGetNoIteratorAdvice() throws IOException {
        List<Finding> fs = b1("WeftIndexer.java");
        assertEquals(List.of(24, 57), fs.stream().map(Finding::line).toList());
        for (Finding f : fs) {
            // Line 24 sits after a for loop, inside the same lambda; line 57 in a recursive task's split.
            assertFalse(f.message().contains("Par."), f.message());
        }
    }
}
