package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.TaskFailedException;
import dev.weft.WeftPool;
import java.io.Serializable;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Bad input fails at once with its reason; failures on any member reach the caller once; no wait is endless. */
class FailureTest {
    private static Clusters cluster;

    @BeforeAll
    static void start() {
        cluster = Clusters.start(3, 1, 6600, b -> b.runTimeout(Duration.ofSeconds(60)));
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    private static WeftCluster home() {
        return cluster.home();
    }

    /** Not serialisable. */
    static final class Opaque {
        final int x = 1;
    }

    @Test
    void aFactoryThatCannotBeSerialisedFailsAtSubmissionNamingWhy() {
        Opaque captured = new Opaque();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> home().run(
                SyntheticTree.Shape.binomial(10, 2, 0.1, 0).seeded(1).root(), () -> captured.x > 0 ? new SyntheticTree.Queue() : null,
                Reduction.sumLong()));
        assertTrue(e.getMessage().contains("queue factory") && e.getMessage().contains(Opaque.class.getName()), e.getMessage());
    }

    /** A bag that is declared serialisable but holds something that is not. */
    record BadBag(Object payload) implements Serializable {
    }

    @Test
    void workThatCannotBeSerialisedFailsAtSubmissionNamingWhy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> home().run(
                new BadBag(new Opaque()), BadQueue::new, Reduction.sumLong()));
        assertTrue(e.getMessage().contains("the work") && e.getMessage().contains(Opaque.class.getName()), e.getMessage());
        IllegalArgumentException r = assertThrows(IllegalArgumentException.class, () -> home().run(
                SyntheticTree.Shape.binomial(10, 2, 0.1, 0).seeded(1).root(), SyntheticTree.Queue::new, Reduction.of(0L, new Reducer())));
        assertTrue(r.getMessage().contains("reduction"), r.getMessage());
    }

    /** A reduction's operation that holds something not serialisable. */
    static final class Reducer implements Remote.BinaryOperator<Long> {
        private final Opaque opaque = new Opaque();

        @Override
        public Long apply(Long a, Long b) {
            return a + b + opaque.x * 0L;
        }
    }

    /** Never gets to run: its work cannot be serialised. */
    static final class BadQueue implements TaskQueue<BadBag, Long> {
        @Override
        public boolean process(int n) {
            return false;
        }

        @Override
        public BadBag split() {
            return null;
        }

        @Override
        public void merge(BadBag bag) {
        }

        @Override
        public Long result() {
            return 0L;
        }
    }

    @Test
    void aBagThatCannotTravelFailsTheRunNamingItsClass() {
        // The root bag is fine (a Long); the halves given to other members are not.
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> home().run(
                new CountBag(200_000), CountQueue::new, Reduction.sumLong()));
        assertInstanceOf(IllegalArgumentException.class, e.getCause(), String.valueOf(e.getCause()));
        assertTrue(e.getCause().getMessage().contains(Opaque.class.getName()), e.getCause().getMessage());
        assertSecondRunWorks();
    }

    /** A count of work items. */
    static class CountBag implements Serializable {
        final long count;

        CountBag(long count) {
            this.count = count;
        }
    }

    /** A bag whose subclass holds something that cannot be serialised. */
    static final class PoisonedBag extends CountBag {
        final Opaque opaque = new Opaque();

        PoisonedBag(long count) {
            super(count);
        }
    }

    /** Its splits are poisoned bags: fine on this member, impossible to send to another. */
    static final class CountQueue implements TaskQueue<CountBag, Long> {
        private long left;
        private long done;

        @Override
        public boolean process(int n) {
            long k = Math.min(Math.min(n, 16), left);
            for (long i = 0; i < k * 500; i++) {
                Thread.onSpinWait();
            }
            left -= k;
            done += k;
            return left > 0;
        }

        @Override
        public CountBag split() {
            if (left < 2) {
                return null;
            }
            long half = left / 2;
            left -= half;
            return new PoisonedBag(half);
        }

        @Override
        public void merge(CountBag bag) {
            left += bag.count;
        }

        @Override
        public Long result() {
            return done;
        }
    }

    /** Thrown by user code on a member other than the home. */
    static final class RemoteBoom extends RuntimeException {
        RemoteBoom(String message) {
            super(message);
        }
    }

    static volatile WeftPool homePool;

    /** Counts a tree, but fails on any member but the home once it has done some work there. */
    static final class FailingElsewhere extends TreeWrapper {
        private int steps;

        @Override
        public boolean process(int n) {
            if (WeftPool.current() != homePool && ++steps > 3) {
                throw new RemoteBoom("failed on " + WeftPool.current());
            }
            for (int i = 0; i < 20_000; i++) {
                Thread.onSpinWait();
            }
            return step(Math.min(n, 16));
        }
    }

    @Test
    void aFailureOnAnotherMemberReachesTheCallerOnceWithItsOwnType() {
        homePool = home().pool();
        TaskFailedException e = assertThrows(TaskFailedException.class, () -> home().run(
                SyntheticTree.Shape.binomial(300, 4, 0.2475, 0).seeded(2).root(), FailingElsewhere::new, Reduction.sumLong()));
        assertInstanceOf(RemoteBoom.class, e.getCause());
        assertTrue(e.getCause().getMessage().startsWith("failed on"), e.getCause().getMessage());
        assertSecondRunWorks();
    }

    @Test
    void aRunPastItsTimeoutFailsNamingWhatIsOutstandingAndWhere() {
        Clusters c = Clusters.start(2, 1, 6650, b -> b.runTimeout(Duration.ofSeconds(2)));
        try {
            long t0 = System.nanoTime();
            ClusterException e = assertThrows(ClusterException.class, () -> c.home().run(new CountBag(Long.MAX_VALUE),
                    Endless::new, Reduction.sumLong()));
            assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(30).toNanos());
            assertTrue(e.getMessage().contains("did not finish within 2000 ms") && e.getMessage().contains("outstanding")
                    && e.getMessage().contains(c.home().address()), e.getMessage());
        } finally {
            c.close();
        }
    }

    /** Never runs out. */
    static final class Endless implements TaskQueue<CountBag, Long> {
        @Override
        public boolean process(int n) {
            for (int i = 0; i < 1000; i++) {
                Thread.onSpinWait();
            }
            return true;
        }

        @Override
        public CountBag split() {
            return new CountBag(1);
        }

        @Override
        public void merge(CountBag bag) {
        }

        @Override
        public Long result() {
            return 0L;
        }
    }

    @Test
    void joinFailsWithinItsTimeoutNamingTheMembersItLookedFor() {
        long t0 = System.nanoTime();
        ClusterException e = assertThrows(ClusterException.class, () -> WeftCluster.join(
                Clusters.builder("alone-" + UUID.randomUUID(), 6700, 1).members("127.0.0.1:6791", "127.0.0.1:6792")
                        .expectMembers(2).joinTimeout(Duration.ofSeconds(3)).build()));
        long took = System.nanoTime() - t0;
        assertTrue(took < Duration.ofSeconds(30).toNanos(), "took " + took / 1e9 + " s");
        assertTrue(e.getMessage().contains("could not reach") && e.getMessage().contains("127.0.0.1:6791")
                && e.getMessage().contains("expects 2"), e.getMessage());
    }

    @Test
    void badSettingsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> ClusterConfig.builder().port(0));
        assertThrows(IllegalArgumentException.class, () -> ClusterConfig.builder().expectMembers(0));
        assertThrows(IllegalArgumentException.class, () -> ClusterConfig.builder().workers(0));
        assertThrows(IllegalArgumentException.class, () -> ClusterConfig.builder().stepTime(Duration.ZERO));
        assertThrows(NullPointerException.class, () -> home().run(null, SyntheticTree.Queue::new, Reduction.sumLong()));
        assertThrows(NullPointerException.class, () -> home().parallelFor(0, 1, null));
    }

    private static void assertSecondRunWorks() {
        SyntheticTree.Shape s = SyntheticTree.Shape.binomial(100, 4, 0.24, 0);
        assertEquals(s.seeded(4).serial()[1], home().run(s.seeded(4).root(), SyntheticTree.Queue::new, Reduction.sumLong()));
    }
}
