/**
 * Typed actors on the Weft scheduler.
 *
 * <pre>{@code
 * try (ActorSystem system = ActorSystem.create()) {
 *     ActorRef<String> greeter = system.spawn("greeter", () -> (ctx, name) -> {
 *         System.out.println("hello, " + name);
 *         return Behavior.same();
 *     });
 *     greeter.tell("world");
 * }
 * }</pre>
 *
 * <p>{@link dev.weft.actors.ActorSystem} spawns actors on a {@link dev.weft.WeftPool}; an actor is a
 * {@link dev.weft.actors.Behavior} (a handler that returns the behaviour for the next message, and takes
 * {@link dev.weft.actors.Signal}s) behind an {@link dev.weft.actors.ActorRef}; a handler reaches its own
 * reference, its children, watches, {@link dev.weft.actors.Timers}, stash and the system through its
 * {@link dev.weft.actors.ActorContext}; {@link dev.weft.actors.Props} carry its {@link
 * dev.weft.actors.Supervision} (what a failure does), a bounded mailbox ({@link dev.weft.actors.Overflow}) and
 * its stash's capacity; {@link dev.weft.actors.Routers} and the {@link dev.weft.actors.Receptionist} find
 * actors for a message; {@link dev.weft.actors.Scheduling} says how idle actors are started. The module's
 * README.md is a guide for Pekko users; its PROTOCOL.md describes the mailbox and scheduling state machine.
 */
package dev.weft.actors;
