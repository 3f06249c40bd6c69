package dev.weft.bench;

import dev.weft.PoolStats;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Measures one program: warm-up, then repetitions in which every version runs once, interleaved, with
 * the input reset and (by default) a GC before each timed run. Every result is checked.
 */
final class Runner {
    /** A version of a program: an engine at a worker count (a baseline engine has 1 "worker"). */
    record Config(Engine engine, int workers) {
        String label() {
            return engine.baseline() ? engine.name() : engine.name() + " x" + workers;
        }
    }

    /**
     * The measurements of one program.
     *
     * @param ramps the subject's ramp-up by worker count ({@code --stats}, {@link RampProbe}); empty if not measured
     */
    record ProgramResult(Program program, String label, Map<Config, List<Sample>> samples, long subjectTasksAtOneWorker,
                         Map<Integer, RampProbe.Ramp> ramps) {
        ProgramResult {
            ramps = Map.copyOf(ramps);
        }

        /** A result without ramp-up figures. */
        ProgramResult(Program program, String label, Map<Config, List<Sample>> samples, long subjectTasksAtOneWorker) {
            this(program, label, samples, subjectTasksAtOneWorker, Map.of());
        }

        /** This result's samples as lines of the samples file ({@link Sample#CSV_HEADER}). */
        List<String> sampleLines() {
            List<String> out = new ArrayList<>();
            for (var e : samples.entrySet()) {
                if (e.getValue() == null) {
                    continue;
                }
                for (Sample s : e.getValue()) {
                    out.add(s.toCsv(Forks.key(program), e.getKey().engine().name(), e.getKey().workers(), label));
                }
            }
            return out;
        }

        /** Tasks the subject engine created at one worker: the steal ratio's denominator for engines that do not count tasks. */
        static long tasksAtOneWorker(Program program, Map<Config, List<Sample>> samples) {
            List<Sample> s = samples.get(new Config(program.subject(), 1));
            return s == null || s.isEmpty() ? 0 : s.get(0).tasks();
        }
    }

    private final Options options;
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    private final Map<Integer, PoolStats> lastStats = new LinkedHashMap<>();

    Runner(Options options) {
        this.options = options;
    }

    /** The versions of {@code program} that the options select, in table order. */
    static List<Config> configs(Program program, Options options) {
        List<Config> configs = new ArrayList<>();
        for (Engine e : program.engines()) {
            if (!options.selects(e)) {
                continue;
            }
            if (e.baseline()) {
                configs.add(new Config(e, 1));
            }
        }
        for (int p : options.workers) {
            for (Engine e : program.engines()) {
                if (!e.baseline() && options.selects(e)) {
                    configs.add(new Config(e, p));
                }
            }
        }
        return configs;
    }

    ProgramResult run(Program program) throws Exception {
        List<Config> all = configs(program, options);
        if (all.isEmpty()) {
            throw new IllegalArgumentException(program.name() + " runs on none of the selected runtimes (it runs on "
                    + program.engines() + ")");
        }
        try (Workload w = program.create(options.quick); Pools pools = new Pools()) {
            // Engines outside the JVM time themselves, after the interleaved runs of those inside it.
            List<Config> configs = all.stream().filter(c -> !w.timesItself(c.engine())).toList();
            List<Engine> selfTimed = all.stream().map(Config::engine).filter(w::timesItself).distinct().toList();
            Map<Config, List<Sample>> samples = new LinkedHashMap<>();
            Object expected = null;
            Config first = configs.isEmpty() ? null : configs.get(0);
            int total = options.warmup + options.reps;
            try {
                if (first != null && (first.engine().baseline() || program.baseline() == null)) {
                    // The baseline (or, without one, the first engine) gives the result every other run must match.
                    w.reset();
                    expected = w.run(first.engine(), first.workers(), pools);
                    w.check(expected, expected);
                } else {
                    // --runtimes left the baseline out: still check every result against it, untimed.
                    Engine base = program.baseline();
                    if (base == null || w.timesItself(base)) {
                        throw new IllegalArgumentException(program.name() + ": the selected runtimes " + selfTimed
                                + " need one that runs in this JVM to give the result they are checked against");
                    }
                    w.reset();
                    expected = w.run(base, 1, pools);
                    w.check(expected, expected);
                }
                for (int rep = 0; rep < total; rep++) {
                    boolean measured = rep >= options.warmup;
                    // Rotate the order every repetition so no version always runs right after another.
                    for (int k = 0; k < configs.size(); k++) {
                        Config c = configs.get((k + rep) % configs.size());
                        progress(w.label(), c, rep, total);
                        Sample s = runOnce(w, c, expected, pools);
                        if (measured) {
                            samples.computeIfAbsent(c, x -> new ArrayList<>()).add(s);
                        }
                    }
                }
                if (!selfTimed.isEmpty()) {
                    progressLine(w.label(), selfTimed);
                    for (TimedRun r : w.timeItself(selfTimed, options.workers, options.warmup, options.reps)) {
                        Config c = new Config(r.engine(), r.engine().baseline() ? 1 : r.workers());
                        if (!all.contains(c)) {
                            throw new IllegalStateException(w.label() + ": a run of " + c.label() + " was not asked for");
                        }
                        check(w, c, r.result(), expected);
                        samples.computeIfAbsent(c, x -> new ArrayList<>()).add(Sample.external(r.nanos()));
                    }
                }
            } finally {
                clearProgress();
            }
            Map<Integer, RampProbe.Ramp> ramps = new TreeMap<>();
            Engine subject = program.subject();
            if (options.stats && subject.counters() == Engine.Counters.WEFT && all.stream().anyMatch(c -> c.engine().equals(subject))) {
                // After the timed runs, so that the recording cannot disturb them. One worker is busy as soon as it starts.
                for (int p : options.workers) {
                    if (p > 1) {
                        progressLine(w.label() + " ramp x" + p, List.of(subject));
                        ramps.put(p, RampProbe.measure(w, subject, p, expected));
                    }
                }
                clearProgress();
            }
            if (options.stats) {
                for (var e : lastStats.entrySet()) {
                    RampProbe.Ramp ramp = ramps.get(e.getKey());
                    System.out.println(w.label() + " at " + e.getKey() + " workers, last run:\n" + e.getValue()
                            + (ramp == null ? "" : "\n" + ramp.describe()));
                }
            }
            Map<Config, List<Sample>> ordered = new LinkedHashMap<>();
            for (Config c : all) {
                ordered.put(c, samples.get(c));
            }
            return new ProgramResult(program, w.label(), ordered, ProgramResult.tasksAtOneWorker(program, ordered), ramps);
        }
    }

