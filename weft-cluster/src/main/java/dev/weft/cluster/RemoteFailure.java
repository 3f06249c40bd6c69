package dev.weft.cluster;

/**
 * Stands in for a failure on another member that could not travel as itself: an exception with a field
 * that is not serialisable, or whose class the home cannot load. It carries the original's class name
 * and message, and its stack trace.
 */
public final class RemoteFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RemoteFailure(String message, Throwable cause) {
        super(message, cause);
    }

    private RemoteFailure(String message) {
        super(message);
    }

    /** A serialisable copy of {@code t} (and of its causes), as far as names, messages and stack traces go. */
    static RemoteFailure of(Throwable t) {
        RemoteFailure r = new RemoteFailure(t.getClass().getName() + ": " + t.getMessage());
        r.setStackTrace(t.getStackTrace());
        if (t.getCause() != null && t.getCause() != t) {
            r.initCause(of(t.getCause()));
        }
        return r;
    }
}
