package dev.weft.actors;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The address of an actor: send it messages of type {@code M}. References are cheap to share between
 * threads and actors; they stay valid after the actor stopped (messages then go to the dead letters).
 *
 * <p>Messages from one sender to one actor are processed in the order they were sent. Sent from a worker
 * of the system's pool to an idle actor, a message is handled as a fork on the sender's worker; from any
 * other thread it goes through the pool's inbox.
 *
 * <pre>{@code
 * record Greet(String who, ActorRef<String> replyTo) {}
 * ActorRef<Greet> greeter = system.spawn("greeter", () -> (ctx, g) -> {
 *     g.replyTo().tell("hello, " + g.who());
 *     return Behavior.same();
 * });
 * greeter.tell(new Greet("ann", printer));
 * String reply = greeter.<String>ask(r -> new Greet("bob", r), Duration.ofSeconds(1)).join();
 * }</pre>
 *
 * @param <M> the type of message the actor accepts
 */
public interface ActorRef<M> {
    /**
     * Sends {@code message} without waiting. Never blocks and never fails for a stopped actor: the
     * message then goes to the system's dead letters.
     *
     * @throws NullPointerException if {@code message} is null
     */
    void tell(M message);

    /**
     * Sends the message {@code request} builds around a one-shot reply address, and returns a future of the
     * first reply. The future fails with a {@link java.util.concurrent.TimeoutException} if no reply arrives
     * within {@code timeout}; replies after the first (or after the timeout) go to the dead letters.
     *
     * <p>The future is completed by a task of the system's pool, never inside the replying actor's handler:
     * dependent stages added without {@code Async} run in that task (or in the thread that adds them, if
     * the future is already complete), and {@code Async} stages without an executor run in the pool (its
     * {@code defaultExecutor()}), not in the JDK's common pool.
     *
     * <p>Waiting for the future inside a handler or another task of a Weft pool is a wait outside Weft:
     * do it inside {@link dev.weft.Weft#blocking} ({@code Weft.blocking(() -> future.get())}), or better,
     * compose with {@code thenAccept} and send yourself the result.
     *
     * @param request builds the message from the reply address
     * @param timeout how long to wait for the reply; positive
     * @throws NullPointerException     if an argument is null, or {@code request} returns null
     * @throws IllegalArgumentException if {@code timeout} is not positive
     */
    <R> CompletableFuture<R> ask(Function<ActorRef<R>, ? extends M> request, Duration timeout);

    /** The actor's path: its name, after its ancestors' names, e.g. {@code /shop/cart-7}. */
    String path();
}
