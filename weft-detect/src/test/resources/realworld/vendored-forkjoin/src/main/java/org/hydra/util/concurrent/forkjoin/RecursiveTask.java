package org.hydra.util.concurrent.forkjoin;

/** The vendored RecursiveTask. */
public abstract class RecursiveTask<V> extends ForkJoinTask<V> {
    protected abstract V compute();

    @Override
    public final V getRawResult() {
        return result;
    }

    @Override
    protected final boolean exec() {
        result = compute();
        return true;
    }
}
