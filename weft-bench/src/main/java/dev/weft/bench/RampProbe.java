package dev.weft.bench;

import dev.weft.PoolStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Category;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.StackTrace;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Ramp-up: how long after a run's first task started every worker of the pool was busy, measured in one
 * extra, untimed run per worker count ({@code --stats}). Weft's {@code dev.weft.Idle} JFR event spans a
 * worker's idle loop, from running out of work to leaving with a job; the end of a worker's first idle
 * period in the run is when it first took work. The ramp is the time from the first worker taking work
 * (the root task starting) to the last of the pool's workers doing so.
 *
 * <p>The event exists only for idle periods that began while a recording was on, and the runner's pools
 * have been idle since before; so the probe runs the program on a pool of its own, created inside the
 * recording, once to warm it and once measured after a marker event (JFR's own clock on both sides). A
 * workload that keeps its runtime on the runner's pools (the actors suite binds its actor systems to them)
 * leaves the probe's pool unused: its ramp is not measured.
 */
final class RampProbe {
    private RampProbe() {
    }

    private static final String IDLE_EVENT = "dev.weft.Idle";

    /**
     * The ramp of one run.
     *
     * @param workers the pool's parallelism
     * @param busy    workers that took work during the run (at most {@code workers}); 0 if not measured
     * @param nanos   from the first worker taking work to the {@code workers}-th doing so; -1 if fewer than
     *                {@code workers} took work, or if not measured
     * @param stats   the probe pool's counters over the measured run; null if not measured
     */
    record Ramp(int workers, int busy, long nanos, PoolStats stats) {
        static Ramp notMeasured(int workers) {
            return new Ramp(workers, 0, -1, null);
        }

        boolean measured() {
            return stats != null;
        }

        /** The ramp in microseconds, NaN if not every worker took work or it was not measured. */
        double micros() {
            return nanos < 0 ? Double.NaN : nanos / 1e3;
        }

        /** One line for {@code --stats}. */
        String describe() {
            if (!measured()) {
                return "ramp-up not measured (the run did not use the probe's pool)";
            }
            if (nanos < 0) {
                return String.format("ramp-up: only %d of %d workers took work in the run", busy, workers);
            }
            return String.format("ramp-up: all %d workers busy %.1f us after the first took work", workers, micros());
        }
    }

    /** Marks the start of the measured run on JFR's clock. */
    @Name("dev.weft.bench.ProbeStart")
    @Label("Weft bench ramp probe start")
    @Category({"Weft", "Bench"})
    @StackTrace(false)
    static final class ProbeStart extends Event {
    }

    /**
     * Runs {@code engine}'s version of {@code w} at {@code workers} on a fresh set of pools under a JFR
     * recording, twice (warm-up, then measured), checks both results against {@code expected} and returns
     * the measured run's ramp.
     */
    static Ramp measure(Workload w, Engine engine, int workers, Object expected) throws Exception {
        Path file = Files.createTempFile("weft-ramp", ".jfr");
        try (Recording rec = new Recording(); Pools pools = new Pools("ramp-")) {
            rec.enable(IDLE_EVENT).withThreshold(Duration.ZERO).withoutStackTrace();
            rec.enable(ProbeStart.class);
            rec.start();
            // Created inside the recording: every worker's first idle period is recorded.
            pools.weft(workers);
            w.reset();
            w.check(w.run(engine, workers, pools), expected);
            if (pools.weftStats(workers).tasks() == 0) {
                rec.stop();
                return Ramp.notMeasured(workers);
            }
            w.reset();
            System.gc();
            pools.resetWeftStats(workers);
            ProbeStart mark = new ProbeStart();
            mark.commit();
            Object result = w.run(engine, workers, pools);
            PoolStats stats = pools.weftStats(workers);
            rec.stop();
            w.check(result, expected);
            rec.dump(file);
            Instant start = null;
            List<Idle> idle = new ArrayList<>();
            for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
                String type = e.getEventType().getName();
                if (type.equals(IDLE_EVENT) && stats.pool().equals(e.getString("pool"))) {
                    idle.add(new Idle(e.getInt("worker"), e.getEndTime()));
                } else if (type.equals("dev.weft.bench.ProbeStart")) {
                    start = e.getStartTime();
                }
            }
            if (start == null) {
                throw new IOException("the ramp probe's marker event is missing from its recording");
            }
            return of(workers, start, idle, stats);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The end of one idle period of a worker: when it took work. */
    record Idle(int worker, Instant end) {
    }

    /**
     * The ramp from the idle periods that ended at or after {@code start}: each worker's first such end is
     * when it took work; the ramp runs from the earliest of those to the {@code workers}-th.
     */
    static Ramp of(int workers, Instant start, List<Idle> idle, PoolStats stats) {
        Map<Integer, Instant> first = new LinkedHashMap<>();
        idle.stream()
                .filter(i -> !i.end().isBefore(start))
                .sorted(Comparator.comparing(Idle::end))
                .forEach(i -> first.putIfAbsent(i.worker(), i.end()));
        List<Instant> busy = new ArrayList<>(first.values());
        if (busy.size() < workers) {
            return new Ramp(workers, busy.size(), -1, stats);
        }
        return new Ramp(workers, workers, Duration.between(busy.get(0), busy.get(workers - 1)).toNanos(), stats);
    }
}
