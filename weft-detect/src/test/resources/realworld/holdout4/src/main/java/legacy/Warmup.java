package legacy;

import java.util.concurrent.atomic.AtomicInteger;

import jsr166y.RecursiveAction;

/** Waits, spinning, until every cache shard reports ready, then loads its own shard. */
public class Warmup extends RecursiveAction {
    private static final long serialVersionUID = 1L;

    private final AtomicInteger ready;
    private final int shards;
    private final int shard;

    public Warmup(AtomicInteger ready, int shards, int shard) {
        this.ready = ready;
        this.shards = shards;
        this.shard = shard;
    }

    @Override
    protected void compute() {
        ready.incrementAndGet();
        while (ready.get() < shards) {   // expect: B6
            Thread.yield();
        }
        load(shard);
    }

    static void load(int shard) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            sb.append(shard).append(':').append(i).append(',');
        }
        sb.setLength(0);
    }
}
