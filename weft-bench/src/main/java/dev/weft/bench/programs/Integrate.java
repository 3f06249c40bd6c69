package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.concurrent.RecursiveTask;

/**
 * Adaptive trapezoid quadrature of x³+x on [0, 1000] with ε = 1e-9 and no cutoff (Kumar's thesis, from
 * the X10 distribution): each interval is split in two until the two halves' areas agree with the
 * whole's, and every split is a fork.
 */
public final class Integrate implements Program {
    public static final double EPS = 1e-9;
    public static final double L = 0.0;
    public static final double R = 1000.0;

    @Override
    public String name() {
        return "integrate";
    }

    @Override
    public String description() {
        return "adaptive quadrature of x^3+x on [0,1000], eps 1e-9, no cutoff";
    }

    public static double f(double x) {
        return (x * x + 1.0) * x;
    }

    /** ∫ x³+x dx on [l, r]: the independent check. */
    public static double exact(double l, double r) {
        return (r * r * r * r - l * l * l * l) / 4 + (r * r - l * l) / 2;
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        return ForkJoinWorkload.of("integrate(0,1000,1e-9)", () -> serial(L, R, f(L), f(R), 0.0),
                pool -> pool.invoke(new AreaTask(L, R, f(L), f(R), 0.0)),
                pool -> pool.invoke(() -> weft(L, R, f(L), f(R), 0.0)), (result, serialResult) -> {
                    // Same decomposition and the same order of additions: bitwise equal to serial.
                    Checks.equal(serialResult, result);
                    Checks.close(exact(L, R), (Double) result, 1e-9);
                });
    }

    public static double serial(double l, double r, double fl, double fr, double a) {
        double m = (l + r) * 0.5;
        double fm = f(m);
        double al = (fl + fm) * (m - l) * 0.5;
        double ar = (fm + fr) * (r - m) * 0.5;
        double alr = al + ar;
        if (Math.abs(alr - a) <= EPS) {
            return alr;
        }
        return serial(l, m, fl, fm, al) + serial(m, r, fm, fr, ar);
    }

    public static double weft(double l, double r, double fl, double fr, double a) {
        double m = (l + r) * 0.5;
        double fm = f(m);
        double al = (fl + fm) * (m - l) * 0.5;
        double ar = (fm + fr) * (r - m) * 0.5;
        double alr = al + ar;
        if (Math.abs(alr - a) <= EPS) {
            return alr;
        }
        // The left half (l, m, fl, fm, al) is offered to thieves; no allocation unless it is stolen.
        return Weft.joinDouble(Integrate::weft, l, m, fl, fm, al, m, r, fm, fr, ar, Double::sum);
    }

    static final class AreaTask extends RecursiveTask<Double> {
        private final double l;
        private final double r;
        private final double fl;
        private final double fr;
        private final double a;

        AreaTask(double l, double r, double fl, double fr, double a) {
            this.l = l;
            this.r = r;
            this.fl = fl;
            this.fr = fr;
            this.a = a;
        }

        @Override
        protected Double compute() {
            double m = (l + r) * 0.5;
            double fm = f(m);
            double al = (fl + fm) * (m - l) * 0.5;
            double ar = (fm + fr) * (r - m) * 0.5;
            double alr = al + ar;
            if (Math.abs(alr - a) <= EPS) {
                return alr;
            }
            AreaTask left = new AreaTask(l, m, fl, fm, al);
            left.fork();
            double right = new AreaTask(m, r, fm, fr, ar).compute();
            return left.join() + right;
        }
    }
}
