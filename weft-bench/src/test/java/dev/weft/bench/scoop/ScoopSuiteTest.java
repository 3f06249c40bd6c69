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
import java.util.ArrayList;
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

    /**
     * Every program of the suite (the registry's list, so a new program must come with its case): its
     * check accepts a SCOOP run's result and rejects a corrupted copy, against the run and on its own.
     */
    @Test
    void checksRejectWrongAnswers() throws Exception {
        List<String> covered = new ArrayList<>();
        try (Pools pools = new Pools()) {
            try (Randmat.Work r = new Randmat.Work(200, 1)) {
                byte[] m = (byte[]) r.run(ScoopSuite.SCOOP, 2, pools);
                byte[] bad = m.clone();
                bad[bad.length / 2] = (byte) ((bad[bad.length / 2] + 1) % 100);
                WorkloadCheck.rejects(r, m, bad);
                covered.add("randmat");
            }
            try (Thresh.Work t = new Thresh.Work(200, 7, 2)) {
                Thresh.Result good = (Thresh.Result) t.run(ScoopSuite.SCOOP, 2, pools);
                boolean[] mask = good.mask().clone();
                mask[mask.length / 3] = !mask[mask.length / 3];
                WorkloadCheck.rejects(t, good, new Thresh.Result(good.threshold(), mask));
                WorkloadCheck.rejects(t, good, new Thresh.Result(good.threshold() + 1, good.mask()));
                covered.add("thresh");
            }
            try (Winnow.Work w = new Winnow.Work(300, 0, 1, 100)) {
                Cowichan.Points p = (Cowichan.Points) w.run(ScoopSuite.SCOOP, 2, pools);
                int[] y = p.y().clone();
                y[5] = y[6];
                WorkloadCheck.rejects(w, p, new Cowichan.Points(p.x(), y, p.chunk()));
                covered.add("winnow");
            }
            try (Outer.Work o = new Outer.Work(300, 120)) {
                Outer.Result good = (Outer.Result) o.run(ScoopSuite.SCOOP, 2, pools);
                double[][] matrix = good.matrix().clone();
                matrix[7] = matrix[7].clone();
                matrix[7][3] += 1e-9;
                WorkloadCheck.rejects(o, good, new Outer.Result(matrix, good.vector()));
                double[] vector = good.vector().clone();
                vector[0] *= 1.0000001;
                WorkloadCheck.rejects(o, good, new Outer.Result(good.matrix(), vector));
                covered.add("outer");
            }
            try (Product.Work pr = new Product.Work(300, 120)) {
                double[] good = (double[]) pr.run(ScoopSuite.SCOOP, 2, pools);
                double[] bad = good.clone();
                bad[bad.length - 1] *= 1.0000001;
                WorkloadCheck.rejects(pr, good, bad);
                covered.add("product");
            }
            try (Chain.Work c = new Chain.Work(300, 0, 1, 100)) {
                double[] res = (double[]) c.run(ScoopSuite.SCOOP, 2, pools);
                double[] off = res.clone();
                off[0] *= 1.0000001;
                WorkloadCheck.rejects(c, res, off);
                covered.add("chain");
            }
            try (Counter.Work cw = new Counter.Work(1000)) {
                Object good = cw.run(ScoopSuite.SCOOP, 2, pools);
                WorkloadCheck.rejects(cw, good, offByOne(good));
                covered.add("counter");
            }
            try (Mutex.Work mu = new Mutex.Work(4, 10)) {
                Object good = mu.run(ScoopSuite.SCOOP, 2, pools);
                WorkloadCheck.rejects(mu, good, offByOne(good));
                covered.add("mutex");
            }
            try (ProdCons.Work pc = new ProdCons.Work(4, 50)) {
                Object good = pc.run(ScoopSuite.SCOOP, 2, pools);
                WorkloadCheck.rejects(pc, good, offByOne(good));
                covered.add("prodcons");
            }
            try (Condition.Work co = new Condition.Work(4, 20)) {
                Object good = co.run(ScoopSuite.SCOOP, 2, pools);
                WorkloadCheck.rejects(co, good, offByOne(good));
                covered.add("condition");
            }
            try (ThreadRing.Work tr = new ThreadRing.Work(1000)) {
                Object good = tr.run(ScoopSuite.SCOOP, 2, pools);
                WorkloadCheck.rejects(tr, good, offByOne(good));
                covered.add("threadring");
            }
            try (Chameneos.Work ch = new Chameneos.Work(100)) {
                Chameneos.Outcome o = (Chameneos.Outcome) ch.run(ScoopSuite.SCOOP, 2, pools);
                WorkloadCheck.rejects(ch, o, new Chameneos.Outcome(o.colours(), o.meetings() - 1, 0));
                WorkloadCheck.rejects(ch, o, new Chameneos.Outcome(o.colours(), o.meetings(), 1));
                int[] cols = o.colours().clone();
                cols[0] = (cols[0] + 1) % 3;
                WorkloadCheck.rejects(ch, o, new Chameneos.Outcome(cols, o.meetings(), 0));
                covered.add("chameneos");
            }
        }
        assertEquals(WorkloadCheck.programNames(ScoopSuite.NAME), covered, "a program of the suite has no wrong-answer case");
    }

    /** A scalar result (a count or a node number) off by one. */
    private static Object offByOne(Object good) {
        if (good instanceof Long l) {
            return l - 1;
        }
        if (good instanceof Integer i) {
            return i + 1;
        }
        throw new AssertionError("not a scalar result: " + good);
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
