package dev.weft;

/**
 * Thrown by a join, a {@code finish}, a parallel loop or {@link WeftPool#invoke} when a task it waited
 * for threw. The original exception is the {@linkplain #getCause() cause}; when several tasks of the
 * same join or scope failed, the first is the cause and the others are
 * {@linkplain #getSuppressed() suppressed}, so no failure is lost.
 *
 * <p>The wrapper is the same whether the failed task ran on the joining thread or was stolen by
 * another worker, so a {@code catch} clause behaves the same under every schedule. A failure that
 * passes through several nested joins is wrapped once, not once per level.
 *
 * <pre>{@code
 * try {
 *     pool.invoke(() -> Weft.join(() -> parse(a), () -> parse(b), Merge::of));
 * } catch (TaskFailedException e) {
 *     Throwable original = e.getCause();   // what parse(...) threw
 * }
 * }</pre>
 */
public class TaskFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates a wrapper for {@code cause}, which must not be null. */
    public TaskFailedException(Throwable cause) {
        super("task failed: " + describe(cause), cause);
    }

    /** Wraps {@code t} unless it already is a {@code TaskFailedException}. */
    static TaskFailedException wrap(Throwable t) {
        return t instanceof TaskFailedException tfe ? tfe : new TaskFailedException(t);
    }

    /**
     * {@code String.valueOf(t)}, or the class name if the failure's own {@code toString()} throws: a
     * broken failure must still be reported, never replaced by what its {@code toString()} threw.
     */
    static String describe(Throwable t) {
        try {
            return String.valueOf(t);
        } catch (Throwable broken) {
            return t.getClass().getName() + " (its toString() threw " + broken.getClass().getName() + ")";
        }
    }

    /**
     * The original failure inside a wrapper (a task whose body rethrew what a join inside it threw), for
     * {@code Future} users who expect what their code threw. A wrapper that combines several failures
     * (it has suppressed ones) is returned as it is: there is no single original, and moving its
     * suppressed failures onto the user's own exception would report them twice.
     */
    static Throwable unwrap(Throwable t) {
        while (t instanceof TaskFailedException tfe && tfe.getClass() == TaskFailedException.class
                && tfe.getCause() != null && tfe.getCause() != tfe && tfe.getSuppressed().length == 0) {
            t = tfe.getCause();
        }
        return t;
    }

    /**
     * Combines a primary failure with a secondary one (the other half of a join, another async of the
     * same scope) into one wrapper; either may be null. A secondary wrapper is flattened: its cause and
     * each of its suppressed failures become suppressed failures of the result, so nothing it carried
     * is lost and nothing is reported twice.
     */
    static Throwable combine(Throwable primary, Throwable secondary) {
        if (primary == null) {
            return secondary;
        }
        if (secondary == null || secondary == primary) {
            return primary;
        }
        TaskFailedException w = wrap(primary);
        if (secondary instanceof TaskFailedException tfe && tfe.getClass() == TaskFailedException.class
                && tfe.getCause() != null) {
            addOnce(w, tfe.getCause());
            for (Throwable x : tfe.getSuppressed()) {
                addOnce(w, x);
            }
        } else {
            addOnce(w, secondary);
        }
        return w;
    }

    /** Adds {@code x} as suppressed to {@code to} unless it is already reachable there at the top. */
    private static void addOnce(Throwable to, Throwable x) {
        if (x == to || x == to.getCause()) {
            return;
        }
        for (Throwable y : to.getSuppressed()) {
            if (y == x) {
                return;
            }
        }
        to.addSuppressed(x);
    }
}
