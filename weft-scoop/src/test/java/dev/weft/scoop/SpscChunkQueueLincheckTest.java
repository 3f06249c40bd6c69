package dev.weft.scoop;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of a private queue's storage, checked by Lincheck: one producer (the client) offers
 * two-word items, one consumer (the handler) polls them and checks {@code hasItem}; the specification is
 * a plain FIFO. The queue is prepared with its indices one item before a chunk boundary, so scenarios cross
 * into a newly linked chunk while the consumer reads.
 */
@Param(name = "v", gen = IntGen.class, conf = "1:9")
public class SpscChunkQueueLincheckTest {
    private final SpscChunkQueue q = new SpscChunkQueue();

    public SpscChunkQueueLincheckTest() {
        for (int i = 0; i < SpscChunkQueue.CHUNK_ITEMS - 1; i++) {
            q.offer(i, i);
            q.poll();
        }
    }

    @Operation(nonParallelGroup = "producer")
    public void offer(@Param(name = "v") int v) {
        q.offer(v, v * 10); // the argument must travel with its tag
    }

    @Operation(nonParallelGroup = "consumer")
    public int poll() {
        Object tag = q.poll();
        if (tag == null) {
            return -1;
        }
        int t = (Integer) tag;
        int a = (Integer) q.polledArg;
        return a == t * 10 ? t : -1000 - t; // a torn item shows as a value the specification never returns
    }

    @Operation(nonParallelGroup = "consumer")
    public boolean hasItem() {
        return q.hasItem();
    }

    @Test
    void modelChecking() {
        new ModelCheckingOptions()
                .iterations(Integer.getInteger("weft.lincheck.iterations", 15))
                .invocationsPerIteration(1_000)
                .threads(2)
                .actorsPerThread(4)
                .sequentialSpecification(FifoSpec.class)
                .check(SpscChunkQueueLincheckTest.class);
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
