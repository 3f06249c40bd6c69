package dev.weft;

/** Test stub of Weft's Finish scope. */
public final class Finish {
    public void cancel() {
    }

    public boolean isCancelled() {
        return false;
    }
}
