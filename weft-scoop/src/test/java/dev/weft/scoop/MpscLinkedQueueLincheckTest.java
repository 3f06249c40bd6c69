package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of a handler's queue of queues, checked by Lincheck: producers (clients reserving the
 * handler) offer concurrently, one consumer (the handler) polls and checks {@code hasItem}; the
 * specification is a plain FIFO. An offer that returned must be visible to the next poll — the property
 * an exchange-based (Vyukov) enqueue lacks while a producer is preempted before it links its node.
 *
 * <p>The check is sized to catch a broken link: {@link #catchesALinkWithoutCas} runs the same options on a
 * queue whose producers link with a read of {@code next} and then a write (two producers that read the same
 * last node both link, and one node is lost) and requires the check to find results no FIFO gives. The
 * stress run is kept for what the model checker cannot do: it runs the JIT-compiled queue on real threads
 * under the Java memory model (the model checker's world is sequentially consistent). It too caught the
 * planted fault on two cores, in about 3 s.
 */
public class MpscLinkedQueueLincheckTest {
    private final MpscLinkedQueue<Integer> q = newQueue();

    /** The queue under test (JUnit wants one constructor, so subclasses choose it here). */
    MpscLinkedQueue<Integer> newQueue() {
        return new MpscLinkedQueue<>();
    }

    /** The queue with the planted fault: a producer links with a read, then a write, and no CAS. */
    public static final class LinkWithoutCas extends MpscLinkedQueueLincheckTest {
        @Override
        MpscLinkedQueue<Integer> newQueue() {
            return new MpscLinkedQueue<>() {
                @Override
                boolean link(MpscLinkedQueue.Node<Integer> last, MpscLinkedQueue.Node<Integer> n) {
                    if (last.next != null) {
                        return false;
                    }
                    last.next = n; // another producer may have linked its node since the read: it is lost
                    return true;
                }
            };
        }
    }

    @Operation
    public void offer(@Param(gen = IntGen.class, conf = "1:9") int v) {
        q.offer(v);
    }

    @Operation(nonParallelGroup = "consumer")
    public int poll() {
        Integer v = q.poll();
        return v == null ? -1 : v;
    }

    @Operation(nonParallelGroup = "consumer")
    public boolean hasItem() {
        return q.hasItem();
    }

    static ModelCheckingOptions options() {
        return new ModelCheckingOptions()
                .iterations(Integer.getInteger("weft.lincheck.iterations", 15))
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(3)
                .sequentialSpecification(FifoSpec.class);
    }

    @Test
    void modelChecking() {
        options().check(MpscLinkedQueueLincheckTest.class);
    }

    /** The same check fails on the queue that links without a CAS: it is sized to find that race. */
    @Test
    void catchesALinkWithoutCas() {
        // Not minimised: the first failing scenario is enough, and minimising it reruns the check many times.
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class,
                () -> options().minimizeFailedScenario(false).check(LinkWithoutCas.class));
        assertTrue(e.getMessage().contains("Invalid execution results"), e.getMessage());
    }

    @Test
    void stress() {
        new StressOptions()
                .iterations(Integer.getInteger("weft.lincheck.iterations", 15))
                .invocationsPerIteration(500)
                .threads(3)
                .actorsPerThread(4)
                .sequentialSpecification(FifoSpec.class)
                .check(MpscLinkedQueueLincheckTest.class);
    }
}
