package jsr166e;

/** Compile-time stand-in for the pre-Java-7 fork/join library of this package, backed by java.util.concurrent. */
public abstract class RecursiveTask<V> extends ForkJoinTask<V> {
    private static final long serialVersionUID = 1L;
    private V result;

    protected abstract V compute();

    @Override
    public final V getRawResult() {
        return result;
    }

    @Override
    protected final void setRawResult(V value) {
        result = value;
    }

    @Override
    protected final boolean exec() {
        result = compute();
        return true;
    }
}
