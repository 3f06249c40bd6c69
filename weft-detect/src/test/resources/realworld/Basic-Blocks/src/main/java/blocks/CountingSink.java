package blocks;

import java.util.concurrent.atomic.LongAdder;

/** Only counts blocks, without a lock. */
public class CountingSink implements BlockSink {
    private final LongAdder n = new LongAdder();

    @Override
    public void block(int start, int end) {
        n.increment();
    }

    @Override
    public int count() {
        return n.intValue();
    }
}
