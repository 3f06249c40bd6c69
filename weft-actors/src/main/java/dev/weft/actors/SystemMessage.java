package dev.weft.actors;

import java.util.function.BiFunction;

/**
 * The messages an actor gets from the system rather than from a user's {@code tell}: failure reports,
 * death-watch and child-stop notices, timers, adapted messages, the start of a setup and the end of a
 * backoff wait. They travel through the same mailbox as user messages (so each keeps its sender's order
 * with them) but never count against a bounded mailbox. An abstract class, not an interface, so that the
 * activation's test of every message ({@code instanceof SystemMessage}) is one class check.
 */
abstract sealed class SystemMessage {
    /** Starts an actor whose behaviour is a {@link Behavior#setup}, so that it runs without a first message. */
    static final Start START = new Start();

    static final class Start extends SystemMessage {
        @Override
        public String toString() {
            return "Start";
        }
    }

    /** A child's failure that its policy escalated to this actor (its parent). */
    static final class Escalation extends SystemMessage {
        final ActorCell<?> child;
        final ActorCell<?> origin;
        final Throwable failure;

        Escalation(ActorCell<?> child, ActorCell<?> origin, Throwable failure) {
            this.child = child;
            this.origin = origin;
            this.failure = failure;
        }

        @Override
        public String toString() {
            return "Escalation[" + origin.path() + ": " + failure + "]";
        }
    }

    /** A child finished stopping (PROTOCOL.md, "Stopping in two phases"). Reaches a stopping parent too. */
    static final class ChildStopped extends SystemMessage {
        final ActorCell<?> child;

        ChildStopped(ActorCell<?> child) {
            this.child = child;
        }

        @Override
        public String toString() {
            return "ChildStopped[" + child.path() + "]";
        }
    }

    /** An actor this one watches finished stopping (PROTOCOL.md, "Death watch"). */
    static final class DeathNotice extends SystemMessage {
        final ActorCell<?> who;

        DeathNotice(ActorCell<?> who) {
            this.who = who;
        }

        @Override
        public String toString() {
            return "DeathNotice[" + who.path() + "]";
        }
    }

    /** A timer's message, handled only if its timer is still the one under its key (PROTOCOL.md, "Timers"). */
    static final class TimerFired extends SystemMessage {
        final ActorTimers.Timer timer;

        TimerFired(ActorTimers.Timer timer) {
            this.timer = timer;
        }

        @Override
        public String toString() {
            return "TimerFired[" + timer + "]";
        }
    }

    /** The end of a backoff wait: restart now, unless another failure started a newer wait. */
    static final class BackoffEnded extends SystemMessage {
        final int generation;

        BackoffEnded(int generation) {
            this.generation = generation;
        }

        @Override
        public String toString() {
            return "BackoffEnded[" + generation + "]";
        }
    }

    /**
     * A value for this actor made into its own message type by {@code mapper}, which runs in the actor
     * (pipeToSelf, message adapters): {@code mapper.apply(value, failure)}.
     */
    static final class Adapted extends SystemMessage {
        final Object value;
        final Throwable failure;
        final BiFunction<Object, Throwable, Object> mapper;

        Adapted(Object value, Throwable failure, BiFunction<Object, Throwable, Object> mapper) {
            this.value = value;
            this.failure = failure;
            this.mapper = mapper;
        }

        /** What a dead-letter listener sees: the value (or the failure) before adaptation. */
        Object original() {
            return value != null ? value : failure;
        }

        @Override
        public String toString() {
            return "Adapted[" + original() + "]";
        }
    }
}
