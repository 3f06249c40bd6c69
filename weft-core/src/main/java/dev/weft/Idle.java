package dev.weft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A worker's half of the idle protocol (PROTOCOL.md, "Sleep"); {@link Sleep} holds the pool-wide
 * counts it updates. A worker with nothing to run {@link #acquire acquires} its next top-level job:
 * it searches (every other worker's published deque and the inbox), and after a while parks until a
 * waker claims it; a temporary or surplus worker leaves instead, and a core worker leaves an idle pool
 * after the keep-alive (PROTOCOL.md, "Workforce"). Each rule of the protocol is one method here.
 *
 * <p>Everything but {@link #parkState} is owned by the worker's thread.
 */
final class Idle {
    /**
     * An idle worker searches for at least this many rounds (each probes every victim once) and at least
     * {@link #SPIN_NANOS} before it parks: programs with short sequential gaps between parallel phases
     * (a loop per relaxation step) would otherwise park their thieves between phases and pay a wake-up
     * (tens of microseconds) for each.
     */
    private static final int SPIN_ROUNDS = 64;
    private static final long SPIN_NANOS = 50_000L;
    /** How long an idle temporary worker waits before checking whether it is still needed. */
    private static final long SPARE_KEEP_ALIVE_NANOS = 1_000_000_000L;

    private static final VarHandle PARK_STATE;
    static {
        try {
            PARK_STATE = MethodHandles.lookup().findVarHandle(Idle.class, "parkState", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** What a rule returns when the worker is to search again (neither a job nor an exit). */
    private static final Job SEARCH_AGAIN = new Job() {
        @Override
        void perform() {
        }
    };

    private final Worker w;
    /** 1 while parked and not yet claimed by a waker (PROTOCOL.md, "Sleep"). */
    volatile int parkState;
    /** Search rounds since the worker last started searching. */
    private int rounds;
    private long searchStart;

    Idle(Worker w) {
        this.w = w;
    }

    /**
     * Finds the worker's next top-level job: searches, then parks until woken. Returns null when the
     * worker should exit (pool shut down and drained, a spare or surplus worker with nothing to do, a core
     * worker after the keep-alive).
     */
    Job acquire() {
        WeftPool pool = w.pool;
        Sleep sleep = pool.sleep;
        long idleStart = System.nanoTime();
        w.idleSince = idleStart;
        Events.IdlePeriod idle = Events.idleBegin();
        w.state = Worker.SEARCHING;
        sleep.searchingIncrement();
        try {
            searchAgain();
            for (;;) {
                Job j = w.scan(Worker.backoffRound(rounds + 1));
                if (j != null) {
                    return found(j);
                }
                if (pool.workforce.mayExit()) {
                    sleep.searchingDecrement();
                    return null;
                }
                if (keepSearching()) {
                    continue;
                }
                if (w.surplus) {
                    return leaveAsSurplus();
                }
                Job next = w.spare && pool.workforce.spareSurplus() ? leaveAsSpare() : park();
                if (next != SEARCH_AGAIN) {
                    return next;
                }
                searchAgain();
            }
        } finally {
            // Count only the part after the last stats reset.
            w.idleNanos += System.nanoTime() - Math.max(idleStart, pool.statsEpoch());
            w.idleSince = 0;
            Events.idleEnd(idle, pool, w);
        }
    }

    private void searchAgain() {
        rounds = 0;
        searchStart = System.nanoTime();
    }

    /**
     * Found work while searching. RUNNING before the worker stops counting as a searcher, so that a parker
     * that then sees no searcher leaves its standing request with it ("found-but-not-running"). The last
     * searcher to find work wakes another, so that a searcher is around while work keeps appearing; and a
     * thief that leaves more published work behind wakes a sleeper for it, so ramp-up grows geometrically.
     */
    private Job found(Job j) {
        Sleep sleep = w.pool.sleep;
        w.state = Worker.RUNNING;
        Worker v = w.lastVictim();
        if (sleep.searchingDecrement() == 0 || (v != null && !v.deque.isEmpty() && sleep.parked() > 0)) {
            w.pool.workforce.wakeOne();
        }
        return j;
    }

    /** Whether to search another round before parking: at least SPIN_ROUNDS and SPIN_NANOS, yielding now and then. */
    private boolean keepSearching() {
        if (++rounds < SPIN_ROUNDS || ((rounds & 7) != 0 || System.nanoTime() - searchStart < SPIN_NANOS)) {
            if ((rounds & 7) == 0) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
            return true;
        }
        return false;
    }

    /**
     * A core worker that stayed after its keep-alive exit while a replacement was started leaves now,
     * through the same rescan handshake as a spare.
     */
    private Job leaveAsSurplus() {
        w.pool.sleep.searchingDecrement();
        Job last = w.scan(false);
        if (last != null) {
            w.state = Worker.RUNNING;
        }
        return last;
    }

    /**
     * More temporary workers than blocked ones: this spare is no longer needed. It stops counting as a
     * searcher, then rescans once: a submitter that saw it searching woke nobody, and its job must not
     * be left to blocked workers (Dekker, as when parking). It stays if a worker blocked meanwhile.
     */
    private Job leaveAsSpare() {
        Sleep sleep = w.pool.sleep;
        sleep.searchingDecrement();
        Job last = w.scan(false);
        if (last != null) {
            w.state = Worker.RUNNING;
            return last;
        }
        if (w.pool.workforce.retireSpare(w)) {
            return null;
        }
        sleep.searchingIncrement();
        return SEARCH_AGAIN;
    }

    /**
     * Parks: counts itself parked, then rescans everything (Dekker with publishers and submitters, who
     * make work visible and then read the counters). If no searcher is left, leaves the standing request
     * ("last-searcher"), then waits to be claimed by a waker.
     */
    private Job park() {
        Sleep sleep = w.pool.sleep;
        sleep.searchingDecrement();
        PARK_STATE.setVolatile(this, 1);
        sleep.parkedIncrement();
        Job j = w.scan(false);
        if (j != null) {
            w.state = Worker.RUNNING; // as in found(): before any counter says we stopped idling
            if (PARK_STATE.compareAndSet(this, 1, 0)) {
                sleep.parkedDecrement();
            } else if (sleep.searchingDecrement() == 0) {
                w.pool.workforce.wakeOne(); // a waker counted us as searching; pass that on
            }
            return j;
        }
        // Read after counting ourselves parked: a searcher that found work just now either saw us parked
        // (and wakes us) or is no longer counted here, and we leave the requests.
        if (sleep.searching() == 0) {
            // Standing requests: running workers will publish (and wake one of us) at their next poll, so
            // private work does not stay hidden while we sleep.
            w.pool.workforce.signalAllRunning();
        }
        w.state = Worker.PARKED;
        Job next = waitParked();
        if (next == SEARCH_AGAIN) {
            w.state = Worker.SEARCHING; // a waker (or the shutdown path) counted us as searching again
        }
        return next;
    }

    /** Parked until claimed by a waker, the shutdown, or — for a spare or an idle core worker — a keep-alive. */
    private Job waitParked() {
        WeftPool pool = w.pool;
        Sleep sleep = pool.sleep;
        while (parkState == 1) {
            if (pool.isShutdown() && PARK_STATE.compareAndSet(this, 1, 0)) {
                sleep.parkedToSearching();
                break;
            }
            // A task may have left this thread's interrupt flag set; park would not block.
            Thread.interrupted();
            w.idleParks++;
            if (Thread.currentThread().isInterrupted()) {
                w.idleParksInterrupted++;
            }
            if (w.spare) {
                // Spares park with a keep-alive; once they outnumber blocked workers they search once more
                // and leave through leaveAsSpare.
                LockSupport.parkNanos(pool, SPARE_KEEP_ALIVE_NANOS);
                if (parkState == 1 && pool.workforce.spareSurplus() && PARK_STATE.compareAndSet(this, 1, 0)) {
                    sleep.parkedToSearching();
                    break;
                }
            } else {
                long parkedAt = System.nanoTime();
                LockSupport.parkNanos(pool, pool.workforce.keepAliveNanos);
                if (parkState == 1 && System.nanoTime() - parkedAt >= pool.workforce.keepAliveNanos
                        && pool.workforce.idleEverywhere() && PARK_STATE.compareAndSet(this, 1, 0)) {
                    return keepAliveExpired();
                }
            }
        }
        return SEARCH_AGAIN;
    }

    /**
     * Idle for the keep-alive, like every other worker: exit, counted as missing so that the next
     * submission starts a worker again — after a last rescan (Dekker with submitters: see
     * {@link Workforce#trim}). A job found there keeps the worker, surplus if a replacement was started.
     */
    private Job keepAliveExpired() {
        WeftPool pool = w.pool;
        pool.sleep.parkedDecrement();
        if (pool.workforce.trim(w)) {
            Job last = w.scan(false);
            if (last == null) {
                return null;
            }
            w.surplus = !pool.workforce.untrim(w);
            w.state = Worker.RUNNING;
            return last;
        }
        pool.sleep.searchingIncrement();
        return SEARCH_AGAIN;
    }

    /** Claims this parked worker for waking; true if the caller must unpark it. */
    boolean claimParked() {
        return parkState == 1 && PARK_STATE.compareAndSet(this, 1, 0);
    }
}
