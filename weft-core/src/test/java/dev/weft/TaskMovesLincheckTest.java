package dev.weft;

import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A model check of moving a stalled worker's tasks (PROTOCOL.md, "Moving a stalled worker's tasks"),
 * on the real pending stack and task status: Lincheck explores the interleavings of an owner that joins
 * its newest task on the fast path (pop, then {@link Task#ownedAfterPop}) and publishes its oldest one
 * for thieves, a monitor that moves a sighted task ({@link TaskMoves#claim} between announcing and
 * ending the move), and a thief that runs whatever was shared. Every task must run at most once.
 *
 * <p>Lincheck's model is sequentially consistent: it checks the protocol's logic — the Dekker of the
 * owner's pop-then-load against the monitor's announce-then-load, and the CAS races — and not the JVM
 * dependency that makes the owner's plain store and opaque load behave so against the monitor (the
 * handshake, argued in PROTOCOL.md). Without the load of the move state after the pop, it finds the
 * schedule that runs a task twice: {@link #catchesAnOwnerThatSkipsTheMoveCheck} runs the same options on an
 * owner that takes every popped task as its own and requires the check to fail.
 */
public class TaskMovesLincheckTest {
    private static final WeftPool POOL = WeftPool.builder().parallelism(1).name("moves-model").build();

    @AfterAll
    static void close() {
        POOL.close();
    }

    static final class Counted extends Task<Integer> {
        final AtomicInteger runs = new AtomicInteger();

        @Override
        protected Integer compute() {
            runs.incrementAndGet();
            return 1;
        }
    }

    /** A worker that never starts: the model's threads play its owner, its monitor and a thief. */
    private final Worker w = new Worker(POOL, 1_000, false, "model-owner", 0);
    private final PendingStack p = w.pending;
    private final Counted[] tasks = {new Counted(), new Counted()};
    /** The owner's next task to join, newest first (LIFO, as the fast path joins). */
    private int next = tasks.length - 1;
    /** What the monitor moved; the thief runs it from there (the inbox, in the pool). */
    private volatile Task<?> moved;

    public TaskMovesLincheckTest() {
        for (Counted t : tasks) {
            t.forkSlot = p.pushObject(t, PendingStack.K_JOB); // as Task.fork, without a worker thread
            t.forkedOn = w;
        }
    }

    /** The owner joins its newest unjoined task: the fast path of Task.join and runOwn, else a claim. */
    @Operation(nonParallelGroup = "owner")
    public void join() {
        if (next < 0) {
            return;
        }
        Counted x = tasks[next];
        if (p.items[next] == x && p.popPrivateTopClearing(next)) {
            if (ownedAfterPop(x)) {
                x.result = x.compute(); // runOwn: no claim
                x.complete(Job.NORMAL);
            } else {
                p.acknowledgeMoves();
                x.runInline(); // the claimed path (in the pool, it then waits if another thread claimed it)
            }
        } else {
            x.runInline(); // published, or not on top: the slow join claims too
        }
        next--;
    }

    /** The owner's check after a pop that no move took the task meanwhile. */
    boolean ownedAfterPop(Task<?> x) {
        return x.ownedAfterPop(p);
    }

    /** The planted fault: an owner that skips the check, so its fast join may run a task the monitor moved. */
    public static final class SkipsTheMoveCheck extends TaskMovesLincheckTest {
        @Override
        boolean ownedAfterPop(Task<?> x) {
            return true;
        }
    }

    /** The owner serves a request: publishes its oldest private slot for thieves. */
    @Operation(nonParallelGroup = "owner")
    public void publish() {
        p.publishOldest();
    }

    /** The monitor moves the oldest private task it sighted, announcing the move around the check. */
    @Operation(nonParallelGroup = "monitor")
    public void move() {
        int b = p.base;
        if (b >= p.top || !(p.items[b] instanceof Task<?> x) || x.statusPlain() != Job.NEW) {
            return; // nothing sighted
        }
        p.beginMoves();
        // (the handshake with the owner: nothing to do in a sequentially consistent model)
        if (TaskMoves.claim(w, x, b)) {
            moved = x;
        }
        p.endMoves();
    }

    /** A thief runs what was shared: the oldest published job, and a moved task. */
    @Operation(nonParallelGroup = "thief")
    public void steal() {
        Job j = w.deque.poll();
        if (j != null) {
            j.runInline();
        }
        Task<?> m = moved;
        if (m != null) {
            m.runInline();
        }
    }

    @Validate
    public void everyTaskRanAtMostOnce() {
        for (Counted t : tasks) {
            if (t.runs.get() > 1) {
                throw new AssertionError("a task ran " + t.runs.get() + " times");
            }
        }
    }

    static ModelCheckingOptions options() {
        return new ModelCheckingOptions()
                .iterations(Integer.getInteger("weft.lincheck.iterations", 5))
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(2)
                .actorsBefore(0)
                .actorsAfter(0);
    }

    @Test
    void modelChecking() {
        options().check(TaskMovesLincheckTest.class);
    }

    /** The same check fails when the owner skips the move check: it is sized to find that race. */
    @Test
    void catchesAnOwnerThatSkipsTheMoveCheck() {
        // Not minimised: the first failing scenario is enough, and minimising it reruns the check many times.
        assertThrows(AssertionError.class, () -> options().minimizeFailedScenario(false).check(SkipsTheMoveCheck.class));
    }
}
