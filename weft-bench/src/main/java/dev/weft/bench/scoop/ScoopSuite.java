package dev.weft.bench.scoop;

import dev.weft.WeftPool;
import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.Program;
import dev.weft.bench.Workload;
import dev.weft.scoop.Scoop;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SCOOP suite (West, Nanz, Meyer 2015's benchmarks): its engines — Weft SCOOP and its two ablations, plain Java
 * threads, and for the parallel set Weft fork/join — and the base classes of its programs.
 */
public final class ScoopSuite {
    /** The suite's name for {@code ./weft bench --suite}. */
    public static final String NAME = "scoop";

    /** Weft SCOOP with every optimization of West, Nanz, Meyer 2015: queue of queues and dynamic sync coalescing. */
    public static final Engine SCOOP = Engine.onWeft("scoop", "Weft SCOOP");
    /** The lock-based SCOOP baseline: a lock per handler, held for the whole block. */
    public static final Engine NO_QOQ = Engine.onWeft("scoop-noqoq", "Weft SCOOP, lock-based (no queue of queues)");
    /** Every query a round trip to the handler. */
    public static final Engine NO_COALESCE = Engine.onWeft("scoop-nocoalesce", "Weft SCOOP, no sync coalescing");
    /** Idiomatic plain Java: threads with {@code synchronized} or j.u.c. locks, conditions and queues. */
    public static final Engine THREADS = Engine.of("java-threads", "plain Java threads");
    /** Plain Java threads with a {@link java.util.concurrent.locks.ReentrantLock} (the counter program only). */
    public static final Engine LOCK = Engine.of("java-lock", "plain Java threads, ReentrantLock");
    /** Weft fork/join ({@code parallelFor}, {@code join}): the reference of the parallel set. */
    public static final Engine FORK_JOIN = Engine.WEFT;

    static final List<Engine> PARALLEL = List.of(SCOOP, NO_QOQ, NO_COALESCE, THREADS, FORK_JOIN);
    static final List<Engine> CONCURRENT = List.of(SCOOP, NO_QOQ, NO_COALESCE, THREADS);
    static final List<Engine> LOCKING = List.of(SCOOP, NO_QOQ, NO_COALESCE, THREADS, LOCK);

    private ScoopSuite() {
    }

    static boolean isScoop(Engine e) {
        return e.equals(SCOOP) || e.equals(NO_QOQ) || e.equals(NO_COALESCE);
    }

    /** A program of the suite: Cowichan programs compare with Weft fork/join, the others with threads. */
    abstract static class SuiteProgram implements Program {
        private final List<Engine> engines;
        private final Engine reference;

        SuiteProgram(boolean parallel) {
            this(parallel ? PARALLEL : CONCURRENT, parallel ? FORK_JOIN : THREADS);
        }

        SuiteProgram(List<Engine> engines, Engine reference) {
            this.engines = engines;
            this.reference = reference;
        }

        @Override
        public final String suite() {
            return NAME;
        }

        @Override
        public final List<Engine> engines() {
            return engines;
        }

        @Override
        public final Engine subject() {
            return SCOOP;
        }

        @Override
        public final Engine reference() {
            return reference;
        }
    }

    /**
     * A workload of the suite: one program in a version per engine. The three SCOOP engines run the same
     * code ({@link #scoop}) on runtimes that differ only in their ablation switches, all on the runner's
     * shared Weft pool of the run's size.
     */
    abstract static class SuiteWorkload implements Workload {
        /** Runtimes per pool and engine; a runtime is a few fields, its handlers live in the programs. */
        private final Map<WeftPool, Map<Engine, Scoop>> runtimes = new IdentityHashMap<>();

        /** The SCOOP version: a root that creates handlers and drives them with separate blocks. */
        abstract Object scoop(Scoop scoop, int workers) throws Exception;

        /** The plain-threads version, with {@code workers} threads where the program has a choice. */
        abstract Object threads(int workers) throws Exception;

        /** The plain-threads version with {@code ReentrantLock} ({@link #LOCK}; the counter program only). */
        Object lock(int workers) throws Exception {
            throw new IllegalArgumentException(label() + " has no ReentrantLock version");
        }

        /** The Weft fork/join version (parallel set only). */
        Object forkJoin(WeftPool pool, int workers) {
            throw new IllegalArgumentException(label() + " has no fork/join version");
        }

        @Override
        public final Object run(Engine engine, int workers, Pools pools) throws Exception {
            if (isScoop(engine)) {
                return scoop(runtime(engine, pools.weft(workers)), workers);
            }
            if (engine.equals(THREADS)) {
                return threads(workers);
            }
            if (engine.equals(LOCK)) {
                return lock(workers);
            }
            if (engine.equals(FORK_JOIN)) {
                return forkJoin(pools.weft(workers), workers);
            }
            throw new IllegalArgumentException(label() + " does not run on " + engine);
        }

        Scoop runtime(Engine engine, WeftPool pool) {
            return runtimes.computeIfAbsent(pool, p -> new IdentityHashMap<>()).computeIfAbsent(engine,
                    e -> Scoop.builder(pool).queueOfQueues(!e.equals(NO_QOQ)).syncCoalescing(!e.equals(NO_COALESCE))
                            .build());
        }
    }
}
