package dev.weft;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The program generator's waits outside Weft for a task the waiting worker forked: a spin, a latch the task's body counts down, or a sleep loop, none of which polls. ForkJoinPool
 * completes them because its forks are stealable; Weft's pool must complete them too (its monitor moves a
 * stalled worker's tasks) or, where it cannot, say so. A watchdog bounds every wait and tells the cases
 * apart ({@link Outcome}); after it the program joins the task, which runs it if it is still pending.
 */
final class Waits {
    private Waits() {
    }

    /** The generator's pools sample for stalls every 5 ms, so that a wait that needs a move ends fast. */
    static final long MONITOR_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    /** Longest wait before the watchdog decides: generous, for a loaded two-core machine. */
    static final long WATCHDOG_MS = 5_000;
    /** A spin while every worker runs this long can only end when one stops: like ForkJoinPool. */
    static final long NO_TAKER_MS = 100;

    enum Outcome {
        /** The task completed while the worker waited. */
        COMPLETED,
        /** The watchdog fired, and the pool had reported a stall (or moved a task) meanwhile. */
        DIAGNOSED,
        /**
         * A spin given up while every worker ran (none idle, blocked or waiting): nobody could take the
         * task, as in ForkJoinPool (a spin is no managed block), e.g. at parallelism 1 or with every
         * worker spinning for its own fork.
         */
        NO_TAKER,
        /** The watchdog fired with workers idle, and the pool said nothing: a silent hang. */
        SILENT
    }

    /** Every wait's outcome in this JVM, counted per {@link Outcome}: what a soak reports at its end. */
    static final java.util.concurrent.atomic.AtomicLongArray TALLY = new java.util.concurrent.atomic.AtomicLongArray(Outcome.values().length);

    /** "N waits outside Weft: A completed, B diagnosed, C without a taker, D silent". */
    static String summary() {
        long total = 0;
        for (int i = 0; i < TALLY.length(); i++) {
            total += TALLY.get(i);
        }
        return total + " waits outside Weft: " + TALLY.get(Outcome.COMPLETED.ordinal()) + " completed, "
                + TALLY.get(Outcome.DIAGNOSED.ordinal()) + " diagnosed, " + TALLY.get(Outcome.NO_TAKER.ordinal())
                + " without a taker, " + TALLY.get(Outcome.SILENT.ordinal()) + " silent";
    }

    /** The scheduler's state and the pool's stacks when the watchdog fires ({@code -Dweft.waits.debug=true}). */
    private static String dump(WeftPool pool, ProgramRunner.GenTask t, int form) {
        StringBuilder sb = new StringBuilder("weft.waits.debug: wait (form " + form + ") on " + Thread.currentThread().getName()
                + " for " + t.label + " " + t + "\n" + pool.debugState());
        for (var e : Thread.getAllStackTraces().entrySet()) {
            if (e.getKey().getName().startsWith(pool.name)) {
                sb.append(e.getKey().getName()).append(' ').append(e.getKey().getState()).append('\n');
                StackTraceElement[] st = e.getValue();
                for (int i = 0; i < Math.min(25, st.length); i++) {
                    sb.append("    at ").append(st[i]).append('\n');
                }
            }
        }
        return sb.toString();
    }

    /** Whether every worker runs a job's code (none idle, blocked, or waiting in or outside Weft); racy. */
    private static boolean everyWorkerRuns(WeftPool pool) {
        for (Worker w : pool.workforce.workers) {
            if (w.state != Worker.RUNNING || w.weftWaits > 0 || w.getState() != Thread.State.RUNNABLE) {
                return false;
            }
        }
        return true;
    }

    static Outcome await(WeftPool pool, ProgramRunner.GenTask t, int form) {
        Outcome o = awaitOnce(pool, t, form);
        TALLY.incrementAndGet(o.ordinal());
        return o;
    }

    private static Outcome awaitOnce(WeftPool pool, ProgramRunner.GenTask t, int form) {
        long stalls = pool.stalls.get();
        long moved = pool.tasksMoved.get();
        long start = System.nanoTime();
        long noTakerSince = 0L;
        while (!t.isDone()) {
            switch (form) {
                case 0 -> {
                    for (int i = 0; i < 64 && !t.isDone(); i++) {
                        Thread.onSpinWait();
                    }
                }
                case 1 -> {
                    try {
                        if (t.ended.await(1, TimeUnit.MILLISECONDS)) {
                            // the body ended; isDone follows at once
                            Thread.onSpinWait();
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return Outcome.DIAGNOSED; // shutdownNow of a hung run: not this wait's verdict
                    }
                }
                default -> LockSupport.parkNanos(200_000L);
            }
            long now = System.nanoTime();
            if (form == 0) {
                if (!everyWorkerRuns(pool)) {
                    noTakerSince = 0L;
                } else if (noTakerSince == 0L) {
                    noTakerSince = now;
                } else if (now - noTakerSince > TimeUnit.MILLISECONDS.toNanos(NO_TAKER_MS)) {
                    return Outcome.NO_TAKER;
                }
            }
            if (now - start > TimeUnit.MILLISECONDS.toNanos(WATCHDOG_MS)) {
                if (Boolean.getBoolean("weft.waits.debug")) {
                    System.err.println(dump(pool, t, form));
                }
                return pool.stalls.get() != stalls || pool.tasksMoved.get() != moved ? Outcome.DIAGNOSED : Outcome.SILENT;
            }
        }
        return Outcome.COMPLETED;
    }
}
