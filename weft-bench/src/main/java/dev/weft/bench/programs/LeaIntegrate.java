package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Lea's Integrate ("A Java Fork/Join Framework", section 4): adaptive quadrature of
 * f(x) = Σ (2i−1)·x^(2i−1) for i = 1..5, i.e. x + 3x³ + 5x⁵ + 7x⁷ + 9x⁹, from −47 to 48.
 *
 * <p>The paper says "summing over odd values of i from 1 to 5"; Lea's program (the Filaments sample
 * function in util.concurrent's and jsr166's Integrate, "computes (2*n-1)*(x^(2*n-1)) for all odd
 * values", run with exponent 5) sums every i from 1 to 5, so the odd values are the exponents. That
 * function is the one here, evaluated as Lea's loop does.
 *
 * <p>The recursion is that of {@link Integrate}: split every interval in two until the halves' areas agree
 * with the whole's within {@link #EPS}, with a fork at every split and no cutoff. The ForkJoinPool version
 * is Lea's jsr166 {@code loops/Integrate} ({@code FQuad}): only the left half becomes a task, the right
 * half is a plain recursive call, and an unstolen left half is taken back with {@code tryUnfork} and
 * recursed into directly.
 */
public final class LeaIntegrate implements Program {
    static final double L = -47.0;
    static final double R = 48.0;

    /**
     * Absolute tolerance, chosen so that the serial run takes a quick-size time (11 million calls, about
     * 0.1 s); as for {@link Integrate}, quick and full sizes are the same. (Lea's IntegrateGamma used 1e-3
     * on a similar polynomial: 23 million calls.)
     */
    static final double EPS = 1e-2;

    @Override
    public String name() {
        return "integrate-lea";
    }

    @Override
    public String description() {
        return "adaptive quadrature of x+3x^3+5x^5+7x^7+9x^9 on [-47,48] (Lea), fork per split, no cutoff";
    }

    /** Lea's SampleFunction with n = 5: x + 3x³ + 5x⁵ + 7x⁷ + 9x⁹ by successive odd powers. */
    static double f(double x) {
        double power = x;
        double xsq = x * x;
        double val = power;
        double di = 1.0;
        for (int i = 4; i > 0; --i) {
            di += 2.0;
            power *= xsq;
            val += di * power;
        }
        return val;
    }

    /** ∫ f on [l, r] in closed form: Σ (2i−1)/(2i) · (r^(2i) − l^(2i)), the independent check. */
    static double exact(double l, double r) {
        double sum = 0.0;
        for (int i = 1; i <= 5; i++) {
            sum += (2.0 * i - 1) / (2.0 * i) * (Math.pow(r, 2 * i) - Math.pow(l, 2 * i));
        }
        return sum;
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        return workload(L, R);
    }

    static ForkJoinWorkload workload(double l, double r) {
        double fl = f(l);
        double fr = f(r);
        double a = (fl + fr) * (r - l) * 0.5;
        return new ForkJoinWorkload() {
            @Override
            public String label() {
                return "integrate-lea(" + l + "," + r + "," + EPS + ")";
            }

            @Override
            public Object serial() {
                return LeaIntegrate.serial(l, r, fl, fr, a);
            }

            @Override
            public Object forkJoin(ForkJoinPool pool) {
                Quad q = new Quad(l, r, fl, fr, a);
                pool.invoke(q);
                return q.area;
            }

            @Override
            public Object weft(WeftPool pool) {
                return pool.invoke(() -> LeaIntegrate.weft(l, r, fl, fr, a));
            }

            @Override
            public void check(Object result, Object serialResult) {
                // Same splits and the same additions (IEEE addition commutes): bitwise equal to serial.
                Checks.equal(serialResult, result);
                Checks.close(exact(l, r), (Double) result, 1e-9);
            }
        };
    }

    static double serial(double l, double r, double fl, double fr, double a) {
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

    /** The left half (l, m, fl, fm, al) is offered to thieves; no allocation unless it is stolen. */
    static double weft(double l, double r, double fl, double fr, double a) {
        double m = (l + r) * 0.5;
        double fm = f(m);
        double al = (fl + fm) * (m - l) * 0.5;
        double ar = (fm + fr) * (r - m) * 0.5;
        double alr = al + ar;
        if (Math.abs(alr - a) <= EPS) {
            return alr;
        }
        return Weft.joinDouble(LeaIntegrate::weft, l, m, fl, fm, al, m, r, fm, fr, ar, Double::sum);
    }

    /** Lea's FQuad: a task for the left half of an interval; {@link #recEval} does the rest. */
    static final class Quad extends RecursiveAction {
        final double left;
        final double right;
        final double fLeft;
        final double fRight;
        double area;

        Quad(double left, double right, double fLeft, double fRight, double area) {
            this.left = left;
            this.right = right;
            this.fLeft = fLeft;
            this.fRight = fRight;
            this.area = area;
        }

        @Override
        protected void compute() {
            area = recEval(left, right, fLeft, fRight, area);
        }

        static double recEval(double l, double r, double fl, double fr, double a) {
            double m = (l + r) * 0.5;
            double fm = f(m);
            double al = (fl + fm) * (m - l) * 0.5;
            double ar = (fm + fr) * (r - m) * 0.5;
            double alr = al + ar;
            if (Math.abs(alr - a) <= EPS) {
                return alr;
            }
            Quad q = new Quad(l, m, fl, fm, al);
            q.fork();
            ar = recEval(m, r, fm, fr, ar);
            if (!q.tryUnfork()) {
                q.quietlyJoin();
                return q.area + ar;
            }
            return recEval(l, m, fl, fm, al) + ar;
        }
    }
}
