package sim;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** One step of an n-body simulation: each task updates the velocities of a range of bodies, in place. */
public class Particles {
    static final double G = 6.674e-11;

    static final class Step extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final Body[] bodies;
        private final double[] px;
        private final double[] py;
        private final int from;
        private final int to;
        private final double dt;

        Step(Body[] bodies, double[] px, double[] py, int from, int to, double dt) {
            this.bodies = bodies;
            this.px = px;
            this.py = py;
            this.from = from;
            this.to = to;
            this.dt = dt;
        }

        @Override
        protected void compute() {
            if (to - from <= 64) {
                double[] ax = new double[to - from];
                for (int i = from; i < to; i++) {
                    double fx = 0;
                    double fy = 0;
                    for (int j = 0; j < bodies.length; j++) {
                        if (j != i) {
                            double dx = px[j] - px[i];
                            double dy = py[j] - py[i];
                            double d2 = dx * dx + dy * dy + 1e-9;
                            double f = G * bodies[j].mass / (d2 * Math.sqrt(d2));
                            fx += f * dx;
                            fy += f * dy;
                        }
                    }
                    ax[i - from] = fx;
                    bodies[i].vx += fx * dt;
                    bodies[i].vy += fy * dt;
                }
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Step(bodies, px, py, from, mid, dt), new Step(bodies, px, py, mid, to, dt));
        }
    }

    /** Runs the steps; positions are snapshotted once per step, outside the tasks. */
    public static void run(Body[] bodies, int steps, double dt) {
        ForkJoinPool pool = new ForkJoinPool();
        double[] px = new double[bodies.length];
        double[] py = new double[bodies.length];
        for (int s = 0; s < steps; s++) {
            for (int i = 0; i < bodies.length; i++) {
                px[i] = bodies[i].x;
                py[i] = bodies[i].y;
            }
            pool.invoke(new Step(bodies, px, py, 0, bodies.length, dt));
            for (Body b : bodies) {
                b.x += b.vx * dt;
                b.y += b.vy * dt;
            }
        }
        pool.shutdown();
    }
}
