package fib;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicLong;

/** The recursive Fibonacci number, counting its calls in a shared counter. */
public class Fibonacci extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;
    static final AtomicLong LEAVES = new AtomicLong();

    private final int n;
    private final CallCounter counter;

    public Fibonacci(int n, CallCounter counter) {
        this.n = n;
        this.counter = counter;
    }

    @Override
    protected Long compute() {
        counter.increment();
        if (n <= 1) {
            LEAVES.incrementAndGet();
            return (long) n;
        }
        Fibonacci f1 = new Fibonacci(n - 1, counter);
        f1.fork();
        Fibonacci f2 = new Fibonacci(n - 2, counter);
        return f2.compute() + f1.join();
    }

    public static void main(String[] args) {
        CallCounter counter = new CallCounter();
        long f = new ForkJoinPool().invoke(new Fibonacci(30, counter));
        System.out.println(f + " in " + counter.get() + " calls, " + LEAVES.get() + " leaves");
    }
}
