package dev.weft.actors;

import dev.weft.WeftPool;
import java.util.concurrent.RejectedExecutionException;

/**
 * How activations reach the pool (PROTOCOL.md, "Batches" and "Chain"). An activation is either a
 * <em>fork</em> — {@link WeftPool#spawn}: on the sending worker, recorded with plain stores, run when that
 * worker's current construct drains or earlier by a hungry thief — or an <em>inbox</em> submission
 * ({@link WeftPool#execute}): first in, first out, any idle worker.
 *
 * <p>A worker runs forked activations one inside the other's drain (the receiver of a ping-pong runs after
 * the sender's activation, which was itself a fork...), and never looks at the inbox while its pending stack
 * holds work. weft-core bounds that chain for every model ({@link WeftPool#spawn}, "the chain bound"): a
 * worker that has started 1,024 spawned bodies since it last took a job from the inbox sends the next spawn
 * through the inbox. An activation charges the messages it handled beyond the first to that same count
 * ({@link #charge}, {@link WeftPool#chargeChain}), so the bound is about 1,024 <em>messages</em>: a
 * self-feeding chain of forks (a ping-pong pair, a ring, an actor with a standing backlog) yields to
 * submissions and other actors at least that often. Core owns the count and its reset; this class keeps
 * none.
 *
 * <p>Not final only so that the state machine's tests can run activations themselves (and plant a broken
 * {@link #claim}); the production JVM loads this class alone, so its calls stay monomorphic.
 */
class Dispatcher {
    /**
     * Spins (Thread.onSpinWait) an activation started from outside the pool makes for one more message each
     * time its mailbox runs dry, before it goes idle. An outside sender that floods an actor otherwise pays
     * an inbox submission per message once the actor keeps up with it; 32 spins cut single-producer's cost
     * per message about fourfold at 2 workers here (best of 15 runs, 49 to 12 ns).
     */
    static final int IDLE_SPINS = 32;
    /** Adaptive: a FORK actor whose sends found it idle less than 1 in this many turns SHARED. */
    static final int TO_SHARED_BELOW = 8;
    /** Adaptive: a SHARED actor whose sends found it idle more than 1 in this many turns FORK again. */
    static final int TO_FORK_ABOVE = 2;

    final WeftPool pool;
    final int throughput;
    final boolean adaptive;
    final byte initialMode;

    Dispatcher(WeftPool pool, int throughput, Scheduling scheduling) {
        this.pool = pool;
        this.throughput = throughput;
        // With one worker there is no other worker for a SHARED actor to run on beside its senders: the inbox
        // would only add its cost (PROTOCOL.md, "Mode"). Adaptive then stays with fork-on-send.
        this.adaptive = scheduling == Scheduling.ADAPTIVE && (pool == null || pool.parallelism() > 1);
        this.initialMode = scheduling == Scheduling.MAILBOX ? ActorCell.SHARED : ActorCell.FORK;
    }

    /**
     * The idle→scheduled transition of {@code c} from state {@code s}: true if this caller now owns the
     * activation ({@link ActorCell#casScheduled}, a CAS). Here, not in the cell, only so that
     * {@code StateMachineLincheckTest} can replace it with a read-then-write and show that its model check
     * catches two owners; no production subclass overrides it, so the JIT inlines the CAS.
     */
    boolean claim(ActorCell<?> c, int s) {
        return c.casScheduled(s);
    }

    /** Starts {@code c}'s activation as a fork if the caller is a worker of the pool, else via the inbox. */
    void fork(ActorCell<?> c) {
        if (WeftPool.current() != pool) {
            submit(c);
            return;
        }
        // From a worker of this pool spawn records the fork locally, unless one of its bounds (private
        // forks, the chain) sends it to the inbox, which refuses it once the pool is shut down.
        try {
            pool.spawn(c.forkRun);
        } catch (RejectedExecutionException e) {
            c.onRejected();
        }
    }

    /**
     * Continues {@code c}, which has a backlog after a full batch, in a new activation: a fork when the caller
     * is a worker of the pool (it counts in the worker's chain with the batch's messages, {@link #charge}, so
     * the actor yields to the inbox after about 1,024 messages), else the inbox. In {@link
     * Scheduling#MAILBOX} always the inbox.
     */
    void yieldTo(ActorCell<?> c) {
        if (initialMode == ActorCell.FORK) {
            fork(c);
        } else {
            submit(c);
        }
    }

    /**
     * Starts {@code c}'s activation through the pool's inbox; one started from outside the pool spins for
     * more messages before it goes idle ({@link #IDLE_SPINS}).
     */
    void submit(ActorCell<?> c) {
        try {
            pool.execute(WeftPool.current() == pool ? c.inboxRun : c.outsideRun);
        } catch (RejectedExecutionException e) {
            c.onRejected();
        }
    }

    /**
     * An activation handled {@code messages}: the worker's chain (weft-core's count of spawn starts) counts
     * each beyond the first, which its start counted if it was a spawn (PROTOCOL.md, "Chain"). Called before
     * the activation's continuation is spawned, so that the spawn's bound check sees the batch. Off the
     * pool's workers it does nothing.
     */
    void charge(int messages) {
        if (messages > 1) {
            pool.chargeChain(messages - 1);
        }
    }
}
