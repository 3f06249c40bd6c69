package fix;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** Figure 8 of the paper: each iteration creates a subtask and forks it. */
public class Csst extends RecursiveTask<Long> {
    private final int from;
    private final int len;

    Csst(int from, int len) {
        this.from = from;
        this.len = len;
    }

    RecursiveTask<Long> createTask(int start) {
        return len > 8 ? new Csst(start * 8, len / 8) : new Leaf(start);
    }

    @Override
    protected Long compute() {
        ForkJoinTask<Long>[] tasks = newArray(Math.min(len, 8));
        for (int i = 0; i < tasks.length; i++) {
            ForkJoinTask<Long> task = createTask(from + i);
            task.fork();
            tasks[i] = task;
        }
        long result = tasks[0].join();
        for (int i = 1; i < tasks.length; i++) {
            result = result * 7 + tasks[i].join();
        }
        return result;
    }

    @SuppressWarnings("unchecked")
    private static ForkJoinTask<Long>[] newArray(int n) {
        return new ForkJoinTask[n];
    }

    static final class Leaf extends RecursiveTask<Long> {
        private final int n;

        Leaf(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            return (long) n * n % 1009;
        }
    }

    public static String run() {
        try (ForkJoinPool pool = new ForkJoinPool(2)) {
            return String.valueOf(pool.invoke(new Csst(0, 512)));
        }
    }
}
