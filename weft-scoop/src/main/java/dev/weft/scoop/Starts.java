package dev.weft.scoop;

import dev.weft.WeftPool;

/**
 * How the runtime starts work on its pool (handler activations, granted asynchronous blocks): a detached
 * fork on the calling worker ({@link WeftPool#spawn}), with the nesting of forks on that worker's stack
 * bounded.
 *
 * <p><b>Why a bound.</b> A worker runs a detached fork that is still private when the construct it was
 * spawned in drains — and a fork spawned <em>by</em> a running detached fork is drained by that fork's
 * own frame, after its body returns (weft-core {@code Spawned.runDetached} → {@code PendingStack.drainTo}
 * → {@code runDetached} ...). A chain of activations in which each one starts the next (thread-ring: node
 * k's call logs the pass on node k+1, whose activation is spawned from node k's) therefore nests one level
 * per hop, three JVM frames each, until a thief happens to take the next activation. Measured here:
 * thread-ring with 5,000,000 passes on two workers reached 1,095,462 frames on one worker's stack; every
 * young collection then scans that stack (the run slowed to a crawl), and once a stack overflows the
 * chain is lost: an activation whose slot the drain had already cleared never runs, or a handler stays
 * RUNNING forever, and the client waiting for the ring's result hangs. Any chain of handlers that call
 * each other (a pipeline, a ring, a handler re-spawning itself with {@code Handler.BATCH}-sized yields)
 * has the same shape, so the bound sits here, on every start, not in one benchmark.
 *
 * <p><b>The bound.</b> Each thread counts the starts it spawned since it last ran a start that came from
 * the pool's inbox ({@code Client.Context.chain}). Below {@link #MAX_CHAIN} a start is a spawn (on the
 * caller's worker: cheap, local, stealable); at the bound it goes to the inbox ({@link WeftPool#execute})
 * wrapped so that the thread running it resets its own count. Why that bounds the depth: the nested
 * frames on a worker's stack are all drains of slots on that worker's own pending stack, that is of forks
 * that worker spawned itself, each counted; and a worker takes a job from the inbox only in its top-level
 * loop (weft-core {@code Worker.scan}), with an empty stack — so when it resets its count, no nested
 * frame is left. Between resets a worker spawns at most {@code MAX_CHAIN} forks, so at most that many
 * nest. The count is conservative (a spawned fork that a thief takes does not nest, and a stolen start
 * does not reset), which only costs an inbox trip in {@code MAX_CHAIN} starts; a thread whose count stays
 * at the bound sends its starts to the inbox, runs out of local work, and resets when it takes one.
 */
final class Starts {
    /** Starts a thread spawns (and so may nest) between two runs of an inbox start; weft-actors uses 1,024 too. */
    static final int MAX_CHAIN = 1024;

    private Starts() {
    }

    /**
     * Starts {@code work} on {@code pool}: spawned on the calling worker while its chain is below the bound,
     * else (or from outside the pool) through the inbox.
     *
     * @throws java.util.concurrent.RejectedExecutionException if it goes to the inbox of a pool that is shut down
     */
    static void start(WeftPool pool, Runnable work) {
        if (WeftPool.current() == pool) {
            Client.Context ctx = Client.context();
            if (ctx.chain < MAX_CHAIN) {
                ctx.chain++;
                pool.spawn(work);
                return;
            }
        }
        pool.execute(() -> {
            Client.context().chain = 0; // an inbox job runs at the top of a worker's stack: nothing nests below
            work.run();
        });
    }
}
