package fix;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;

/**
 * Subtasks that wait for a gate their parent opens after the loop that forks them. They must all have been forked
 * when it opens, as before the rewrite: an invokeAll after the loop would wait for them before the gate opens.
 */
public class Gate extends RecursiveAction {
    private final CountDownLatch open;
    final List<Boolean> passed = new ArrayList<>();

    Gate(CountDownLatch open) {
        this.open = open;
    }

    @Override
    protected void compute() {
        List<Waiter> waiters = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Waiter w = new Waiter(open);
            w.fork();
            waiters.add(w);
        }
        open.countDown();
        for (Waiter w : waiters) {
            passed.add(w.join());
        }
    }

    static final class Waiter extends RecursiveTask<Boolean> {
        private final CountDownLatch open;

        Waiter(CountDownLatch open) {
            this.open = open;
        }

        @Override
        protected Boolean compute() {
            try {
                return open.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /* Everything below is left alone by --fix. */
    public static String run() {
        try (ForkJoinPool pool = new ForkJoinPool(4)) {
            Gate g = new Gate(new CountDownLatch(1));
            pool.invoke(g);
            return g.passed.toString();
        }
    }
}
