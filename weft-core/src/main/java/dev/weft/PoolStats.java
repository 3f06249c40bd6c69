package dev.weft;

import java.util.List;
import java.util.Locale;

/**
 * An immutable snapshot of a pool's counters, per worker and in total, since the pool was created or
 * its stats were last reset ({@link WeftPool#stats()}, {@link WeftPool#resetStats()}).
 *
 * <p>Vocabulary, as in Kumar's thesis and Lea's paper: a <em>task</em> is a unit another worker could
 * have taken (a fork, an async, a loop half, a submission); a <em>steal</em> is a task taken by a worker
 * other than the one that created it. Most tasks are never stolen: the {@linkplain #stealRatio() steal
 * ratio} is typically 1e-2 to 1e-6. A victim's <em>serving</em> time is the time it spent turning its
 * pending work into tasks for thieves (publication) — its share of the cost of steals.
 *
 * <p>Counters are written by their workers without synchronization and read racily here, so a snapshot
 * of a busy pool is approximate, never torn.
 *
 * @param pool        the pool's name
 * @param parallelism the pool's core worker count
 * @param elapsedNanos time covered by the counters
 * @param workers     per-worker counters of the live workers
 * @param retired     summed counters of workers that have exited (temporary workers)
 * @param queuedSubmissions submissions waiting in the inbox
 * @param blockedWorkers    workers currently inside {@link Weft#blocking}
 * @param stalls            workers found holding forks without polling for about a second — waiting
 *                          outside {@link Weft#blocking}, or running without a fork, join or poll while
 *                          other workers wanted work (each also a warning and a {@code dev.weft.Stall}
 *                          JFR event)
 * @param tasksMoved        {@link Task}s the pool's monitor moved out of such workers, so that other
 *                          workers could run them
 * @param saturations       times every worker was blocked while work waited to run and no temporary
 *                          worker could be added ({@link WeftPool.Builder#maxBlockingWorkers}); each also
 *                          a warning and a {@code dev.weft.Saturated} JFR event
 */
