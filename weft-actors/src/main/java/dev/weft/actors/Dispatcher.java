package dev.weft.actors;

import dev.weft.WeftPool;
import java.util.concurrent.RejectedExecutionException;

/**
 * How activations reach the pool (PROTOCOL.md, "activations" and "chain"). An activation is either a
 * <em>fork</em> — {@link WeftPool#spawn}: on the sending worker, recorded with plain stores, run when that
 * worker's current construct drains or earlier by a hungry thief — or an <em>inbox</em> submission
 * ({@link WeftPool#execute}): first in, first out, any idle worker.
 *
 * <p>A worker runs forked activations one inside the other's drain (the receiver of a ping-pong runs after
 * the sender's activation, which was itself a fork...), and never looks at the inbox while its pending stack
 * holds work. weft-core bounds that chain for every model ({@link WeftPool#spawn}, "the chain bound"): a
 * worker that has started 1,024 spawned activations since it last took a job from the inbox sends the next
 * one through the inbox. That bounds the nesting of activations on a worker's stack, and it makes a
 * self-feeding chain of forks (a ping-pong pair, a ring) yield to submissions and other actors.
 *
 * <p>Not final only so that the state machine's tests can run activations themselves; the production
 * JVM loads this class alone, so its calls stay monomorphic.
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
        this.adaptive = scheduling == Scheduling.ADAPTIVE;
        this.initialMode = scheduling == Scheduling.MAILBOX ? ActorCell.SHARED : ActorCell.FORK;
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
     * is a worker of the pool (it counts in the worker's chain, so the actor yields to the inbox after at
     * most 1,024 activations: {@link WeftPool#spawn}), else the inbox. In {@link Scheduling#MAILBOX} always
     * the inbox.
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
}
