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
        super("task failed: " + cause, cause);
    }

    /** Wraps {@code t} unless it already is a {@code TaskFailedException}. */
    static TaskFailedException wrap(Throwable t) {
        return t instanceof TaskFailedException tfe ? tfe : new TaskFailedException(t);
    }

    /**
     * Combines a primary failure with a secondary one (the other half of a join, another async of the
     * same scope) into one wrapper; either may be null.
     */
    static Throwable combine(Throwable primary, Throwable secondary) {
        if (primary == null) {
            return secondary;
        }
        if (secondary == null || secondary == primary) {
            return primary;
        }
        TaskFailedException w = wrap(primary);
        Throwable s = secondary instanceof TaskFailedException tfe && tfe.getCause() != null ? tfe.getCause() : secondary;
        if (s != w.getCause()) {
            w.addSuppressed(s);
        }
        return w;
    }
}