public record PoolStats(String pool, int parallelism, long elapsedNanos, List<WorkerStats> workers,
                        WorkerStats retired, int queuedSubmissions, int blockedWorkers, long stalls,
                        long tasksMoved, long saturations) {

    public PoolStats {
        workers = List.copyOf(workers);
    }

    /**
     * One worker's counters.
     *
     * @param worker        the worker's index ({@code -1} for the retired total)
     * @param spare         whether it is a temporary worker added for blocking
     * @param tasksForked   tasks this worker created (forks, asyncs, loop halves)
     * @param tasksRun      tasks this worker ran (its own that were not stolen, plus those it took)
     * @param steals        tasks this worker stole from other workers
     * @param submissionsRun submissions this worker took from the pool's inbox
     * @param stealAttempts attempts on a victim that looked non-empty
     * @param failedSteals  attempts that lost the race for the task
     * @param published     tasks this worker published for thieves
     * @param reclaimed     published tasks this worker took back and ran itself
     * @param hungerSignals requests for work this worker sent to busy workers
     * @param idleNanos     time spent searching, parked, or waiting in a join with nothing to help
     * @param servingNanos  time spent publishing work for thieves
     * @param blockedNanos  time spent inside {@link Weft#blocking}
     */
    public record WorkerStats(int worker, boolean spare, long tasksForked, long tasksRun, long steals,
                              long submissionsRun, long stealAttempts, long failedSteals, long published,
                              long reclaimed, long hungerSignals, long idleNanos, long servingNanos,
                              long blockedNanos) {

        WorkerStats plus(WorkerStats o) {
            return new WorkerStats(-1, false, tasksForked + o.tasksForked, tasksRun + o.tasksRun,
                    steals + o.steals, submissionsRun + o.submissionsRun, stealAttempts + o.stealAttempts,
                    failedSteals + o.failedSteals, published + o.published, reclaimed + o.reclaimed,
                    hungerSignals + o.hungerSignals, idleNanos + o.idleNanos, servingNanos + o.servingNanos,
                    blockedNanos + o.blockedNanos);
        }
    }

    static final WorkerStats ZERO = new WorkerStats(-1, false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Sums the counters of exited workers; guarded by the pool's lock. */
    static final class Accumulator {
        private WorkerStats sum = ZERO;

        void add(Worker w, long epoch) {
            sum = sum.plus(w.counters(System.nanoTime(), epoch));
        }

        WorkerStats snapshot() {
            return sum;
        }

        void clear() {
            sum = ZERO;
        }
    }

    /** Counters summed over all workers, live and exited. */
    public WorkerStats total() {
        WorkerStats t = retired;
        for (WorkerStats w : workers) {
            t = t.plus(w);
        }
        return t;
    }

    /** Tasks created, including submissions from outside the pool. */
    public long tasks() {
        WorkerStats t = total();
        return t.tasksForked() + t.submissionsRun();
    }

    /** Steals per task (0 when no task ran). */
    public double stealRatio() {
        long n = tasks();
        return n == 0 ? 0.0 : (double) total().steals() / n;
    }

    /** Steals per millisecond of elapsed time. */
    public double stealRatePerMs() {
        return elapsedNanos == 0 ? 0.0 : total().steals() / (elapsedNanos / 1e6);
    }

    /** Failed attempts per steal attempt, in percent. */
    public double failedStealPercent() {
        WorkerStats t = total();
        return t.stealAttempts() == 0 ? 0.0 : 100.0 * t.failedSteals() / t.stealAttempts();
    }

    /** Idle time as a percentage of the workers' total time. */
    public double idlePercent() {
        return percentOfWorkerTime(total().idleNanos());
    }

    /** Time victims spent publishing work for thieves, as a percentage of the workers' total time. */
    public double servingPercent() {
        return percentOfWorkerTime(total().servingNanos());
    }

    private double percentOfWorkerTime(long nanos) {
        long denom = elapsedNanos * Math.max(1, workers.size());
        return denom == 0 ? 0.0 : 100.0 * nanos / denom;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "WeftPool %s: parallelism %d, %d workers, %.3f s, %d queued, %d blocked%s%s%s%n",
                pool, parallelism, workers.size(), elapsedNanos / 1e9, queuedSubmissions, blockedWorkers,
                stalls > 0 ? ", " + stalls + " stalls" : "", tasksMoved > 0 ? ", " + tasksMoved + " tasks moved" : "",
                saturations > 0 ? ", " + saturations + " saturations" : ""));
        String head = "%-8s %12s %12s %9s %9s %9s %7s %9s %7s %8s %10s%n";
        String row = "%-8s %12d %12d %9d %9d %9d %7.1f %9d %7.1f %8.3f %10.1f%n";
        sb.append(String.format(Locale.ROOT, head, "worker", "forked", "run", "stolen", "external", "attempts",
                "fail%", "published", "idle%", "serving%", "blocked ms"));
        for (WorkerStats w : workers) {
            appendRow(sb, row, (w.spare() ? "s" : "") + w.worker(), w, elapsedNanos);
        }
        if (retired.tasksRun() != 0 || retired.idleNanos() != 0) {
            appendRow(sb, row, "retired", retired, elapsedNanos);
        }
        appendRow(sb, row, "total", total(), elapsedNanos * Math.max(1, workers.size()));
        sb.append(String.format(Locale.ROOT, "steal ratio %.3g, steal rate %.3f/ms, failed steals %.1f%%, idle %.1f%%, serving %.3f%%",
                stealRatio(), stealRatePerMs(), failedStealPercent(), idlePercent(), servingPercent()));
        return sb.toString();
    }

    private static void appendRow(StringBuilder sb, String fmt, String label, WorkerStats w, long span) {
        double fail = w.stealAttempts() == 0 ? 0.0 : 100.0 * w.failedSteals() / w.stealAttempts();
        double idle = span == 0 ? 0.0 : 100.0 * w.idleNanos() / span;
        double serving = span == 0 ? 0.0 : 100.0 * w.servingNanos() / span;
        sb.append(String.format(Locale.ROOT, fmt, label, w.tasksForked(), w.tasksRun(), w.steals(), w.submissionsRun(),
                w.stealAttempts(), fail, w.published(), idle, serving, w.blockedNanos() / 1e6));
    }
}