    private Sample runOnce(Workload w, Config c, Object expected, Pools pools) throws Exception {
        w.reset();
        if (options.gcBetweenRuns) {
            System.gc();
        }
        Engine.Counters counters = c.engine().counters();
        long fjpStealsBefore = counters == Engine.Counters.FORK_JOIN ? pools.forkJoinSteals(c.workers()) : 0;
        if (counters == Engine.Counters.WEFT) {
            pools.resetWeftStats(c.workers());
        }
        long gc0 = gcNanos();
        long alloc0 = threads.getTotalThreadAllocatedBytes();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Object result = w.run(c.engine(), c.workers(), pools);
        long nanos = System.nanoTime() - t0;
        long cpu = os.getProcessCpuTime() - cpu0;
        long alloc = threads.getTotalThreadAllocatedBytes() - alloc0;
        long gc = gcNanos() - gc0;
        // Snapshot the counters before the (untimed) check: idle workers keep accruing idle time.
        long fjpSteals = counters == Engine.Counters.FORK_JOIN ? pools.forkJoinSteals(c.workers()) - fjpStealsBefore : 0;
        PoolStats st = counters == Engine.Counters.WEFT ? pools.weftStats(c.workers()) : null;
        long ops = w.operations();
        long[] lat = w.latencyNanos();
        check(w, c, result, expected);
        long p50 = -1;
        long p99 = -1;
        long p999 = -1;
        if (lat != null && lat.length > 0) {
            long[] sorted = lat.clone();
            Arrays.sort(sorted);
            p50 = percentile(sorted, 0.50);
            p99 = percentile(sorted, 0.99);
            p999 = percentile(sorted, 0.999);
        }
        if (st != null) {
            lastStats.put(c.workers(), st);
            PoolStats.WorkerStats t = st.total();
            return new Sample(nanos, cpu, gc, alloc, t.steals(), st.tasks(), t.stealAttempts(), t.failedSteals(),
                    t.idleNanos(), t.servingNanos(), true, ops, p50, p99, p999);
        }
        return new Sample(nanos, cpu, gc, alloc, fjpSteals, 0, 0, 0, 0, 0, false, ops, p50, p99, p999);
    }

    private static void check(Workload w, Config c, Object result, Object expected) {
        try {
            w.check(result, expected);
        } catch (AssertionError e) {
            throw new AssertionError(w.label() + " " + c.label() + ": wrong result: " + e.getMessage(), e);
        }
    }

    /** The value at quantile {@code q} of sorted values (nearest rank). */
    static long percentile(long[] sorted, double q) {
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
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
            System.err.printf("\r  %-28s %-18s run %2d/%d   ", label, c.label(), rep + 1, total);
            System.err.flush();
        }
    }

    private static void progressLine(String label, List<Engine> engines) {
        if (System.console() != null || Boolean.getBoolean("weft.progress")) {
            System.err.printf("\r  %-28s %-36s   ", label, engines.stream().map(Engine::name).toList());
            System.err.flush();
        }
    }

    private static void clearProgress() {
        if (System.console() != null || Boolean.getBoolean("weft.progress")) {
            System.err.print("\r" + " ".repeat(70) + "\r");
            System.err.flush();
        }
    }
}
