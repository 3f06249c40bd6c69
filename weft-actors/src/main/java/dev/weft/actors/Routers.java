package dev.weft.actors;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Routers as in Pekko: a pool spawns its routees as children, a group routes to whatever the receptionist
 * lists under a key. A pool router stops when its last routee has stopped; a group router with no routee
 * sends messages to the dead letters.
 *
 * <pre>{@code
 * ActorRef<Job> pool = system.spawn("pool", () -> Routers.pool(4, Worker::new));
 * ActorRef<Job> group = system.spawn("group", () -> Routers.group(WORKERS).withRandomRouting());
 * }</pre>
 */
public final class Routers {
    private Routers() {
    }

    /**
     * A router that spawns {@code size} routees (children named {@code $1}, {@code $2}, ...) from {@code
     * routee} when it starts and watches them: a routee that stops leaves the pool.
     *
     * @throws IllegalArgumentException if {@code size} is not positive
     */
    public static <M> Router<M> pool(int size, Supplier<? extends Behavior<M>> routee) {
        if (size <= 0) {
            throw new IllegalArgumentException("a pool needs at least one routee: " + size);
        }
        return RouterBehavior.pool(size, Objects.requireNonNull(routee, "routee"));
    }

    /** A router over the actors registered under {@code key} with the system's {@link Receptionist}. */
    public static <M> Router<M> group(ServiceKey<M> key) {
        return RouterBehavior.group(Objects.requireNonNull(key, "key"));
    }
}
