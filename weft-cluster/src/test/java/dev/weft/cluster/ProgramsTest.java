package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every kind of global computation gives the serial answer, exactly, at 1 to 4 members (in this JVM; each
 * member has its own pool of 2 workers, so splits happen inside members and between them).
 */
class ProgramsTest {
    private static final int[] SIZES = {1, 2, 3, 4};
    private static final Clusters[] CLUSTERS = new Clusters[5];

    @BeforeAll
    static void start() {
        for (int n : SIZES) {
            CLUSTERS[n] = Clusters.start(n, 2, 6200 + 20 * n);
        }
    }

    @AfterAll
    static void stop() {
        for (Clusters c : CLUSTERS) {
            if (c != null) {
                c.close();
            }
        }
    }

    private static WeftCluster home(int members) {
        return CLUSTERS[members].home();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void taskQueuesCountAnUnbalancedTree(int members) {
        SyntheticTree.Shape shape = SyntheticTree.Shape.binomial(300, 4, 0.2499, 0);
        long expected = shape.seeded(11).serial()[1];
        for (int round = 0; round < 3; round++) {
            RunReport<Long> r = home(members).runReported(shape.seeded(11).root(), SyntheticTree.Queue::new, Reduction.sumLong());
            assertEquals(expected, r.value(), r.toString());
            assertEquals(members, r.members().size(), "every member reports: " + r);
            assertEquals(0, r.reruns());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void taskQueuesSolveNQueens(int members) {
        for (int n : new int[] {1, 4, 6, 10}) {
            assertEquals(Queens.SOLUTIONS[n], home(members).run(Queens.Boards.root(n), Queens::new, Reduction.sumLong()),
                    "n = " + n);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void aGlobalFinishRunsEveryActivityOnce(int members) {
        long fib = home(members).finish(Reduction.sumLong(), f -> Fib.fib(f, 24));
        assertEquals(Fib.serial(24), fib);
        assertEquals(0L, home(members).finish(Reduction.sumLong(), f -> { }));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void reductionsKeepIndexOrderWithANonCommutativeCombine(int members) {
        // String concatenation is associative, not commutative: any reordering shows.
        int n = 20_000;
        StringBuilder want = new StringBuilder();
        for (int i = 0; i < n; i++) {
            want.append((char) ('a' + i % 26));
        }
        String got = home(members).parallelReduce(0, n, "", i -> String.valueOf((char) ('a' + i % 26)), String::concat);
        assertEquals(want.toString(), got);
        // 2x2 matrix products, also associative and not commutative, as longs modulo a prime
        long m = home(members).parallelReduceLong(0, 200_000, 1, i -> (i * 7 + 3) % 1_000_003, (a, b) -> a * b % 1_000_003);
        long serial = 1;
        for (long i = 0; i < 200_000; i++) {
            serial = serial * ((i * 7 + 3) % 1_000_003) % 1_000_003;
        }
        assertEquals(serial, m);
        double d = home(members).parallelReduceDouble(0, 100_000, 0.0, i -> 1.0 / (i + 1), Double::sum);
        double sd = 0;
        for (long i = 0; i < 100_000; i++) {
            sd += 1.0 / (i + 1);
        }
        assertEquals(sd, d, 1e-9);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void emptyAndTinyRanges(int members) {
        assertEquals("id", home(members).parallelReduce(5, 5, "id", i -> "x", String::concat));
        assertEquals("id", home(members).parallelReduce(5, -5, "id", i -> "x", String::concat));
        assertEquals("idx5", home(members).parallelReduce(5, 6, "id", i -> "x" + i, String::concat));
        assertEquals(7L, home(members).parallelReduceLong(3, 3, 7, i -> i, Long::sum));
        assertEquals(Long.MAX_VALUE, home(members).parallelReduceLong(Long.MAX_VALUE - 1, Long.MAX_VALUE, 1,
                i -> i, Long::sum));
    }

    /** Members share this JVM, so a static array sees every member's iterations. */
    static final AtomicIntegerArray HITS = new AtomicIntegerArray(100_000);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void parallelForRunsEveryIndexOnce(int members) {
        for (int i = 0; i < HITS.length(); i++) {
            HITS.set(i, 0);
        }
        home(members).parallelFor(0, HITS.length(), i -> {
            HITS.incrementAndGet((int) i);
            for (int k = 0; k < 20; k++) {
                Thread.onSpinWait();
            }
        });
        for (int i = 0; i < HITS.length(); i++) {
            assertEquals(1, HITS.get(i), "index " + i);
        }
    }

    /** Runs one after another leave nothing behind that disturbs the next: stale messages of a run are ignored. */
    @Test
    void manyShortRunsInARowAreAllExact() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(17);
        for (int i = 0; i < 30; i++) {
            SyntheticTree.Shape shape = SyntheticTree.Shape.binomial(1 + r.nextInt(60), 1 + r.nextInt(5), r.nextDouble() * 0.18, 0);
            long seed = r.nextLong();
            assertEquals(shape.seeded(seed).serial()[1], home(4).run(shape.seeded(seed).root(), SyntheticTree.Queue::new,
                    Reduction.sumLong()), "run " + i + ": " + shape);
        }
    }

    /** Runs started at the same time, from different members, each with its own home: both exact. */
    @Test
    void concurrentRunsFromSeveralHomes() throws Exception {
        SyntheticTree.Shape shape = SyntheticTree.Shape.binomial(300, 4, 0.2475, 0);
        java.util.List<java.util.concurrent.CompletableFuture<Long>> runs = new java.util.ArrayList<>();
        for (WeftCluster m : CLUSTERS[3].members) {
            for (long seed = 1; seed <= 2; seed++) {
                long s = seed;
                runs.add(java.util.concurrent.CompletableFuture.supplyAsync(() ->
                        m.run(shape.seeded(s).root(), SyntheticTree.Queue::new, Reduction.sumLong())));
            }
        }
        for (int i = 0; i < runs.size(); i++) {
            assertEquals(shape.seeded(1 + i % 2).serial()[1], runs.get(i).get(120, java.util.concurrent.TimeUnit.SECONDS));
        }
    }

    /** Work reaches other members: the counting tree is split between them, not run on the home alone. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void workMovesBetweenMembers(int members) {
        SyntheticTree.Shape shape = SyntheticTree.Shape.binomial(300, 4, 0.2499, 0);
        RunReport<Long> r = home(members).runReported(shape.seeded(1).root(), SyntheticTree.Queue::new, Reduction.sumLong()); // 11 M nodes
        assertTrue(r.unitsMoved() > 0, r.toString());
        assertTrue(r.members().stream().filter(m -> !m.home()).allMatch(m -> m.units() > 0),
                "every member got some work: " + r);
        assertTrue(r.bytesSent() > 0);
    }
}
