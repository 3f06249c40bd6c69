package dev.weft.bench;

import java.util.Arrays;
import java.util.List;

/** Order statistics and derived metrics of one version's samples. */
record Summary(int workers, String runtime, double medianMs, double minMs, double maxMs, double gcPct,
               double allocPerTask, double stealRatio, double stealRatePerMs, double failedStealPct,
               double idlePct, double servingPct, long steals, long tasks, double tasksPerSecPerWorker) {

    static Summary of(Runner.Config c, List<Sample> samples, long tasksHint) {
        double[] ms = samples.stream().mapToDouble(s -> s.nanos() / 1e6).sorted().toArray();
        double median = median(ms);
        Sample mid = medianSample(samples);
        long tasks = mid.tasks() > 0 ? mid.tasks() : tasksHint;
        double wall = mid.nanos();
        double workerTime = wall * c.workers();
        return new Summary(c.workers(), c.runtime(), median, ms[0], ms[ms.length - 1],
                100.0 * mid.gcNanos() / wall,
                tasks > 0 ? (double) mid.allocatedBytes() / tasks : Double.NaN,
                tasks > 0 ? (double) mid.steals() / tasks : Double.NaN,
                mid.steals() / (wall / 1e6),
                mid.stealAttempts() > 0 ? 100.0 * mid.failedSteals() / mid.stealAttempts() : 0.0,
                c.runtime().equals("weft") ? 100.0 * mid.idleNanos() / workerTime : Double.NaN,
                c.runtime().equals("weft") ? 100.0 * mid.servingNanos() / workerTime : Double.NaN,
                mid.steals(), tasks,
                tasks > 0 ? tasks / (wall / 1e9) / c.workers() : Double.NaN);
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
