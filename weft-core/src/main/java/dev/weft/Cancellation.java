package dev.weft;

import java.util.concurrent.CancellationException;

/**
 * What a parallel loop or iterator checks at its chunk polls to stop once its work is no longer wanted
 * (PROTOCOL.md, "Cancellation at chunk polls"): the finish scopes around it ({@link Finish#cancel()}
 * of the innermost one or of one it is nested in), the job its worker took from elsewhere (a submitted task, a stolen fork:
 * {@link Task#cancel(boolean)}), and, for a loop started in the body of another loop's stolen half, the
 * outer loop's own cancellation.
 *
 * <p>Captured once, by the worker that starts the loop, from its own frame; the halves that thieves
 * take check the loop's root, so a thief needs no context of its own. Everything here is read with
 * volatile loads (the finish's flag, the job's status), so a cancel from any thread is seen at the next
 * poll of every part.
 */
final class Cancellation {
    private final Finish scope;
    private final Job job;
    private final Cancellation outer;

    private Cancellation(Finish scope, Job job, Cancellation outer) {
        this.scope = scope;
        this.job = job;
        this.outer = outer;
    }

    /** What code running now on {@code w} would be cancelled by, or null if nothing (outside any pool). */
    static Cancellation of(Worker w) {
        if (w == null) {
            return null;
        }
        Frame fr = w.scope;
        Finish f = fr == null ? null : fr.finish;
        Job j = w.running;
        Cancellation outer = null;
        if (j instanceof Loops.Split sp) {
            outer = sp.loop.root.cancel; // a split cannot be cancelled itself: its loop can
            j = null;
        }
        return f == null && j == null && outer == null ? null : new Cancellation(f, j, outer);
    }

    /** Whether the work this was captured for has been cancelled. */
    boolean requested() {
        return (scope != null && scope.cancelledWithEnclosing())
                || (job != null && job.statusVolatile() == Job.CANCELLED)
                || (outer != null && outer.requested());
    }

    /**
     * Whether {@code t} only says that some work was cancelled: a {@link CancellationException}, or a
     * wrapper whose cause and suppressed failures all are. A cancelled finish does not report these.
     */
    static boolean isCancellation(Throwable t) {
        if (t instanceof CancellationException) {
            return true;
        }
        if (!(t instanceof TaskFailedException) || t.getCause() == null || t.getCause() == t
                || !isCancellation(t.getCause())) {
            return false;
        }
        for (Throwable s : t.getSuppressed()) {
            if (!isCancellation(s)) {
                return false;
            }
        }
        return true;
    }
}
