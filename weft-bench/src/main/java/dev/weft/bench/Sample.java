package dev.weft.bench;

/**
 * What one timed run measured. Weft counters come from the pool's stats (zero for other runtimes);
 * {@code steals} is ForkJoinPool's steal count for fjp runs.
 *
 * @param nanos          wall time of the run
 * @param gcNanos        time the JVM spent collecting during the run
 * @param allocatedBytes bytes allocated by all threads during the run
 * @param steals         tasks stolen
 * @param tasks          tasks created (Weft: forks, asyncs, loop halves; 0 when unknown)
 * @param stealAttempts  Weft: attempts on non-empty victims
 * @param failedSteals   Weft: attempts that lost the race
 * @param idleNanos      Weft: worker time spent idle
 * @param servingNanos   Weft: victims' time spent publishing work for thieves
 */
record Sample(long nanos, long gcNanos, long allocatedBytes, long steals, long tasks, long stealAttempts,
              long failedSteals, long idleNanos, long servingNanos) {
}
