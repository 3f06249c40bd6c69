package dev.weft.bench.atomic;

import dev.weft.WeftPool;
import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A program of the atomic-sets suite in its four versions (thesis §6.4): the serial elision (no
 * parallelism, no locks), hand-written {@code synchronized} code on the usual thread pool
 * ({@link Executors#newFixedThreadPool}), the same {@code synchronized} code on Weft, and Weft with atomic
 * sets (the annotated classes, woven at build time). The thread pools are created once per worker count
 * and closed with the workload.
 */
abstract class AtomicWorkload implements Workload {
    static final Engine THREADS = Engine.of("threads", "synchronized + thread pool");
    static final Engine WEFT_LOCKS = Engine.onWeft("weft-locks", "Weft + synchronized");
    static final Engine WEFT_ATOMIC = Engine.onWeft("weft-atomic", "Weft + atomic sets");
    static final List<Engine> ENGINES = List.of(Engine.SERIAL, THREADS, WEFT_LOCKS, WEFT_ATOMIC);
    static final String SUITE = "atomic";

    private final Map<Integer, ExecutorService> threadPools = new TreeMap<>();

    /** The serial elision. */
    abstract Object serial();

    /** Hand-written locks; {@code pool} runs each of {@code tasks} (the usual thread-pool idiom). */
    abstract Object threads(ExecutorService pool, int workers) throws Exception;

    /** Hand-written locks on Weft. */
    abstract Object weftLocks(WeftPool pool);

    /** Atomic sets on Weft. */
    abstract Object weftAtomic(WeftPool pool);

    @Override
    public final Object run(Engine engine, int workers, Pools pools) throws Exception {
        if (engine.equals(Engine.SERIAL)) {
            return serial();
        }
        if (engine.equals(THREADS)) {
            return threads(threadPools.computeIfAbsent(workers, Executors::newFixedThreadPool), workers);
        }
        if (engine.equals(WEFT_LOCKS)) {
            return weftLocks(pools.weft(workers));
        }
        if (engine.equals(WEFT_ATOMIC)) {
            return weftAtomic(pools.weft(workers));
        }
        throw new IllegalArgumentException(label() + " does not run on " + engine);
    }

    /** Runs the tasks on the pool and waits for all; the first failure is rethrown. */
    static void invokeAll(ExecutorService pool, List<Callable<Void>> tasks) throws Exception {
        for (Future<Void> f : pool.invokeAll(tasks)) {
            f.get();
        }
    }

    /** {@code [0, n)} in {@code parts} contiguous ranges, as tasks of {@code body(lo, hi)}. */
    static List<Callable<Void>> ranges(int n, int parts, RangeBody body) {
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            int lo = (int) ((long) n * p / parts);
            int hi = (int) ((long) n * (p + 1) / parts);
            tasks.add(() -> {
                body.run(lo, hi);
                return null;
            });
        }
        return tasks;
    }

    interface RangeBody {
        void run(int lo, int hi);
    }

    @Override
    public void close() {
        threadPools.values().forEach(ExecutorService::close);
        threadPools.clear();
    }
}
