package dev.weft.actors;

import java.util.function.Function;

/**
 * A behaviour that forwards each message to one of its routees: children it spawned ({@link Routers#pool})
 * or the actors registered under a receptionist key ({@link Routers#group}). Spawn it like any behaviour;
 * the {@code with...} methods pick how a routee is chosen (round-robin by default) and return a new router.
 *
 * <pre>{@code
 * ActorRef<Job> workers = system.spawn("workers", () -> Routers.pool(4, Worker::new).withRandomRouting());
 * ActorRef<Get> shards = system.spawn("shards",
 *         () -> Routers.pool(8, Shard::new).withConsistentHashingRouting(10, Get::key));
 * }</pre>
 *
 * @param <M> the message type of the router and its routees
 */
public interface Router<M> extends Behavior<M> {
    /** Routees in turn. */
    Router<M> withRoundRobinRouting();

    /** A routee at random. */
    Router<M> withRandomRouting();

    /**
     * The routee that a hash ring assigns to {@code key.apply(message)}: messages with equal keys go to the
     * same routee while the routees stay the same, and when one leaves or joins, only the keys on its part
     * of the ring move. Each routee takes {@code virtualNodesFactor} places on the ring (more places, a more
     * even spread).
     *
     * @throws IllegalArgumentException if {@code virtualNodesFactor} is not positive
     */
    Router<M> withConsistentHashingRouting(int virtualNodesFactor, Function<? super M, ?> key);

    /**
     * For a pool: how its routees run (default: {@link Supervision#RESTART}, so a failing routee starts
     * afresh and stays in the pool).
     *
     * @throws IllegalStateException for a group router, whose routees are not its own
     */
    Router<M> withRouteeProps(Props props);
}
