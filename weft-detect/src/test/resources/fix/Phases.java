package fix;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Two groups of subtasks, each forked by its own loop as it is built, joined together at the end. The file names
 * no ForkJoinTask: the rewrite must import what it writes, and must not make the first group finish before the
 * second one starts.
 */
public class Phases extends RecursiveTask<Long> {
    private final int depth;
    private final long seed;

    Phases(int depth, long seed) {
        this.depth = depth;
        this.seed = seed;
    }

    @Override
    protected Long compute() {
        if (depth == 0) {
            return seed * seed % 1_000_003;
        }
        List<Phases> rows = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Phases row = new Phases(depth - 1, seed * 3 + i);
            row.fork();   // a row subtask
            rows.add(row);
        }
        List<Phases> columns = new ArrayList<>();
        int j = 0;
        while (j < 2) {
            Phases column = new Phases(depth - 1, seed * 5 + j);
            column.fork();
            columns.add(column);
            j++;
        }
        long sum = 0;
        for (Phases p : rows) {
            sum = sum * 13 + p.join();
        }
        for (Phases p : columns) {
            sum = sum * 7 + p.join();
        }
        return sum % 1_000_000_007L;
    }

    /* Everything below is left alone by --fix. */
    public static String run() {
        try (ForkJoinPool pool = new ForkJoinPool(2)) {
            return String.valueOf(pool.invoke(new Phases(5, 1)));
        }
    }
}
