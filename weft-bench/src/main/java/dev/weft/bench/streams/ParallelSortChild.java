package dev.weft.bench.streams;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;

/**
 * The {@code parallelsort} version of the sort program ({@link SortLongs}), in a JVM of its own whose common
 * pool's parallelism is the run's worker count. Arguments: size, workers, warm-up runs, measured runs. Like
 * the runner, it resets the input and collects garbage before each run; it prints one line
 * {@code sort,parallelsort,workers,nanos,answer} per measured run (the peers' format, {@code PeerOutput}).
 */
public final class ParallelSortChild {
    private ParallelSortChild() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int workers = Integer.parseInt(args[1]);
        int warmup = Integer.parseInt(args[2]);
        int reps = Integer.parseInt(args[3]);
        if (ForkJoinPool.getCommonPoolParallelism() != workers) {
            throw new IllegalStateException("common pool parallelism " + ForkJoinPool.getCommonPoolParallelism()
                    + ", expected " + workers + " (-Djava.util.concurrent.ForkJoinPool.common.parallelism)");
        }
        long[] input = SortLongs.values(n);
        System.out.println("# parallelsort: common pool parallelism " + workers + ", run on a ForkJoinPool(" + workers + ")");
        try (ForkJoinPool pool = new ForkJoinPool(workers)) {
            for (int rep = 0; rep < warmup + reps; rep++) {
                long[] a = input.clone();
                System.gc();
                long t0 = System.nanoTime();
                // On a worker of this pool, parallelSort's tasks fork into it: exactly `workers` threads sort.
                pool.submit(() -> Arrays.parallelSort(a)).get();
                long nanos = System.nanoTime() - t0;
                if (rep >= warmup) {
                    System.out.println("sort,parallelsort," + workers + "," + nanos + "," + Inputs.ofArray(a));
                }
            }
        }
    }
}
