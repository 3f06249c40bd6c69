package dev.weft.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.Program;
import dev.weft.bench.programs.Integrate;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every program of the cluster suite on every one of its engines at 1 and 2 workers (members), at small
 * sizes, each result checked against the serial one and by the program's independent check; one set of
 * members serves all programs. Each check also rejects a wrong answer.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ClusterSuiteTest {
    private static ClusterWorkload.MemberCache members;

    @BeforeAll
    static void start() {
        members = new ClusterWorkload.MemberCache();
    }

    @AfterAll
    static void stop() {
        members.close();
    }

    private static Object allVersions(ClusterWorkload w) throws Exception {
        w.shareMembers(members);
        try (w; Pools pools = new Pools()) {
            Object expected = w.run(Engine.SERIAL, 1, pools);
            w.check(expected, expected);
            for (int p : new int[] {1, 2}) {
                for (Engine e : ClusterEngines.ALL) {
                    if (!e.baseline()) {
                        w.check(w.run(e, p, pools), expected);
                    }
                }
            }
            return expected;
        }
    }

    @Test
    void uts() throws Exception {
        ClusterWorkload w = ClusterUts.workload(7);
        Object expected = allVersions(w);
        assertThrows(AssertionError.class, () -> w.check((Long) expected + 1, expected));
        // T1 itself is checked against its published size.
        ClusterWorkload t1 = ClusterUts.workload(10);
        assertThrows(AssertionError.class, () -> t1.check(3L << 32, 3L << 32));
    }

    @Test
    void nqueens() throws Exception {
        ClusterWorkload w = ClusterNQueens.workload(9);
        Object expected = allVersions(w);
        assertEquals(352L, expected);
        assertThrows(AssertionError.class, () -> w.check(351L, 351L));
    }

    @Test
    void integrate() throws Exception {
        ClusterWorkload w = ClusterIntegrate.workload(Integrate.R / 10);
        Object expected = allVersions(w);
        assertThrows(AssertionError.class, () -> w.check((Double) expected * (1 + 1e-6), expected));
    }

    @Test
    void fib() throws Exception {
        ClusterWorkload w = ClusterFib.workload(30);
        assertEquals(832040L, allVersions(w));
        assertThrows(AssertionError.class, () -> w.check(832041L, 832041L));
    }

    @Test
    void theSuiteDeclaresItsEngines() {
        Program p = new ClusterUts();
        assertEquals("cluster", p.suite());
        assertEquals(List.of("serial", "weft", "cluster-1", "cluster", "hz-static"), p.engines().stream().map(Engine::name).toList());
        assertEquals(ClusterEngines.CLUSTER, p.subject());
        assertEquals(ClusterEngines.STATIC, p.reference());
    }
}
