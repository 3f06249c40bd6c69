package jsr166y;

/** Compile-time stand-in for the pre-Java-7 fork/join library of this package, backed by java.util.concurrent. */
public class ForkJoinPool extends java.util.concurrent.ForkJoinPool {
    public ForkJoinPool() {
    }

    public ForkJoinPool(int parallelism) {
        super(parallelism);
    }
}
