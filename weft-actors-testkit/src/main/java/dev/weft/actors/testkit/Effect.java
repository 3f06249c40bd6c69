package dev.weft.actors.testkit;

import dev.weft.actors.ActorRef;
import dev.weft.actors.Props;
import java.time.Duration;

/**
 * Something a behaviour did through its context, as {@link BehaviorTestKit} records it. Compare with
 * {@code equals}: {@code kit.expectEffect(new Effect.Stopped("child"))}.
 */
public sealed interface Effect {
    /**
     * {@code ctx.spawn(name, ...)}; {@code ref} records what is sent to the child ({@link
     * BehaviorTestKit#childInbox}).
     */
    record Spawned(String name, Props props, ActorRef<?> ref) implements Effect {
    }

    /** {@code ctx.stop(child)}, by the child's name. */
    record Stopped(String name) implements Effect {
    }

    /** {@code ctx.watch(ref)} or {@code ctx.watchWith(ref, message)} (then {@code message} is not null). */
    record Watched(ActorRef<?> ref, Object message) implements Effect {
    }

    /** {@code ctx.unwatch(ref)}. */
    record Unwatched(ActorRef<?> ref) implements Effect {
    }

    /** How a timer repeats. */
    enum TimerMode {
        SINGLE, FIXED_DELAY, FIXED_RATE
    }

    /** A timer started: {@code ctx.timers().start...(key, message, delay)}. */
    record TimerScheduled(Object key, Object message, Duration delay, TimerMode mode) implements Effect {
    }

    /** {@code ctx.timers().cancel(key)}, for a key with a running timer. */
    record TimerCancelled(Object key) implements Effect {
    }
}
