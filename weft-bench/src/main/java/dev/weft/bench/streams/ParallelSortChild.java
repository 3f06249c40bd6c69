package dev.weft.bench.streams;

import dev.weft.Par;
import dev.weft.WeftPool;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/**
 * The versions of the sort program ({@link SortLongs}) that run in a JVM of their own, whose common pool's
 * parallelism is the run's worker count: {@code parallelsort} and {@code weft-own-jvm}. Arguments: size,
 * workers, warm-up runs, measured runs, the versions (comma-separated). Like the runner, it runs the versions
 * interleaved, in an order rotated each repetition, resets the input and collects garbage before each run,
 * and prints one line {@code sort,version,workers,nanos,answer} per measured run (the peers' format,
 * {@code PeerOutput}).
 */
public final class ParallelSortChild {
    private ParallelSortChild() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int workers = Integer.parseInt(args[1]);
        int warmup = Integer.parseInt(args[2]);
        int reps = Integer.parseInt(args[3]);
        List<String> versions = List.of(args[4].split(","));
        for (String v : versions) {
            if (!v.equals(StreamsSuite.PARALLEL_SORT.name()) && !v.equals(StreamsSuite.WEFT_OWN_JVM.name())) {
                throw new IllegalArgumentException("unknown version '" + v + "'");
            }
        }
        if (ForkJoinPool.getCommonPoolParallelism() != workers) {
            throw new IllegalStateException("common pool parallelism " + ForkJoinPool.getCommonPoolParallelism()
                    + ", expected " + workers + " (-Djava.util.concurrent.ForkJoinPool.common.parallelism)");
        }
        long[] input = SortLongs.values(n);
        System.out.println("# parallelsort: common pool parallelism " + workers + ", run on a ForkJoinPool(" + workers
                + "); weft-own-jvm: a WeftPool(" + workers + ")");
        try (ForkJoinPool fjp = new ForkJoinPool(workers);
             WeftPool weft = WeftPool.builder().parallelism(workers).name("sort-child-").build()) {
            for (int rep = 0; rep < warmup + reps; rep++) {
                for (int k = 0; k < versions.size(); k++) {
                    String v = versions.get((k + rep) % versions.size());
                    long[] a = input.clone();
                    System.gc();
                    long t0 = System.nanoTime();
                    if (v.equals(StreamsSuite.PARALLEL_SORT.name())) {
                        // On a worker of this pool, parallelSort's tasks fork into it: exactly `workers` threads sort.
                        fjp.submit(() -> Arrays.parallelSort(a)).get();
                    } else {
                        weft.run(() -> Par.sort(a));
                    }
                    long nanos = System.nanoTime() - t0;
                    if (rep >= warmup) {
                        System.out.println("sort," + v + "," + workers + "," + nanos + "," + Inputs.ofArray(a));
                    }
                }
            }
        }
    }
}
