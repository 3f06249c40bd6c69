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
 * holds work. So each worker counts the messages its forked activations handled since it last took an
 * activation from the inbox (its <em>chain</em>); at {@link #MAX_CHAIN} the next one goes through the inbox
 * instead. That bounds the nesting of activations on a worker's stack, and it makes a self-feeding chain of
 * forks (a ping-pong pair, a ring, an actor with a backlog) yield to submissions and other actors at least
 * every {@code MAX_CHAIN} messages.
 *
 * <p>Not final only so that the state machine's tests can run activations themselves; the production
 * JVM loads this class alone, so its calls stay monomorphic.
 */
class Dispatcher {
    /**
     * Most messages a worker handles in forked activations (each counts at least one, so this also bounds
     * their nesting) before the next forked activation goes through the inbox.
     */
    static final int MAX_CHAIN = 1024;
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

    /** Per thread: messages handled in forked activations since the last inbox activation. */
    private static final ThreadLocal<int[]> CHAIN = ThreadLocal.withInitial(() -> new int[1]);

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

    /** Starts {@code c}'s activation as a fork if the caller is a worker of the pool, else via the inbox. */
    void fork(ActorCell<?> c) {
        if (WeftPool.current() != pool) {
            submit(c);
            return;
        }
        // From a worker of this pool spawn never rejects: it records the fork locally (or, past its bound
        // of private forks, queues it even after shutdown would have refused an outside submission).
        try {
            pool.spawn(c.forkRun);
        } catch (RejectedExecutionException e) {
            c.onRejected();
        }
    }

    /**
     * Continues {@code c}, which has a backlog after a full batch, in a new activation: a fork when the caller
     * is a worker of the pool (it counts in the worker's chain, so the actor yields to the inbox after at
     * most {@link #MAX_CHAIN} activations), else the inbox. In {@link Scheduling#MAILBOX} always the inbox.
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
     * A forked activation starts on this thread: null if the chain is at its bound (go via the inbox), else
     * the chain's counter, already counting this activation once; the activation adds the rest of its
     * messages when it ends ({@link #leaveChain}).
     */
    int[] enterChain() {
        int[] chain = CHAIN.get();
        if (chain[0] >= MAX_CHAIN) {
            return null;
        }
        chain[0]++;
        return chain;
    }

    /** A forked activation that handled {@code messages} ended (the first was counted by enterChain). */
    static void leaveChain(int[] chain, int messages) {
        if (messages > 1) {
            chain[0] += messages - 1;
        }
    }

    /** An inbox activation starts on this thread: its worker came back to its run loop. */
    void resetChain() {
        if (initialMode == ActorCell.FORK) {
            CHAIN.get()[0] = 0;
        }
    }
}
