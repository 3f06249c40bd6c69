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
 * Linearizability of a private queue's storage, checked by Lincheck: one producer (the client) offers
 * two-word items, one consumer (the handler) polls them and checks {@code hasItem}; the specification is
 * a plain FIFO. The queue is prepared with its indices one item before a chunk boundary, so scenarios cross
 * into a newly linked chunk while the consumer reads.
 *
 * <p>The check is sized to catch a broken publication ({@link #catchesATagPublishedBeforeItsArgument}). The
 * fault a reviewer would fear first, a plain store of the tag instead of a volatile (or release) one, is
 * invisible to this model checker: Lincheck runs every access sequentially consistently, so a plain store
 * behaves as a volatile one (and the stress run would see it only if the JIT happened to swap the two stores,
 * since x86 keeps stores in order). The planted fault is that bug made visible in program order: the tag (the
 * publication) written before the argument it publishes, so a consumer that finds the tag may read the
 * argument before it is there — what a plain tag store allows on a weaker machine or after a reordering JIT.
 * The stress run also caught it on two cores (in 10 to 16 s) and is kept: it runs the JIT-compiled queue on
 * real threads under the Java memory model.
 */
public class SpscChunkQueueLincheckTest {
    private final SpscChunkQueue q = newQueue();

    public SpscChunkQueueLincheckTest() {
        for (int i = 0; i < SpscChunkQueue.CHUNK_ITEMS - 1; i++) {
            q.offer(i, i);
            q.poll();
        }
    }

    /** The queue under test (JUnit wants one constructor, so subclasses choose it here). */
    SpscChunkQueue newQueue() {
        return new SpscChunkQueue();
    }

    /** The queue with the planted fault: the tag is published before the argument is written. */
    public static final class TagBeforeArg extends SpscChunkQueueLincheckTest {
        @Override
        SpscChunkQueue newQueue() {
            return new SpscChunkQueue() {
                @Override
                void publish(Object[] slots, int i, Object tag, Object arg) {
                    slots[i] = tag;
                    slots[i + 1] = arg;
                }
            };
        }
    }

    @Operation(nonParallelGroup = "producer")
    public void offer(@Param(gen = IntGen.class, conf = "1:9") int v) {
        q.offer(v, v * 10); // the argument must travel with its tag
    }

    @Operation(nonParallelGroup = "consumer")
    public int poll() {
        Object tag = q.poll();
        if (tag == null) {
            return -1;
        }
        int t = (Integer) tag;
        Object a = q.polledArg;
        // A torn item (an argument missing or not its tag's) shows as a value the specification never returns.
        return a instanceof Integer i && i == t * 10 ? t : -1000 - t;
    }

    @Operation(nonParallelGroup = "consumer")
    public boolean hasItem() {
        return q.hasItem();
    }

    static ModelCheckingOptions options() {
        return new ModelCheckingOptions()
                .iterations(Integer.getInteger("weft.lincheck.iterations", 15))
                .invocationsPerIteration(1_000)
                .threads(2)
                .actorsPerThread(4)
                .sequentialSpecification(FifoSpec.class);
    }

    @Test
    void modelChecking() {
        options().check(SpscChunkQueueLincheckTest.class);
    }

    /** The same check fails on the queue that publishes the tag first: it is sized to find that race. */
    @Test
    void catchesATagPublishedBeforeItsArgument() {
        // Not minimised: the first failing scenario is enough, and minimising it reruns the check many times.
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class,
                () -> options().minimizeFailedScenario(false).check(TagBeforeArg.class));
        assertTrue(e.getMessage().contains("Invalid execution results"), e.getMessage());
    }

    @Test
    void stress() {
        new StressOptions()
                .iterations(Integer.getInteger("weft.lincheck.iterations", 15))
                .invocationsPerIteration(500)
                .threads(2)
                .actorsPerThread(5)
                .sequentialSpecification(FifoSpec.class)
                .check(SpscChunkQueueLincheckTest.class);
    }
}
