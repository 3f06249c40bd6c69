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
 * {@link dev.weft.actors.Behavior} (a handler that returns the behaviour for the next message) behind an
 * {@link dev.weft.actors.ActorRef}; a handler reaches its own reference, its children and the system
 * through its {@link dev.weft.actors.ActorContext}; {@link dev.weft.actors.Supervision} says what a failure
 * does; {@link dev.weft.actors.Scheduling} how idle actors are started. The module's PROTOCOL.md describes the
 * mailbox and scheduling state machine.
 */
package dev.weft.actors;
