package b6;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;

/**
 * Loops on isDone() that join inside (each round waits in the join, which runs other tasks), the block() of a
 * ManagedBlocker (the waiting managedBlock compensates for), a program's main and a shutdown path that a task
 * calls (not task code), next to a polling loop that only spins.
 */
public class JoinLoops extends RecursiveTask<Long> implements ForkJoinPool.ManagedBlocker {
    private static final long serialVersionUID = 1L;
    private final int n;
    private volatile boolean stop;

    JoinLoops(int n) {
        this.n = n;
    }

    @Override
    protected Long compute() {
        if (n < 2) {
            return (long) n;
        }
        JoinLoops left = new JoinLoops(n - 1);
        left.fork();
        long right = new JoinLoops(n - 2).compute();
        while (!left.isDone()) {
            left.join();
        }
        JoinLoops other = new JoinLoops(n - 2);
        other.fork();
        long spins = 0;
        while (!other.isDone()) {   // expect: B6
            spins++;
        }
        if (n == 30 && stop) {
            Tool.main(new String[] {"--report", Long.toString(spins)});
            Tool.shutdown(1);
        }
        block();
        return left.join() + right + other.join();
    }

    /** Waits for this task; run through managedBlock, or called directly when it is known to be done. */
    @Override
    public boolean block() {
        while (!isDone()) {
            join();
        }
        try {
            while (stop) {
                TimeUnit.MILLISECONDS.sleep(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return true;
    }

    @Override
    public boolean isReleasable() {
        return isDone();
    }

    /** A command-line tool a task may run for a report: its waits are the tool's. */
    static final class Tool {
        public static void main(String[] args) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.out.println(String.join(" ", args));
        }

        /** Gives the logs a moment, then ends the process: run once, on the way out. */
        static void shutdown(int status) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.exit(status);
        }
    }

    public static void main(String[] args) throws Exception {
        ForkJoinPool pool = new ForkJoinPool();
        System.out.println(pool.invoke(new JoinLoops(20)));
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.SECONDS);
        Thread.sleep(100);
    }
}
