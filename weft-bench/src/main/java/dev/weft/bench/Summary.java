package dev.weft.bench;

import java.util.Arrays;
import java.util.List;

/** Order statistics and derived metrics of one version's samples. */
record Summary(int workers, Engine engine, double medianMs, double minMs, double maxMs, double gcPct,
               double allocPerTask, double stealRatio, double stealRatePerMs, double failedStealPct,
               double idlePct, double servingPct, long steals, long tasks, double tasksPerSecPerWorker,
               double opsPerSec, double cpuNanosPerOp, double p50Micros, double p99Micros, double p999Micros) {

    static Summary of(Runner.Config c, List<Sample> samples, long tasksHint) {
        double[] ms = samples.stream().mapToDouble(s -> s.nanos() / 1e6).sorted().toArray();
        double median = median(ms);
        Sample mid = medianSample(samples);
        long tasks = mid.tasks() > 0 ? mid.tasks() : tasksHint;
        double wall = mid.nanos();
        double workerTime = wall * c.workers();
        long ops = mid.operations();
        // Negative figures were not measured (a run timed outside the JVM): their metrics stay NaN.
        boolean steals = mid.steals() >= 0;
        return new Summary(c.workers(), c.engine(), median, ms[0], ms[ms.length - 1],
                mid.gcNanos() >= 0 ? 100.0 * mid.gcNanos() / wall : Double.NaN,
                tasks > 0 && mid.allocatedBytes() >= 0 ? (double) mid.allocatedBytes() / tasks : Double.NaN,
                tasks > 0 && steals ? (double) mid.steals() / tasks : Double.NaN,
                steals ? mid.steals() / (wall / 1e6) : Double.NaN,
                mid.stealAttempts() > 0 ? 100.0 * mid.failedSteals() / mid.stealAttempts() : 0.0,
                mid.weftStats() ? 100.0 * mid.idleNanos() / workerTime : Double.NaN,
                mid.weftStats() ? 100.0 * mid.servingNanos() / workerTime : Double.NaN,
                mid.steals(), steals ? tasks : 0,
                tasks > 0 && steals ? tasks / (wall / 1e9) / c.workers() : Double.NaN,
                ops > 0 ? ops / (wall / 1e9) : Double.NaN,
                ops > 0 && mid.cpuNanos() > 0 ? (double) mid.cpuNanos() / ops : Double.NaN,
                micros(mid.p50Nanos()), micros(mid.p99Nanos()), micros(mid.p999Nanos()));
    }

    private static double micros(long nanos) {
        return nanos < 0 ? Double.NaN : nanos / 1e3;
    }

    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The sample whose time is the median (the lower middle one for even counts). */
    static Sample medianSample(List<Sample> samples) {
        Sample[] s = samples.toArray(new Sample[0]);
        Arrays.sort(s, (a, b) -> Long.compare(a.nanos(), b.nanos()));
        return s[(s.length - 1) / 2];
    }
}
