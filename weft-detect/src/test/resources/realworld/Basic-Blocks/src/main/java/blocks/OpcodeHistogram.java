package blocks;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLongArray;

/** Counts opcodes with a RangeTask; the two counting actions differ in how they share the histogram. */
public final class OpcodeHistogram {
    private OpcodeHistogram() {
    }

    public static long[] locked(byte[] code) {
        long[] histogram = new long[256];
        ForkJoinPool.commonPool().invoke(new RangeTask(0, code.length, i -> {
            synchronized (histogram) {   // expect: B5
                histogram[code[i] & 0xff]++;
            }
        }));
        return histogram;
    }

    public static AtomicLongArray atomic(byte[] code) {
        AtomicLongArray histogram = new AtomicLongArray(256);
        ForkJoinPool.commonPool().invoke(new RangeTask(0, code.length, i -> histogram.incrementAndGet(code[i] & 0xff)));
        return histogram;
    }

    public static int blocks(byte[] code, boolean collect) {
        BlockSink sink = collect ? new SynchronizedSink() : new CountingSink();
        ForkJoinPool.commonPool().invoke(new LeaderScan(code, 0, code.length, sink));
        return sink.count();
    }
}
