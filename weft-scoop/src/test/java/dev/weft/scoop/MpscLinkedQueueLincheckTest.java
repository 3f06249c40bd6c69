package dev.weft.scoop;

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
 */
@Param(name = "v", gen = IntGen.class, conf = "1:9")
public class MpscLinkedQueueLincheckTest {
    private final MpscLinkedQueue<Integer> q = new MpscLinkedQueue<>();

    @Operation
    public void offer(@Param(name = "v") int v) {
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

    @Test
    void modelChecking() {
        new ModelCheckingOptions()
                .iterations(Integer.getInteger("weft.lincheck.iterations", 15))
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(3)
                .sequentialSpecification(FifoSpec.class)
                .check(MpscLinkedQueueLincheckTest.class);
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
