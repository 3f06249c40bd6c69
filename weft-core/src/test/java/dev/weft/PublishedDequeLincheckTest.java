package dev.weft;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayDeque;
import java.util.Deque;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of the steal handover's shared structure, checked by Lincheck: one owner thread pushes
 * jobs and takes its newest back ({@code unpush}), as publication and joins do; other threads steal
 * the oldest. The sequential specification is a plain deque. The deque starts with capacity 2 so that
 * scenarios exercise growth while thieves hold the old array.
 *
 * <p>The check is sized to catch a broken growth: {@link #catchesAPlainReadInGrow} runs the same options on a
 * deque whose grow copies entries with a plain read (a thief and the owner's copy both keep an entry) and
 * requires the check to fail. A stress run (real threads, the same scenarios) missed that fault on two cores and
 * is not kept.
 */
public class PublishedDequeLincheckTest {
    private final PublishedDeque deque = newDeque();
    /** The owner's jobs not yet taken back, newest first: what a worker's pending stack remembers. */
    private final Deque<IdJob> mine = new ArrayDeque<>();
    private int nextId;

    /** The deque under test (JUnit wants one constructor, so subclasses choose it here). */
    PublishedDeque newDeque() {
        return new PublishedDeque(2);
    }

    /** The deque with the planted fault: grow copies with a plain read. */
    public static final class PlainGrow extends PublishedDequeLincheckTest {
        @Override
        PublishedDeque newDeque() {
            return new PublishedDeque(2, true);
        }
    }

    static final class IdJob extends Job {
        final int id;

        IdJob(int id) {
            this.id = id;
            this.forkSlot = id; // for pollIf: a joiner's test reads the publisher's slot index
        }

        @Override
        void perform() {
        }
    }

    @Operation(nonParallelGroup = "owner")
    public int push() {
        IdJob j = new IdJob(nextId++);
        deque.push(j);
        mine.push(j);
        return j.id;
    }

    @Operation(nonParallelGroup = "owner")
    public int unpushNewest() {
        IdJob j = mine.poll();
        if (j == null) {
            return -1;
        }
        return deque.unpush(j) ? j.id : -1;
    }

    @Operation
    public int steal() {
        Job j = deque.poll();
        return j == null ? -1 : ((IdJob) j).id;
    }

    /**
     * A helping joiner: takes the oldest job only if it qualifies ({@link Job#mayHelp}: here, forked at
     * slot {@value #HELP_FLOOR} or above), else takes nothing.
     */
    @Operation
    public int stealIfEligible() {
        Job j = deque.pollIf(null, HELP_FLOOR, null);
        return j == null ? -1 : ((IdJob) j).id;
    }

    static final int HELP_FLOOR = 2;

    /** The sequential specification. */
    public static final class Spec {
        private final Deque<Integer> d = new ArrayDeque<>();
        private final Deque<Integer> mine = new ArrayDeque<>();
        private int nextId;

        public int push() {
            int id = nextId++;
            d.addLast(id);
            mine.push(id);
            return id;
        }

        public int unpushNewest() {
            Integer id = mine.poll();
            if (id == null) {
                return -1;
            }
            if (id.equals(d.peekLast())) {
                d.removeLast();
                return id;
            }
            return -1;
        }

        public int steal() {
            Integer id = d.pollFirst();
            return id == null ? -1 : id;
        }

        public int stealIfEligible() {
            Integer id = d.peekFirst();
            if (id == null || id < HELP_FLOOR) {
                return -1;
            }
            d.pollFirst();
            return id;
        }
    }

    static ModelCheckingOptions options() {
        return new ModelCheckingOptions()
                .iterations(Integer.getInteger("weft.lincheck.iterations", 25))
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(2)
                .sequentialSpecification(Spec.class);
    }

    @Test
    void modelChecking() {
        options().check(PublishedDequeLincheckTest.class);
    }

    /** The same check fails on the deque with a plain read in grow: it is sized to find that race. */
    @Test
    void catchesAPlainReadInGrow() {
        // Not minimised: the first failing scenario is enough, and minimising it reruns the check many times.
        assertThrows(AssertionError.class, () -> options().minimizeFailedScenario(false).check(PlainGrow.class));
    }
}
