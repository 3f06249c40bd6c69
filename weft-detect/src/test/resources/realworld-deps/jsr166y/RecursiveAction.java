package jsr166y;

/** Compile-time stand-in for the pre-Java-7 fork/join library of this package, backed by java.util.concurrent. */
public abstract class RecursiveAction extends ForkJoinTask<Void> {
    private static final long serialVersionUID = 1L;

    protected abstract void compute();

    @Override
    public final Void getRawResult() {
        return null;
    }

    @Override
    protected final void setRawResult(Void value) {
    }

    @Override
    protected final boolean exec() {
        compute();
        return true;
    }
}
