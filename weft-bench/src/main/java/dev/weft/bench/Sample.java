package dev.weft.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What one timed run measured. Pool counters come from the Weft pool the run used ({@code weftStats}) or,
 * for {@code steals} only, from the ForkJoinPool it used; they are zero otherwise.
 *
 * <p>Samples travel between JVMs ({@code --forks}) as lines of a CSV file: {@link #CSV_HEADER},
 * {@link #toCsv} and {@link #parse} are that format's only home.
 *
 * @param nanos          wall time of the run
 * @param cpuNanos       CPU time the whole process used during the run (all threads); -1 if not measured
 * @param gcNanos        time the JVM spent collecting during the run; -1 if not measured
 * @param allocatedBytes bytes allocated by all threads during the run; -1 if not measured
 * @param steals         tasks stolen; -1 if not measured
 * @param tasks          tasks created (Weft: forks, asyncs, loop halves; 0 when unknown)
 * @param stealAttempts  Weft: attempts on non-empty victims
 * @param failedSteals   Weft: attempts that lost the race
 * @param idleNanos      Weft: worker time spent idle
 * @param servingNanos   Weft: victims' time spent publishing work for thieves
 * @param weftStats      whether the Weft counters above were measured (the run used a Weft pool)
 * @param operations     operations the workload reported ({@link Workload#operations()}); 0 if none
 * @param p50Nanos       median one-hop latency, or -1 if the workload measured none
 * @param p99Nanos       99th percentile latency, or -1
 * @param p999Nanos      99.9th percentile latency, or -1
 */
record Sample(long nanos, long cpuNanos, long gcNanos, long allocatedBytes, long steals, long tasks,
              long stealAttempts, long failedSteals, long idleNanos, long servingNanos, boolean weftStats,
              long operations, long p50Nanos, long p99Nanos, long p999Nanos) {

    /**
     * A run timed outside the JVM ({@link TimedRun}): its wall time only. CPU, GC, allocation and steals
     * were not measured: they are -1, and the tables leave them empty.
     */
    static Sample external(long nanos) {
        return new Sample(nanos, -1, -1, -1, -1, 0, 0, 0, 0, 0, false, 0, -1, -1, -1);
    }

    /** A sample with wall, CPU, GC and allocation figures only. */
    static Sample basic(long nanos, long cpuNanos, long gcNanos, long allocatedBytes) {
        return new Sample(nanos, cpuNanos, gcNanos, allocatedBytes, 0, 0, 0, 0, 0, 0, false, 0, -1, -1, -1);
    }

    /** The header of the samples file. The label is last: it may contain commas. */
    static final String CSV_HEADER = "program,engine,workers,nanos,cpu_nanos,gc_nanos,alloc_bytes,steals,tasks,"
            + "steal_attempts,failed_steals,idle_nanos,serving_nanos,weft_stats,ops,p50_nanos,p99_nanos,p999_nanos,label";
    private static final int FIELDS = 19;

    /** One line of the samples file. */
    String toCsv(String program, String engine, int workers, String label) {
        return String.join(",", program, engine, Integer.toString(workers), Long.toString(nanos),
                Long.toString(cpuNanos), Long.toString(gcNanos), Long.toString(allocatedBytes), Long.toString(steals),
                Long.toString(tasks), Long.toString(stealAttempts), Long.toString(failedSteals),
                Long.toString(idleNanos), Long.toString(servingNanos), weftStats ? "1" : "0",
                Long.toString(operations), Long.toString(p50Nanos), Long.toString(p99Nanos),
                Long.toString(p999Nanos), label);
    }

    /** A parsed line of the samples file. */
    record Line(String program, String engine, int workers, Sample sample, String label) {
    }

    /** Parses a line written by {@link #toCsv}. */
    static Line parse(String line) {
        String[] c = line.split(",", FIELDS);
        if (c.length != FIELDS) {
            throw new IllegalArgumentException("not a sample line (" + c.length + " fields): " + line);
        }
        long[] v = new long[15];
        for (int i = 3; i < 18; i++) {
            v[i - 3] = Long.parseLong(c[i]);
        }
        Sample s = new Sample(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10] != 0, v[11], v[12],
                v[13], v[14]);
        return new Line(c[0], c[1], Integer.parseInt(c[2]), s, c[18]);
    }

    /** Appends lines to a samples file, writing the header first if the file is new or empty. */
    static void append(Path file, List<String> lines) throws IOException {
        List<String> out = new ArrayList<>();
        if (!Files.exists(file) || Files.size(file) == 0) {
            out.add(CSV_HEADER);
        }
        out.addAll(lines);
        Files.write(file, out, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Reads a samples file, skipping its header and blank lines. */
    static List<Line> read(Path file) throws IOException {
        List<Line> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank() && !line.startsWith("program,")) {
                out.add(parse(line));
            }
        }
        return out;
    }
}
