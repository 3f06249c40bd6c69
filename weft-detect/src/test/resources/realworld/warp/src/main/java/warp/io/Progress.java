package warp.io;

/** A progress counter that looks like a task but is not: isDone() is a plain getter. */
final class Progress {
    private final int total;
    private int done;

    Progress(int total) {
        this.total = total;
    }

    void advance() {
        done++;
    }

    boolean isDone() {
        return done >= total;
    }
}
