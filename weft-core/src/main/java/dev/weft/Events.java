package dev.weft;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * Weft's JDK Flight Recorder events. They cost nothing unless a recording enables them: each site first
 * asks {@link Event#isEnabled()}, which the JIT folds to a constant check, and allocates an event only
 * when it is on. Enable with e.g. {@code -XX:StartFlightRecording} (steals and blocking are on by
 * default above their thresholds; see each event) and open the file in JDK Mission Control, category
 * "Weft".
 */
final class Events {
    private Events() {
    }

    @Name("dev.weft.Steal")
    @Label("Weft Steal")
    @Description("A worker took a job another worker had published")
    @Category("Weft")
    @StackTrace(false)
    static final class Steal extends Event {
        @Label("Pool")
        String pool;
        @Label("Thief")
        int thief;
        @Label("Victim")
        int victim;
        @Label("Job")
        String job;
    }

    @Name("dev.weft.Idle")
    @Label("Weft Worker Idle")
    @Description("A worker searched for work or parked, from running out of work to finding some")
    @Category("Weft")
    @StackTrace(false)
    @Threshold("20 us")
    static final class Idle extends Event {
        @Label("Pool")
        String pool;
        @Label("Worker")
        int worker;
    }

    @Name("dev.weft.Blocked")
    @Label("Weft Managed Block")
    @Description("A worker ran a blocking action under Weft.blocking")
    @Category("Weft")
    @Threshold("20 us")
    @Enabled(true)
    static final class Blocked extends Event {
        @Label("Pool")
        String pool;
        @Label("Worker")
        int worker;
        @Label("Compensated")
        boolean compensated;
    }

    @Name("dev.weft.Stall")
    @Label("Weft Stalled Worker")
    @Description("A worker held forks without polling for about a second: it waited outside Weft.blocking, or ran "
            + "without a fork, join or poll while other workers wanted work")
    @Category("Weft")
    @StackTrace(false)
    @Enabled(true)
    static final class Stall extends Event {
        @Label("Pool")
        String pool;
        @Label("Worker")
        String worker;
        @Label("Running")
        @Description("true: the worker ran (spun, or a long leaf); false: it waited outside Weft")
        boolean running;
        @Label("Wait")
        @Description("The wait (the JDK call and its caller), or for a running worker the code it ran")
        String wait;
        @Label("Forks Held")
        int forksHeld;
        @Label("Tasks Moved")
        @Description("Tasks among the forks held that the monitor moved to other workers")
        int tasksMoved;
        @Label("Waited (ms)")
        long waitedMillis;
    }

    static void stall(WeftPool pool, Worker w, boolean running, String wait, int held, int moved, long millis) {
        Stall e = new Stall();
        if (e.isEnabled()) {
            e.pool = pool.name;
            e.worker = w.getName();
            e.running = running;
            e.wait = wait;
            e.forksHeld = held;
            e.tasksMoved = moved;
            e.waitedMillis = millis;
            e.commit();
        }
    }

    @Name("dev.weft.Saturated")
    @Label("Weft Saturated Pool")
    @Description("Every worker was blocked for about a second while work waited to run, and the pool already ran "
            + "as many temporary workers as maxBlockingWorkers allows")
    @Category("Weft")
    @StackTrace(false)
    @Enabled(true)
    static final class Saturated extends Event {
        @Label("Pool")
        String pool;
        @Label("Workers")
        int workers;
        @Label("Blocked")
        @Description("Workers inside Weft.blocking")
        int blocked;
        @Label("Max Blocking Workers")
        int maxBlockingWorkers;
        @Label("Waiting Jobs")
        @Description("Jobs waiting to run where any worker could take them: the inbox and the published deques")
        int waitingJobs;
    }

    static void saturated(WeftPool pool, int workers, int blocked, int waiting) {
        Saturated e = new Saturated();
        if (e.isEnabled()) {
            e.pool = pool.name;
            e.workers = workers;
            e.blocked = blocked;
            e.maxBlockingWorkers = pool.workforce.maxBlockingWorkers();
            e.waitingJobs = waiting;
            e.commit();
        }
    }

    private static final Steal STEAL_PROBE = new Steal();
    private static final Idle IDLE_PROBE = new Idle();

    static void steal(WeftPool pool, Worker thief, Worker victim, Job j) {
        if (STEAL_PROBE.isEnabled()) {
            Steal e = new Steal();
            e.pool = pool.name;
            e.thief = thief.index;
            e.victim = victim.index;
            e.job = j.getClass().getSimpleName();
            e.commit();
        }
    }

    /** Opaque handle for an idle period: null when the event is off. */
    static final class IdlePeriod {
        final Idle event = new Idle();
    }

    static IdlePeriod idleBegin() {
        if (!IDLE_PROBE.isEnabled()) {
            return null;
        }
        IdlePeriod p = new IdlePeriod();
        p.event.begin();
        return p;
    }

    static void idleEnd(IdlePeriod p, WeftPool pool, Worker w) {
        if (p != null) {
            p.event.end();
            if (p.event.shouldCommit()) {
                p.event.pool = pool.name;
                p.event.worker = w.index;
                p.event.commit();
            }
        }
    }

    static Blocked blockedBegin() {
        Blocked e = new Blocked();
        if (!e.isEnabled()) {
            return null;
        }
        e.begin();
        return e;
    }

    static void blockedEnd(Blocked e, WeftPool pool, Worker w, boolean compensated) {
        if (e != null) {
            e.end();
            if (e.shouldCommit()) {
                e.pool = pool.name;
                e.worker = w.index;
                e.compensated = compensated;
                e.commit();
            }
        }
    }
}
