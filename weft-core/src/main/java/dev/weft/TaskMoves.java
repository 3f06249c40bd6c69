package dev.weft;

import java.util.Locale;

/**
 * The stall monitor's half of moving a stalled worker's private tasks to the inbox (PROTOCOL.md,
 * "Moving a stalled worker's tasks"). A worker that has not polled for about a second — it spins, runs a
 * long leaf, or waits outside Weft — cannot hand over the tasks it forked, and only it may touch its
 * pending stack. The monitor takes them anyway, with an <em>asymmetric fence</em>: the owner's join pays
 * one opaque load (a plain load in the machine code) after it pops a task, and the monitor pays for the
 * ordering by forcing the owner through a handshake ({@link Thread#getStackTrace()} of another thread is
 * one on HotSpot) between announcing the move and looking at the owner's stack.
 *
 * <p>Only {@link Task}s move: a task carries its own status, which the monitor claims with the same CAS
 * (NEW to FORKED) that the owner's publication uses, and every other run of a task but the owner's fast
 * join claims it too. Function-form joins, asyncs, spawns and loop ranges have no such state; they stay
 * with their worker and the monitor only reports them.
 *
 * <p>Moves are on where the handshake is known to order memory as PROTOCOL.md needs: HotSpot, from JDK
 * 19 on a handshake ({@code Handshake::execute}), before that a safepoint. {@code -Ddev.weft.taskMoves=false}
 * turns them off (the monitor then only reports).
 */
final class TaskMoves {
    private TaskMoves() {
    }

    /** Whether the monitor may move tasks on this JVM. */
    static final boolean ENABLED = enabled();

    /** At most this many of a worker's oldest private tasks are watched and moved per round. */
    static final int MAX = Worker.PUBLISHED_LIMIT;

    private static boolean enabled() {
        String prop = System.getProperty("dev.weft.taskMoves");
        if (prop != null) {
            return Boolean.parseBoolean(prop);
        }
        String vm = System.getProperty("java.vm.name", "").toLowerCase(Locale.ROOT);
        return vm.contains("hotspot") || vm.contains("openjdk");
    }

    /**
     * The tasks a worker held privately at one sample, oldest first: where they were, and which they
     * were. Monitor-owned. A move only takes tasks sighted at an earlier sample — before it announced the
     * move — and still in place after the handshake: such a task was forked before the handshake, so
     * the owner's scope chain and paused region at its slot are visible to the monitor.
     */
    static final class Sighting {
        final Task<?>[] tasks = new Task<?>[MAX];
        final int[] slots = new int[MAX];
        int count;

        void clear() {
            for (int k = 0; k < count; k++) {
                tasks[k] = null; // keep nothing of the user's reachable from the monitor
            }
            count = 0;
        }

        /**
         * Records {@code w}'s oldest private tasks. Racy reads of the owner's stack: what they find is
         * verified after the handshake ({@link #move}); a stale or torn view only loses a move.
         */
        void take(Worker w) {
            clear();
            PendingStack p = w.pending;
            int b = p.base;
            int t = Math.min(p.top, w.pauseBase); // forks of a paused region never move (PROTOCOL.md, "paused stealing")
            Object[] items = p.items;
            long[] words = p.words;
            for (int i = b; i < t && i < items.length && count < MAX; i++) {
                if ((i << PendingStack.SLOT_SHIFT) >= words.length) {
                    break;
                }
                if (items[i] instanceof Task<?> x && PendingStack.kindOf(words[i << PendingStack.SLOT_SHIFT]) == PendingStack.K_JOB
                        && x.forkedOn == w && x.forkSlot == i && x.statusPlain() == Job.NEW) {
                    tasks[count] = x;
                    slots[count] = i;
                    count++;
                }
            }
        }
    }

    /**
     * After the handshake of a move on {@code w}: takes task {@code x}, sighted in slot {@code b} before
     * the move began, if it is still there and private — the owner did not pop it before the handshake
     * (every pop of a task clears its slot), and a pop after it sees the move and claims — by the same
     * CAS (NEW to FORKED) that a publication uses. False if it is gone, or published, claimed or
     * cancelled meanwhile: then whoever did so runs it.
     */
    static boolean claim(Worker w, Task<?> x, int b) {
        PendingStack p = w.pending;
        Object[] items = p.items;
        if (b >= items.length || items[b] != x || b < p.base || b >= p.top || b >= w.pauseBase) {
            return false;
        }
        return x.casForked();
    }

    /**
     * The context a task moved out of {@code w} runs with: the one that {@code w}'s innermost job was
     * started with ({@link Worker#runJob}), since the monitor cannot read another thread's context. Read
     * after a claim succeeded: the job that forked the task cannot end before the task has run, so
     * {@code running} is that job or one that {@code w} runs inside it while it waits (a helper runs only
     * descendants of what it waits for, PROTOCOL.md, "Helping (a join whose half was stolen)"): either way
     * the context of the same request. It misses what the job changed in its context after it started,
     * which a publication would have captured. {@code running} is owner-written; the handshake made its
     * value as of the move visible, and a later one is a job nested inside it.
     */
    static Object[] contextOf(Worker w) {
        Job r = w.running;
        return r == null ? null : r.shared().context;
    }

    /**
     * One move: announces it on {@code w}'s pending stack, forces {@code w} through a handshake (whose
     * stack trace it returns in {@code stack[0]}), then moves each sighted task that is still private and
     * unclaimed to the inbox, counted in the finish scope of its slot as a publication would count it.
     *
     * @return how many tasks moved
     */
    static int move(WeftPool pool, Worker w, Sighting seen, StackTraceElement[][] stack) {
        PendingStack p = w.pending;
        p.beginMoves();
        int moved = 0;
        try {
            // The handshake: w stops at a safepoint poll (or is stopped already, blocked) and both sides
            // pass a full fence. Stores w made before that point are visible below; loads w makes after it
            // see MOVES_UNDER_WAY (PROTOCOL.md).
            stack[0] = w.getStackTrace();
            if (!w.isAlive()) {
                return 0;
            }
            for (int k = 0; k < seen.count; k++) {
                Task<?> x = seen.tasks[k];
                int b = seen.slots[k];
                if (!claim(w, x, b)) {
                    continue;
                }
                Finish f = w.finishOf(b); // frames are immutable; those that contain b were pushed before it
                Job.Shared sh = x.shared();
                sh.scope = f;
                if (f != null) {
                    f.acquire(); // counted before it becomes visible, as a publication counts
                    sh.counted = true;
                }
                pool.tasksMoved.incrementAndGet(); // counted before anyone can see it run
                pool.acceptMoved(x, pool.contexts == null ? null : contextOf(w));
                moved++;
            }
        } finally {
            p.endMoves();
            seen.clear();
        }
        return moved;
    }
}
