package dev.weft.bench;

import dev.weft.PoolStats;
import dev.weft.WeftPool;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;

/**
 * Measures one program: warm-up, then repetitions in which every version runs once, interleaved, with
 * the input reset and (by default) a GC before each timed run. Every result is checked.
 */
final class Runner {
    /** A version of a program: a runtime at a worker count (the serial elision has 1 "worker"). */
    record Config(String runtime, int workers) {
        String label() {
            return runtime.equals("serial") ? "serial" : runtime + " x" + workers;
        }
    }

    /** The measurements of one program. */
    record ProgramResult(Program program, String label, Map<Config, List<Sample>> samples, long weftTasksAtOneWorker) {
        /** This result's samples as lines of {@link Forks#SAMPLE_HEADER}. */
        List<String> sampleLines() {
            List<String> out = new ArrayList<>();
            for (var e : samples.entrySet()) {
                if (e.getValue() == null) {
                    continue;
                }
                for (Sample s : e.getValue()) {
                    out.add(String.join(",", program.name(), e.getKey().runtime(), Integer.toString(e.getKey().workers()),
                            Long.toString(s.nanos()), Long.toString(s.gcNanos()), Long.toString(s.allocatedBytes()),
                            Long.toString(s.steals()), Long.toString(s.tasks()), Long.toString(s.stealAttempts()),
                            Long.toString(s.failedSteals()), Long.toString(s.idleNanos()), Long.toString(s.servingNanos()),
                            label));
                }
            }
            return out;
        }
    }

    private final Options options;
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    private final Map<Integer, PoolStats> lastStats = new LinkedHashMap<>();

    Runner(Options options) {
        this.options = options;
    }

    ProgramResult run(Program program) {
        Workload w = program.create(options.quick);
        List<Config> configs = new ArrayList<>();
        if (options.runtimes.contains("serial")) {
            configs.add(new Config("serial", 1));
        }
        for (int p : options.workers) {
            for (String rt : List.of("fjp", "weft")) {
                if (options.runtimes.contains(rt)) {
                    configs.add(new Config(rt, p));
                }
            }
        }
        Map<Integer, ForkJoinPool> fjps = new LinkedHashMap<>();
        Map<Integer, WeftPool> wefts = new LinkedHashMap<>();
        for (int p : options.workers) {
            if (options.runtimes.contains("fjp")) {
                fjps.put(p, new ForkJoinPool(p));
            }
            if (options.runtimes.contains("weft")) {
                wefts.put(p, WeftPool.builder().parallelism(p).name("bench-" + p).build());
            }
        }
        try {
            w.reset();
            Object expected = w.serial();
            w.check(expected, expected);
            Map<Config, List<Sample>> samples = new LinkedHashMap<>();
            int total = options.warmup + options.reps;
            for (int rep = 0; rep < total; rep++) {
                boolean measured = rep >= options.warmup;
                // Rotate the order every repetition so no version always runs right after another.
                for (int k = 0; k < configs.size(); k++) {
                    Config c = configs.get((k + rep) % configs.size());
                    progress(w.label(), c, rep, total);
                    Sample s = runOnce(w, c, expected, fjps, wefts);
                    if (measured) {
                        samples.computeIfAbsent(c, x -> new ArrayList<>()).add(s);
                    }
                }
            }
            if (options.stats) {
                for (var e : wefts.entrySet()) {
                    System.out.println(w.label() + " at " + e.getKey() + " workers, last run:\n" + lastStats.get(e.getKey()));
                }
            }
            long tasks1 = 0;
            List<Sample> weft1 = samples.get(new Config("weft", 1));
            if (weft1 != null && !weft1.isEmpty()) {
                tasks1 = weft1.get(0).tasks();
            }
            Map<Config, List<Sample>> ordered = new LinkedHashMap<>();
            for (Config c : configs) {
                ordered.put(c, samples.get(c));
            }
            return new ProgramResult(program, w.label(), ordered, tasks1);
        } finally {
            clearProgress();
            fjps.values().forEach(ForkJoinPool::close);
            wefts.values().forEach(WeftPool::close);
        }
    }

    private Sample runOnce(Workload w, Config c, Object expected, Map<Integer, ForkJoinPool> fjps,
                           Map<Integer, WeftPool> wefts) {
        w.reset();
        if (options.gcBetweenRuns) {
            System.gc();
        }
        ForkJoinPool fjp = fjps.get(c.workers());
        WeftPool weft = wefts.get(c.workers());
        long fjpStealsBefore = c.runtime().equals("fjp") ? fjp.getStealCount() : 0;
        if (c.runtime().equals("weft")) {
            weft.resetStats();
        }
        long gc0 = gcNanos();
        long alloc0 = threads.getTotalThreadAllocatedBytes();
        long t0 = System.nanoTime();
        Object result = switch (c.runtime()) {
            case "serial" -> w.serial();
            case "fjp" -> w.forkJoin(fjp);
            default -> w.weft(weft);
        };
        long nanos = System.nanoTime() - t0;
        long alloc = threads.getTotalThreadAllocatedBytes() - alloc0;
        long gc = gcNanos() - gc0;
        // Snapshot the counters before the (untimed) check: idle workers keep accruing idle time.
        long fjpSteals = c.runtime().equals("fjp") ? fjp.getStealCount() - fjpStealsBefore : 0;
        PoolStats st = c.runtime().equals("weft") ? weft.stats() : null;
        try {
            w.check(result, expected);
        } catch (AssertionError e) {
            throw new AssertionError(w.label() + " " + c.label() + ": wrong result: " + e.getMessage(), e);
        }
        return switch (c.runtime()) {
            case "fjp" -> new Sample(nanos, gc, alloc, fjpSteals, 0, 0, 0, 0, 0);
            case "weft" -> {
                lastStats.put(c.workers(), st);
                PoolStats.WorkerStats t = st.total();
                yield new Sample(nanos, gc, alloc, t.steals(), st.tasks(), t.stealAttempts(), t.failedSteals(),
                        t.idleNanos(), t.servingNanos());
            }
            default -> new Sample(nanos, gc, alloc, 0, 0, 0, 0, 0, 0);
        };
    }

    private long gcNanos() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : gcs) {
            long t = gc.getCollectionTime();
            if (t > 0) {
                ms += t;
            }
        }
        return ms * 1_000_000L;
    }

    private static void progress(String label, Config c, int rep, int total) {
        if (System.console() != null || Boolean.getBoolean("weft.progress")) {
            System.err.printf("\r  %-28s %-10s run %2d/%d   ", label, c.label(), rep + 1, total);
            System.err.flush();
        }
    }

    private static void clearProgress() {
        if (System.console() != null || Boolean.getBoolean("weft.progress")) {
            System.err.print("\r" + " ".repeat(60) + "\r");
            System.err.flush();
        }
    }
}
