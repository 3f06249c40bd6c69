package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Members that leave in the middle of a run — killed (Hazelcast's terminate: no goodbye) or closed — lose
 * no work and count none twice; a member that joins in the middle gets work.
 */
class ResilienceTest {
    /** 123,553 nodes (seed 2) of 25 µs: 3 s of work; seed 10, 185,509 nodes. */
    private static final SyntheticTree.Shape SHAPE = SyntheticTree.Shape.binomial(400, 4, 0.2475, 0);
    private static final long SEED = 2;
    private static final long EXPECTED = SHAPE.seeded(SEED).serial()[1];

    @Test
    void aKilledMemberLosesNothingAndIsCountedOnce() throws Exception {
        leaveMidRun(6400, m -> m.hazelcast().getLifecycleService().terminate());
    }

    @Test
    void aMemberClosedMidRunLosesNothing() throws Exception {
        leaveMidRun(6450, WeftCluster::close);
    }

    private void leaveMidRun(int port, Consumer<WeftCluster> leave) throws Exception {
        try (Clusters c = Clusters.start(3, 1, port)) {
            WeftCluster victim = c.members.get(2);
            CompletableFuture<RunReport<Long>> run = CompletableFuture.supplyAsync(() ->
                    c.home().runReported(SHAPE.seeded(SEED).root(), SlowTree.Queue::new, Reduction.sumLong()));
            long t0 = System.nanoTime();
            while (SlowTree.processedBy(victim) < 500) {
                assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(60), "the third member never got work");
                assertTrue(!run.isDone(), "the run ended before the third member got work: " + (run.isDone() ? run.join() : ""));
                Thread.sleep(5);
            }
            leave.accept(victim);
            victim.close();
            RunReport<Long> r = run.get(120, TimeUnit.SECONDS);
            assertEquals(EXPECTED, r.value(), r.toString());
            assertTrue(r.recovered(), "the run should have re-run the units the member held: " + r);
            assertEquals(2, r.members().size(), r.toString());
        }
    }

    @Test
    void aMemberThatJoinsMidRunGetsWork() throws Exception {
        Clusters c = Clusters.start(2, 1, 6500);
        WeftCluster late = null;
        try {
            CompletableFuture<RunReport<Long>> run = CompletableFuture.supplyAsync(() ->
                    c.home().runReported(SHAPE.seeded(10).root(), SlowTree.Queue::new, Reduction.sumLong()));
            long t0 = System.nanoTime();
            while (SlowTree.processedBy(c.members.get(1)) < 200) {
                assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(60), "the second member never got work");
                Thread.sleep(5);
            }
            String name = c.home().hazelcast().getConfig().getClusterName();
            late = WeftCluster.join(Clusters.builder(name, 6500, 1).expectMembers(3).build());
            RunReport<Long> r = run.get(120, TimeUnit.SECONDS);
            assertEquals(SHAPE.seeded(10).serial()[1], r.value(), r.toString());
            assertEquals(3, r.members().size(), r.toString());
            String lateAddress = late.address();
            MemberReport lr = r.members().stream().filter(m -> m.member().equals(lateAddress)).findFirst().orElseThrow();
            assertTrue(lr.units() > 0 && lr.firstWorkNanos() >= 0, "the late member got no work: " + r);
        } finally {
            if (late != null) {
                late.close();
            }
            c.close();
        }
    }

    @Test
    void runsAfterARecoveryAreExactToo() throws Exception {
        try (Clusters c = Clusters.start(3, 1, 6550)) {
            WeftCluster victim = c.members.get(1);
            CompletableFuture<Long> run = CompletableFuture.supplyAsync(() ->
                    c.home().run(SHAPE.seeded(SEED).root(), SlowTree.Queue::new, Reduction.sumLong()));
            long t0 = System.nanoTime();
            while (SlowTree.processedBy(victim) < 500) {
                assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(60), "the member never got work");
                Thread.sleep(5);
            }
            victim.hazelcast().getLifecycleService().terminate();
            victim.close();
            assertEquals(EXPECTED, run.get(120, TimeUnit.SECONDS));
            // The cluster goes on with two members.
            SyntheticTree.Shape small = SyntheticTree.Shape.binomial(100, 4, 0.24, 0);
            assertEquals(small.seeded(1).serial()[1], c.home().run(small.seeded(1).root(), SyntheticTree.Queue::new,
                    Reduction.sumLong()));
        }
    }

    /** The home is the one member a run cannot lose: its caller learns so at once, and the others go on. */
    @Test
    void aHomeThatLeavesEndsItsRunLoudlyAndTheOthersGoOn() throws Exception {
        try (Clusters c = Clusters.start(3, 1, 6580)) {
            WeftCluster home = c.members.get(2);
            CompletableFuture<Long> run = CompletableFuture.supplyAsync(() ->
                    home.run(SHAPE.seeded(SEED).root(), SlowTree.Queue::new, Reduction.sumLong()));
            long t0 = System.nanoTime();
            while (SlowTree.processedBy(c.members.get(0)) + SlowTree.processedBy(c.members.get(1)) < 300) {
                assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(60), "the others never got work");
                Thread.sleep(5);
            }
            home.close();
            java.util.concurrent.ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(
                    java.util.concurrent.ExecutionException.class, () -> run.get(60, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof ClusterException && e.getCause().getMessage().contains("closed"),
                    String.valueOf(e.getCause()));
            SyntheticTree.Shape small = SyntheticTree.Shape.binomial(100, 4, 0.24, 0);
            assertEquals(small.seeded(2).serial()[1], c.home().run(small.seeded(2).root(), SyntheticTree.Queue::new,
                    Reduction.sumLong()));
        }
    }

}
