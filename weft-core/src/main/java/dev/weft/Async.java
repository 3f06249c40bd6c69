package dev.weft;

/**
 * A published {@code async} body. Its failure belongs to its finish scope, not to a joiner: nobody
 * joins an async individually.
 */
final class Async extends Job {
    final Runnable body;

    Async(Runnable body) {
        this.body = body;
    }

    @Override
    void perform() {
        runBody(body, scope()); // never throws: a failure goes to the scope
    }

    /** An async that will not run reports the error to its finish, where its own failure would go. */
    @Override
    void reportAbandoned(Throwable cause) {
        Finish f = scope();
        if (f != null) {
            f.recordFailure(cause);
        }
    }

    /**
     * Runs an async body under scope {@code f}, skipping it if the scope was cancelled. A body that
     * stopped because the scope was cancelled (a loop inside threw a cancellation) did not fail.
     */
    static void runBody(Runnable body, Finish f) {
        if (f.isCancelled()) {
            return;
        }
        try {
            body.run();
        } catch (Throwable t) {
            if (!(Cancellation.isCancellation(t) && f.cancelledWithEnclosing())) {
                f.recordFailure(t);
            }
        }
    }
}
