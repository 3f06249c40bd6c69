package dev.weft.bench;

/**
 * A benchmark program in three versions that share one kernel: the serial elision (every fork replaced
 * by a call), idiomatic {@link java.util.concurrent.ForkJoinPool} code, and idiomatic Weft code.
 */
public interface Program {
    /** Short name used on the command line and in reports, e.g. {@code fib}. */
    String name();

    /** One line: what it computes and at what grain. */
    String description();

    /** Creates the workload at the quick size (a few seconds per version) or the seeds' full size. */
    Workload create(boolean quick);
}
