package dev.weft.bench;

import dev.weft.PoolStats;
import dev.weft.WeftPool;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ForkJoinPool;

/**
 * The thread pools the runner shares between the versions of one program: a {@link ForkJoinPool} and a
 * {@link WeftPool} per worker count, created on first use and closed when the program is done. The runner
 * resets their counters before each timed run and reads them after it, so a workload that runs on one of
 * these pools gets steal and idle figures in the tables without doing anything.
 */
public final class Pools implements AutoCloseable {
    private final Map<Integer, ForkJoinPool> forkJoin = new TreeMap<>();
    private final Map<Integer, WeftPool> weft = new TreeMap<>();
    private final String prefix;

    /** Pools whose WeftPools are named {@code bench-P}. */
    public Pools() {
        this("bench-");
    }

    /** Pools whose WeftPools are named {@code prefix} followed by their worker count. */
    Pools(String prefix) {
        this.prefix = prefix;
    }

    /** The ForkJoinPool of {@code workers} workers. */
    public ForkJoinPool forkJoin(int workers) {
        return forkJoin.computeIfAbsent(workers, ForkJoinPool::new);
    }

    /** The WeftPool of {@code workers} workers. */
    public WeftPool weft(int workers) {
        return weft.computeIfAbsent(workers, p -> WeftPool.builder().parallelism(p).name(prefix + p).build());
    }

    /** Steal count of the ForkJoinPool of this size so far; 0 if it does not exist. */
    long forkJoinSteals(int workers) {
        ForkJoinPool p = forkJoin.get(workers);
        return p == null ? 0 : p.getStealCount();
    }

    /** Resets the counters of the WeftPool of this size, if it exists. */
    void resetWeftStats(int workers) {
        WeftPool p = weft.get(workers);
        if (p != null) {
            p.resetStats();
        }
    }

    /** The counters of the WeftPool of this size, or null if it does not exist. */
    PoolStats weftStats(int workers) {
        WeftPool p = weft.get(workers);
        return p == null ? null : p.stats();
    }

    @Override
    public void close() {
        forkJoin.values().forEach(ForkJoinPool::close);
        weft.values().forEach(WeftPool::close);
        forkJoin.clear();
        weft.clear();
    }
}
