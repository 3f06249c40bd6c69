package dev.weft.bench.cluster;

import dev.weft.Weft;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import dev.weft.cluster.ClusterFinish;
import dev.weft.cluster.Reduction;
import dev.weft.cluster.RunReport;
import dev.weft.cluster.WeftCluster;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Fibonacci with a global finish: an activity per call above the cutoff (n &lt; 24 runs serially), so
 * fib(40) (quick) or fib(44) is a few thousand activities of a fraction of a millisecond each. Plain Weft
 * runs the same decomposition with {@code Weft.joinLong}; the static split expands the call tree breadth
 * first until there is a subproblem per job.
 */
public final class ClusterFib extends ClusterProgram {
    static final int CUTOFF = 24;

    @Override
    public String name() {
        return "fib";
    }

    @Override
    public String description() {
        return "Fibonacci as a global finish, an activity per call above n = 24; fib(40) (quick) or fib(44)";
    }

    static long serial(int n) {
        return n < 2 ? n : serial(n - 1) + serial(n - 2);
    }

    static long weft(long n) {
        if (n < CUTOFF) {
            return serial((int) n);
        }
        return Weft.joinLong(ClusterFib::weft, n - 1, n - 2, Long::sum);
    }

    static void fib(ClusterFinish<Long> f, int n) {
        if (n < CUTOFF) {
            f.offer(serial(n));
            return;
        }
        f.async(g -> fib(g, n - 1));
        f.async(g -> fib(g, n - 2));
    }

    @Override
    public Workload create(boolean quick) {
        return workload(quick ? 40 : 44);
    }

    static ClusterWorkload workload(int n) {
        return new ClusterWorkload() {
            @Override
            public String label() {
                return "fib(" + n + ")";
            }

            @Override
            Object serial() {
                return ClusterFib.serial(n);
            }

            @Override
            Object weft() {
                return ClusterFib.weft(n);
            }

            @Override
            RunReport<?> cluster(WeftCluster home) {
                return home.finishReported(Reduction.sumLong(), f -> fib(f, n));
            }

            @Override
            List<Callable<Serializable>> jobs(int jobs) {
                ArrayDeque<Integer> frontier = new ArrayDeque<>();
                frontier.add(n);
                while (frontier.size() < jobs && frontier.peek() >= 2) {
                    int m = frontier.poll();
                    frontier.add(m - 1);
                    frontier.add(m - 2);
                }
                List<List<Integer>> parts = new ArrayList<>();
                for (int j = 0; j < jobs; j++) {
                    parts.add(new ArrayList<>());
                }
                int j = 0;
                for (int m : frontier) {
                    parts.get(j++ % jobs).add(m);
                }
                List<Callable<Serializable>> out = new ArrayList<>();
                for (List<Integer> p : parts) {
                    out.add(new Calls(p.stream().mapToInt(Integer::intValue).toArray()));
                }
                return out;
            }

            @Override
            Object combine(List<Serializable> results) {
                return sumOfLongs(results);
            }

            @Override
            public void check(Object result, Object serialResult) {
                Checks.equal(serialResult, result);
                long a = 0;
                long b = 1;
                for (int i = 0; i < n; i++) {
                    long t = a + b;
                    a = b;
                    b = t;
                }
                Checks.equal(a, result); // fib(n), iteratively: the independent check
            }
        };
    }

    /** A static-split job: the sum of fib over its arguments. */
    record Calls(int[] args) implements Callable<Serializable>, Serializable {
        @Override
        public Serializable call() {
            long sum = 0;
            for (int m : args) {
                sum += serial(m);
            }
            return sum;
        }
    }
}
