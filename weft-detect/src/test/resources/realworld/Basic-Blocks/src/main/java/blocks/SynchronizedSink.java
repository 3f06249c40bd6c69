package blocks;

import java.util.ArrayList;
import java.util.List;

/** Collects blocks in a list guarded by this object's monitor. */
public class SynchronizedSink implements BlockSink {
    private final List<int[]> blocks = new ArrayList<>();

    @Override
    public synchronized void block(int start, int end) {   // expect: B5
        blocks.add(new int[] {start, end});
    }

    @Override
    public synchronized int count() {   // expect: B5
        return blocks.size();
    }
}
