package mixed;

import java.util.LinkedList;
import java.util.concurrent.RecursiveTask;

/** Sums a linked list of jobs' costs; half of the list's nodes are moved into a new list for a subtask. */
public class Queue extends RecursiveTask<Long> {
    private static final long serialVersionUID = 1L;

    private final LinkedList<Long> costs;

    public Queue(LinkedList<Long> costs) {
        this.costs = costs;
    }

    @Override
    protected Long compute() {
        if (costs.size() <= 64) {
            long s = 0;
            for (long c : costs) {
                s += c;
            }
            return s;
        }
        LinkedList<Long> half = new LinkedList<>();   // expect: B2
        int n = costs.size() / 2;
        for (int i = 0; i < n; i++) {
            half.add(costs.removeFirst());
        }
        Queue other = new Queue(half);
        other.fork();
        return compute() + other.join();
    }
}
