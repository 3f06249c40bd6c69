package dev.weft.bench;

import java.util.List;

/**
 * A benchmark program: one kernel in a version per engine. The fork/join suite's programs run as the
 * serial elision (every fork replaced by a call), idiomatic {@link java.util.concurrent.ForkJoinPool}
 * code and idiomatic Weft code; other suites (actors, SCOOP, atomic sets) declare their own engines.
 */
public interface Program {
    /** The fork/join suite: the seeds' programs on serial, ForkJoinPool and Weft. */
    String FORK_JOIN_SUITE = "forkjoin";

    /** Short name used on the command line and in reports, e.g. {@code fib}. */
    String name();

    /** One line: what it computes and at what grain. */
    String description();

    /** Creates the workload at the quick size (a few seconds per version) or the seeds' full size. */
    Workload create(boolean quick);

    /** The suite this program belongs to ({@code --suite}); programs of a suite share their engines. */
    default String suite() {
        return FORK_JOIN_SUITE;
    }

    /** The engines this program runs on, in table order: the baseline (if any) first. */
    default List<Engine> engines() {
        return List.of(Engine.SERIAL, Engine.FJP, Engine.WEFT);
    }

    /** The engine under evaluation (the numerator of the "subject / reference" column). */
    default Engine subject() {
        return Engine.WEFT;
    }

    /** The engine the subject is compared with. */
    default Engine reference() {
        return Engine.FJP;
    }

    /** The baseline engine (run at one worker; ratios are over it), or null if the suite has none. */
    default Engine baseline() {
        for (Engine e : engines()) {
            if (e.baseline()) {
                return e;
            }
        }
        return null;
    }

    /**
     * The engine whose time {@code engine}'s ratios, sequential overhead and speedup are computed over: by
     * default the program's {@link #baseline()}. A suite that compares runtimes of several languages returns,
     * for each language's runtimes, that language's own serial program — another baseline engine among
     * {@link #engines()}, run at one worker — and leaves the serial programs themselves over the first
     * baseline, so that their ratio compares the languages.
     */
    default Engine baselineOf(Engine engine) {
        return baseline();
    }
}
