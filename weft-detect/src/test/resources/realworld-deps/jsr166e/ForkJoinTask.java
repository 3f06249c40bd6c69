package jsr166e;

/** Compile-time stand-in for the pre-Java-7 fork/join library of this package, backed by java.util.concurrent. */
public abstract class ForkJoinTask<V> extends java.util.concurrent.ForkJoinTask<V> {
    private static final long serialVersionUID = 1L;
}
