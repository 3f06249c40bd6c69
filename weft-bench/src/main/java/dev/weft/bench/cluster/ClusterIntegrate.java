package dev.weft.bench.cluster;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import dev.weft.bench.programs.Integrate;
import dev.weft.cluster.Reduction;
import dev.weft.cluster.RunReport;
import dev.weft.cluster.TaskQueue;
import dev.weft.cluster.WeftCluster;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Adaptive quadrature on a cluster: the fork/join suite's integrate (x³+x, ε = 1e-9, no cutoff) on
 * [0, 1000] (quick) or [0, 4000]. The queue is a stack of intervals still to be refined; the static split
 * cuts the interval into equal parts, one per job, each refined serially — the balanced case, where a
 * static split should do well.
 */
public final class ClusterIntegrate extends ClusterProgram {
    @Override
    public String name() {
        return "integrate";
    }

    @Override
    public String description() {
        return "adaptive quadrature of x^3+x, eps 1e-9, on [0,1000] (quick) or [0,4000]";
    }

    @Override
    public Workload create(boolean quick) {
        return workload(quick ? Integrate.R : 4 * Integrate.R);
    }

    /** The integral on [0, r]. */
    static ClusterWorkload workload(double r) {
        double l = Integrate.L;
        return new ClusterWorkload() {
            @Override
            public String label() {
                return "integrate(0," + (long) r + ",1e-9)";
            }

            @Override
            Object serial() {
                return Integrate.serial(l, r, Integrate.f(l), Integrate.f(r), 0.0);
            }

            @Override
            Object weft() {
                return Integrate.weft(l, r, Integrate.f(l), Integrate.f(r), 0.0);
            }

            @Override
            RunReport<?> cluster(WeftCluster home) {
                Intervals root = new Intervals();
                root.add(new double[] {l, r, Integrate.f(l), Integrate.f(r), 0.0});
                return home.runReported(root, Queue::new, Reduction.sumDouble());
            }

            @Override
            List<Callable<Serializable>> jobs(int jobs) {
                List<Callable<Serializable>> out = new ArrayList<>();
                double w = (r - l) / jobs;
                for (int j = 0; j < jobs; j++) {
                    double a = l + j * w;
                    double b = j == jobs - 1 ? r : a + w;
                    out.add(new Part(a, b));
                }
                return out;
            }

            @Override
            Object combine(List<Serializable> results) {
                double sum = 0;
                for (Serializable x : results) {
                    sum += (Double) x;
                }
                return sum;
            }

            @Override
            public void check(Object result, Object serialResult) {
                // Sums in another order, or of another decomposition: equal to the exact integral within ε-scale.
                Checks.close(Integrate.exact(l, r), (Double) result, 1e-9);
                Checks.close((Double) serialResult, (Double) result, 1e-9);
            }
        };
    }

    /** A static-split job: one part of the interval, refined serially. */
    record Part(double l, double r) implements Callable<Serializable>, Serializable {
        @Override
        public Serializable call() {
            return Integrate.serial(l, r, Integrate.f(l), Integrate.f(r), 0.0);
        }
    }

    /** Intervals to refine: {l, r, f(l), f(r), area estimate} each. */
    static final class Intervals extends ArrayList<double[]> {
        private static final long serialVersionUID = 1L;
    }

    /**
     * A stack of intervals still to refine. A step refines intervals by plain recursion — the serial
     * version's own code path, in registers — for its budget of items; when the budget runs out mid-way,
     * the intervals the recursion has not reached go onto the stack, where a split can give every other
     * one away. So an interval costs what it costs serially, and the stack is touched once per step.
     */
    static final class Queue implements TaskQueue<Intervals, Double> {
        private double[] stack = new double[5 * 64];
        private int top; // intervals
        private double sum;
        private int budget;

        @Override
        public boolean process(int n) {
            budget = n;
            while (budget > 0 && top > 0) {
                int o = 5 * --top;
                sum += refine(stack[o], stack[o + 1], stack[o + 2], stack[o + 3], stack[o + 4]);
            }
            return top > 0;
        }

        /** The serial recursion while the budget lasts; past it, what is left goes onto the stack. */
        private double refine(double l, double r, double fl, double fr, double a) {
            if (budget <= 0) {
                push(l, r, fl, fr, a);
                return 0.0;
            }
            budget--;
            double m = (l + r) * 0.5;
            double fm = Integrate.f(m);
            double al = (fl + fm) * (m - l) * 0.5;
            double ar = (fm + fr) * (r - m) * 0.5;
            double alr = al + ar;
            if (Math.abs(alr - a) <= Integrate.EPS) {
                return alr;
            }
            return refine(l, m, fl, fm, al) + refine(m, r, fm, fr, ar);
        }

        private void push(double l, double r, double fl, double fr, double a) {
            if (5 * (top + 1) > stack.length) {
                stack = Arrays.copyOf(stack, 2 * stack.length);
            }
            int o = 5 * top++;
            stack[o] = l;
            stack[o + 1] = r;
            stack[o + 2] = fl;
            stack[o + 3] = fr;
            stack[o + 4] = a;
        }

        @Override
        public Intervals split() {
            int k = top / 2;
            if (k == 0) {
                return null;
            }
            Intervals half = new Intervals();
            int kept = 0;
            for (int i = 0; i < top; i++) {
                if ((i & 1) == 1 && half.size() < k) {
                    half.add(Arrays.copyOfRange(stack, 5 * i, 5 * i + 5));
                } else {
                    System.arraycopy(stack, 5 * i, stack, 5 * kept++, 5);
                }
            }
            top = kept;
            return half;
        }

        @Override
        public void merge(Intervals bag) {
            if (5 * (top + bag.size()) > stack.length) {
                stack = Arrays.copyOf(stack, Math.max(2 * stack.length, 5 * (top + bag.size())));
            }
            for (double[] i : bag) {
                push(i[0], i[1], i[2], i[3], i[4]);
            }
        }

        @Override
        public Double result() {
            return sum;
        }
    }
}
