package dev.weft.bench;

import java.util.Objects;

/**
 * A runtime a benchmark program runs on: the serial elision, {@link java.util.concurrent.ForkJoinPool},
 * Weft, or a model's runtime and its competitors (an actor system, plain Java threads). A program lists the
 * engines it can run on ({@link Program#engines()}); {@code --runtimes} selects among them by {@link #name()}.
 *
 * @param name     short name used on the command line, in the CSV and in reports, e.g. {@code fjp}
 * @param title    human-readable name for reports, e.g. {@code ForkJoinPool}
 * @param baseline whether this engine is the baseline the others are measured against (run at one worker
 *                 only): the serial elision
 * @param counters which of the runner's shared pools ({@link Pools}) this engine's runs use, so that the
 *                 runner attributes that pool's steal and idle counters to them
 */
public record Engine(String name, String title, boolean baseline, Counters counters) {
    /** The shared pool whose counters describe an engine's runs. */
    public enum Counters {
        /** None: the engine runs on no shared pool (serial, threads, another runtime). */
        NONE,
        /** The {@link Pools#forkJoin} pool of the run's size: its steal count. */
        FORK_JOIN,
        /** The {@link Pools#weft} pool of the run's size: all its statistics. */
        WEFT
    }

    /** The serial elision: every fork replaced by a call. The baseline of the fork/join suite. */
    public static final Engine SERIAL = new Engine("serial", "serial elision", true, Counters.NONE);
    /** Idiomatic {@link java.util.concurrent.ForkJoinPool} code. */
    public static final Engine FJP = new Engine("fjp", "ForkJoinPool", false, Counters.FORK_JOIN);
    /** Idiomatic Weft code. */
    public static final Engine WEFT = new Engine("weft", "Weft", false, Counters.WEFT);

    public Engine {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(counters, "counters");
        if (!name.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("engine name must be lower-case letters, digits and '-': '" + name + "'");
        }
    }

    /** An engine that is not a baseline and runs on no shared pool (its own runtime, plain threads). */
    public static Engine of(String name, String title) {
        return new Engine(name, title, false, Counters.NONE);
    }

    /** An engine that runs on the shared {@link Pools#weft} pool of each size (a model on Weft). */
    public static Engine onWeft(String name, String title) {
        return new Engine(name, title, false, Counters.WEFT);
    }

    @Override
    public String toString() {
        return name;
    }
}
