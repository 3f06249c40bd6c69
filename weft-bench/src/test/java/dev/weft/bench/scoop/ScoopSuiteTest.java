package dev.weft.bench.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.WeftPool;
import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.Program;
import dev.weft.bench.Workload;
import dev.weft.bench.WorkloadCheck;
import dev.weft.scoop.Scoop;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every program of the SCOOP suite on every one of its engines at 1, 2 and 4 workers (the bench runner's
 * sequence), at small sizes, each result checked; and each program's check rejects a wrong answer.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang fails, never blocks the build
class ScoopSuiteTest {
    static void allVersions(Program p, Workload w) throws Exception {
        try (w) {
            WorkloadCheck.checkAllVersions(w, p.engines());
        }
    }

    @Test
    void randmat() throws Exception {
        allVersions(new Randmat(), new Randmat.Work(300, 7));
    }

    @Test
    void thresh() throws Exception {
        allVersions(new Thresh(), new Thresh.Work(300, 7, 2));
    }

    @Test
    void winnow() throws Exception {
        allVersions(new Winnow(), new Winnow.Work(300, 0, 1, 100));
    }

    @Test
    void outer() throws Exception {
        allVersions(new Outer(), new Outer.Work(300, 120));
    }

    @Test
    void product() throws Exception {
        allVersions(new Product(), new Product.Work(300, 120));
    }

    @Test
    void chain() throws Exception {
        allVersions(new Chain(), new Chain.Work(300, 0, 1, 100));
    }

    @Test
    void counter() throws Exception {
        allVersions(new Counter(), new Counter.Work(20_000));
    }

    @Test
    void mutex() throws Exception {
        allVersions(new Mutex(), new Mutex.Work(8, 300));
    }

    @Test
    void prodcons() throws Exception {
        allVersions(new ProdCons(), new ProdCons.Work(8, 200));
    }

    @Test
    void condition() throws Exception {
        allVersions(new Condition(), new Condition.Work(4, 100));
    }

    @Test
    void threadring() throws Exception {
        allVersions(new ThreadRing(), new ThreadRing.Work(3000));
    }

    @Test
    void chameneos() throws Exception {
        allVersions(new Chameneos(), new Chameneos.Work(3000));
    }

    /** The Benchmarks Game's answer: 5,000,000 passes around 503 nodes end at node 181. */
    @Test
    void threadringAtFullSizeEndsAtNode181() {
        try (WeftPool pool = new WeftPool(2)) {
            assertEquals(181, ThreadRing.scoop(Scoop.on(pool), 5_000_000));
        }
    }

    @Test
    void checksRejectWrongAnswers() throws Exception {
        try (Pools pools = new Pools()) {
            Randmat.Work r = new Randmat.Work(200, 1);
            byte[] m = (byte[]) r.run(ScoopSuite.SCOOP, 2, pools);
            byte[] bad = m.clone();
            bad[bad.length / 2] = (byte) ((bad[bad.length / 2] + 1) % 100);
            assertThrows(AssertionError.class, () -> r.check(bad, m));
            assertThrows(AssertionError.class, () -> r.check(bad, bad), "independent check");

            Winnow.Work w = new Winnow.Work(300, 0, 1, 100);
            Cowichan.Points p = (Cowichan.Points) w.run(ScoopSuite.SCOOP, 2, pools);
            int[] y = p.y().clone();
            y[5] = y[6];
            Cowichan.Points wrong = new Cowichan.Points(p.x(), y, p.chunk());
            assertThrows(AssertionError.class, () -> w.check(wrong, wrong));

            Chain.Work c = new Chain.Work(300, 0, 1, 100);
            double[] res = (double[]) c.run(ScoopSuite.SCOOP, 2, pools);
            double[] off = res.clone();
            off[0] *= 1.0000001;
            assertThrows(AssertionError.class, () -> c.check(off, off));

            assertThrows(AssertionError.class, () -> new Mutex.Work(4, 10).check(39L, 40L));
            assertThrows(AssertionError.class, () -> new Counter.Work(1000).check(999L, 1000L));
            assertThrows(AssertionError.class, () -> new ThreadRing.Work(1000).check(1000 % 503, 0));
            Chameneos.Work ch = new Chameneos.Work(100);
            Chameneos.Outcome o = (Chameneos.Outcome) ch.run(ScoopSuite.SCOOP, 2, pools);
            ch.check(o, o);
            assertThrows(AssertionError.class, () -> ch.check(new Chameneos.Outcome(o.colours(), o.meetings() - 1, 0), o));
            int[] cols = o.colours().clone();
            cols[0] = (cols[0] + 1) % 3;
            assertThrows(AssertionError.class, () -> ch.check(new Chameneos.Outcome(cols, o.meetings(), 0), o));
        }
    }

    @Test
    void theSuiteDeclaresItsEnginesAndReferences() {
        List<Program> parallel = List.of(new Randmat(), new Thresh(), new Winnow(), new Outer(), new Product(), new Chain());
        List<Program> concurrent = List.of(new Mutex(), new ProdCons(), new Condition(), new ThreadRing(), new Chameneos());
        for (Program p : parallel) {
            assertEquals("scoop", p.suite());
            assertEquals(List.of("scoop", "scoop-noqoq", "scoop-nocoalesce", "java-threads", "weft"),
                    p.engines().stream().map(Engine::name).toList());
            assertEquals(ScoopSuite.SCOOP, p.subject());
            assertEquals(Engine.WEFT, p.reference());
            assertEquals(null, p.baseline());
        }
        for (Program p : concurrent) {
            assertEquals(List.of("scoop", "scoop-noqoq", "scoop-nocoalesce", "java-threads"),
                    p.engines().stream().map(Engine::name).toList());
            assertEquals(ScoopSuite.THREADS, p.reference());
        }
        Program counter = new Counter();
        assertEquals(List.of("scoop", "scoop-noqoq", "scoop-nocoalesce", "java-threads", "java-lock"),
                counter.engines().stream().map(Engine::name).toList());
        assertEquals(ScoopSuite.THREADS, counter.reference());
        List<String> names = new java.util.ArrayList<>();
        parallel.forEach(p -> names.add(p.name()));
        names.add(counter.name());
        concurrent.forEach(p -> names.add(p.name()));
        assertEquals(List.of("randmat", "thresh", "winnow", "outer", "product", "chain", "counter", "mutex", "prodcons",
                "condition", "threadring", "chameneos"), names);
        assertTrue(ScoopSuite.isScoop(ScoopSuite.NO_QOQ) && ScoopSuite.isScoop(ScoopSuite.NO_COALESCE)
                && !ScoopSuite.isScoop(ScoopSuite.THREADS));
        assertThrows(IllegalArgumentException.class,
                () -> new Mutex.Work(2, 2).run(Engine.WEFT, 1, new Pools()), "the concurrent set has no fork/join version");
    }
}
