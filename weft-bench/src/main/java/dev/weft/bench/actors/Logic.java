package dev.weft.bench.actors;

/**
 * The behaviour of one benchmark actor, runtime-neutral: Weft actors and Pekko both hand every message to
 * {@link #receive}. Its fields are confined to the actor (each runtime guarantees one message at a time and
 * visibility between messages). Actors are created once per runtime and worker count and reused by every
 * run: a run's messages carry its {@link Round}, and an actor that sees a new round starts counting afresh.
 */
abstract class Logic {
    /** The round this actor's counters belong to. */
    Round round;
    /** Messages handled in {@link #round}, and the sum of their payloads. */
    long count;
    long sum;

    /**
     * Spawns actors from inside this one, on this actor's runtime: a child ({@code ctx.spawn} for Weft,
     * {@code getContext().actorOf} for Pekko), as Savina's programs create actors. Set by the runtime before
     * the first message.
     */
    ActorWorkload.Spawner children;
    /** This actor's own address, on its runtime; set by the runtime before the first message. */
    Ref me;
    /** Set by {@link #stop()}: the runtime stops this actor after the current message. */
    boolean stopRequested;

    abstract void receive(Object message);

    /** Stops this actor once the current message is handled (Behavior.stopped() / context.stop(self)). */
    final void stop() {
        stopRequested = true;
    }

    /** Counts a message of {@code r} with payload {@code value}, starting afresh in a new round. */
    final void count(Round r, long value) {
        if (r != round) {
            round = r;
            count = 0;
            sum = 0;
        }
        count++;
        sum += value;
    }

    /** Reports this actor's counters for {@code r} (zeros if it handled nothing in it). */
    final void report(Round r) {
        if (r == round) {
            r.report(count, sum);
        } else {
            r.report(0, 0);
        }
    }

    /** End of a round for the receiver: it reports its counters. Not counted as a message. */
    record Fin(Round round) {
    }
}
