package dev.weft.detect.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The symbol solver's budget is counted in type lookups, not seconds: a question gets the same answer on every run
 * whatever the machine's load, goes over a budget one lookup short of what it needs, and what it could not type
 * is counted.
 */
class SolverFallbackTest {
    /** An implicit lambda parameter: only the symbol solver types {@code l}. */
    private static final String TYPED = """
            import java.util.List;
            import java.util.concurrent.RecursiveAction;
            import java.util.concurrent.locks.ReentrantLock;

            class Typed extends RecursiveAction {
                final List<ReentrantLock> locks = List.of(new ReentrantLock());
                @Override protected void compute() {
                    locks.forEach(l -> l.lock());
                }
            }
            """;

    /** A receiver from a library the sources were not given with. */
    private static final String UNKNOWN = """
            import com.acme.Pools;
            import java.util.concurrent.RecursiveAction;

            class Unknown extends RecursiveAction {
                @Override protected void compute() {
                    var pool = Pools.shared();
                    pool.run();
                }
            }
            """;

    private static ProjectIndex index(String name, String text) {
        SourceParser.Result r = new SourceParser(false, 1)
                .parse(new SourceParser.Input(Path.of(name + ".java"), text, StandardCharsets.UTF_8));
        assertNotNull(r.file(), r.error());
        return ProjectIndex.of(List.of(r.file()));
    }

    /** The receiver of the call named {@code method} in the index's one file. */
    private static Expression receiver(ProjectIndex index, String method) {
        return index.files().get(0).unit().findAll(MethodCallExpr.class).stream()
                .filter(c -> c.getNameAsString().equals(method)).findFirst().orElseThrow()
                .getScope().orElseThrow();
    }

    @Test
    void typesAnImplicitLambdaParameterWithinItsBudget() {
        ProjectIndex index = index("Typed", TYPED);
        SolverFallback solver = new SolverFallback(index);
        assertEquals(new TypeRef("java.util.concurrent.locks.ReentrantLock", 0), solver.typeOf(receiver(index, "lock")));
        SolverFallback.Counts c = solver.counts();
        assertEquals(1, c.asked());
        assertEquals(1, c.typed());
        assertEquals(0, c.untyped());
        assertTrue(c.maxSteps() > 0 && c.maxSteps() < SolverFallback.QUESTION_STEPS / 10, c.toString());
    }

    /**
     * The same question in fresh solvers takes the same number of lookups each time; with a budget of exactly that
     * many it is answered, one fewer and it is given up and counted as over budget. A budget in seconds passed this
     * first part and failed the second on a loaded machine: the answer depended on the clock.
     */
    @Test
    void theBudgetIsExactInLookups() {
        int needed = -1;
        for (int run = 0; run < 3; run++) {
            ProjectIndex index = index("Typed", TYPED);
            SolverFallback solver = new SolverFallback(index);
            assertNotNull(solver.typeOf(receiver(index, "lock")));
            int steps = solver.counts().maxSteps();
            assertTrue(needed < 0 || steps == needed, "run " + run + " took " + steps + " lookups, before " + needed);
            needed = steps;
        }
        ProjectIndex enough = index("Typed", TYPED);
        SolverFallback exact = new SolverFallback(enough, needed, SolverFallback.RUN_STEPS);
        assertNotNull(exact.typeOf(receiver(enough, "lock")));
        assertEquals(new SolverFallback.Counts(1, 1, 0, 0, needed), exact.counts());

        ProjectIndex tooFew = index("Typed", TYPED);
        SolverFallback short1 = new SolverFallback(tooFew, needed - 1, SolverFallback.RUN_STEPS);
        assertNull(short1.typeOf(receiver(tooFew, "lock")));
        assertEquals(new SolverFallback.Counts(1, 0, 1, 0, needed - 1), short1.counts());
    }

    /** Once the run's budget is spent, later questions are not asked, and are counted. */
    @Test
    void aSpentRunBudgetIsCounted() {
        ProjectIndex index = index("Typed", TYPED);
        SolverFallback solver = new SolverFallback(index, SolverFallback.QUESTION_STEPS, 1);
        assertNull(solver.typeOf(receiver(index, "lock")));
        assertNull(solver.typeOf(receiver(index, "forEach")));
        SolverFallback.Counts c = solver.counts();
        assertEquals(2, c.asked());
        assertEquals(2, c.overBudget());
        assertEquals(2, c.untyped());
    }

    /** A receiver on a library that is not there fails within the budget, and is counted as failed. */
    @Test
    void aReceiverOnAMissingLibraryIsCountedAsFailed() {
        ProjectIndex index = index("Unknown", UNKNOWN);
        SolverFallback solver = new SolverFallback(index);
        assertNull(solver.typeOf(receiver(index, "run")));
        // Asked again, the kept answer is given: still one question.
        assertNull(solver.typeOf(receiver(index, "run")));
        assertEquals(new SolverFallback.Counts(1, 0, 0, 1, solver.counts().maxSteps()), solver.counts());
    }
}
