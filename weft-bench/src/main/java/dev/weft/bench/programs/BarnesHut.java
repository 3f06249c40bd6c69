package dev.weft.bench.programs;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Program;
import dev.weft.bench.ForkJoinWorkload;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Barnes-Hut n-body simulation as in the Lonestar benchmark (Burtscher's BarnesHut): every time step
 * builds an octree of the bodies sequentially, summarizes the cells' mass and center of mass (putting
 * the bodies in tree order on the way), computes every body's acceleration by walking the tree, and
 * advances the bodies with a leapfrog step. Only the force computation is parallel, as in Lonestar's
 * parallel versions; it is one independent traversal per body, so its results do not depend on the
 * schedule.
 *
 * <p>Versions: the serial elision loops over the bodies. ForkJoinPool: a RecursiveAction that halves
 * the body range down to {@link #FJP_LEAF} bodies (a body costs several microseconds, so a leaf is
 * well over the ~10 µs a task should be worth). Weft: {@code Weft.parallelFor} over the bodies, with no
 * grain size. The sequential phases run on the caller; each step submits the force loop to the pool.
 *
 * <p>Input: a Plummer model generated as in Lonestar/Galois' {@code generateInput} (with Java's
 * SplittableRandom instead of C's rand()). Parameters as in Lonestar's inputs: dtime 0.025, eps 0.05,
 * tol 0.5. Two time steps (the second one uses the previous step's accelerations in the velocity
 * update). Full size 100,000 bodies (Kumar's thesis). Quick size 4,000 bodies: each body interacts
 * with about 800 tree nodes there, so 10,000 bodies would take several times the quick budget.
 */
public final class BarnesHut implements Program {
    static final double DTIME = 0.025;
    static final double EPS = 0.05;
    static final double TOL = 0.5;
    static final double DTHF = 0.5 * DTIME;
    static final double EPSSQ = EPS * EPS;
    static final double ITOLSQ = 1.0 / (TOL * TOL);
    static final int STEPS = 2;

    /** The ForkJoinPool version splits the body range down to this many bodies. */
    static final int FJP_LEAF = 32;

    @Override
    public String name() {
        return "barnes-hut";
    }

    @Override
    public String description() {
        return "Barnes-Hut n-body (Lonestar), Plummer model, 2 steps, parallel force computation";
    }

    @Override
    public ForkJoinWorkload create(boolean quick) {
        return workload(quick ? 4_000 : 100_000);
    }

    /** {@link #STEPS} time steps of a Plummer model of n bodies. */
    static ForkJoinWorkload workload(int n) {
        double[] init = plummer(n, 7);
        Momentum before = Momentum.of(bodies(init));
        return new ForkJoinWorkload() {
            Body[] bodies;

            @Override
            public String label() {
                return "barnes-hut(" + Checks.count(n) + ")";
            }

            @Override
            public void reset() {
                bodies = bodies(init); // fresh, so that earlier results stay intact
            }

            @Override
            public Object serial() {
                Body[] b = bodies;
                simulate(b, STEPS, (root, diameter, step) -> {
                    for (Body x : b) {
                        x.computeForce(root, diameter, step);
                    }
                });
                return b;
            }

            @Override
            public Object forkJoin(ForkJoinPool pool) {
                Body[] b = bodies;
                simulate(b, STEPS, (root, diameter, step) -> pool.invoke(new ForceTask(b, 0, b.length, root, diameter, step)));
                return b;
            }

            @Override
            public Object weft(WeftPool pool) {
                Body[] b = bodies;
                simulate(b, STEPS, (root, diameter, step) ->
                        pool.run(() -> Weft.parallelFor(0, b.length, i -> b[i].computeForce(root, diameter, step))));
                return b;
            }

            @Override
            public void check(Object result, Object serialResult) {
                Body[] r = (Body[]) result;
                Body[] s = (Body[]) serialResult;
                Checks.equal(s.length, r.length);
                for (int i = 0; i < r.length; i++) {
                    if (!r[i].sameState(s[i])) {
                        throw new AssertionError("body " + i + " differs from the serial run: " + r[i] + " vs " + s[i]);
                    }
                }
                checkPhysics(r, before);
            }
        };
    }

    // ---------------------------------------------------------------------------------------------
    // Octree

    /** A node of the octree: a cell or a body, with its mass and (center of mass) position. */
    abstract static class Node {
        double mass;
        double posx;
        double posy;
        double posz;
    }

    static final class Cell extends Node {
        /** Children; after {@link #summarize} the non-null ones come first. */
        final Node[] child = new Node[8];

        Cell(double x, double y, double z) {
            posx = x;
            posy = y;
            posz = z;
        }
    }

    static final class Body extends Node {
        double velx;
        double vely;
        double velz;
        double accx;
        double accy;
        double accz;

        /** Lonestar's ComputeForce: this body's acceleration from the tree, and the velocity correction. */
        void computeForce(Cell root, double diameter, int step) {
            double ax = accx;
            double ay = accy;
            double az = accz;
            accx = 0;
            accy = 0;
            accz = 0;
            recurseForce(root, diameter * diameter * ITOLSQ);
            if (step > 0) {
                velx += (accx - ax) * DTHF;
                vely += (accy - ay) * DTHF;
                velz += (accz - az) * DTHF;
            }
        }

        private void recurseForce(Node n, double dsq) {
            double drx = n.posx - posx;
            double dry = n.posy - posy;
            double drz = n.posz - posz;
            double drsq = drx * drx + dry * dry + drz * drz;
            if (drsq < dsq) {
                if (n instanceof Cell c) {
                    double d = dsq * 0.25;
                    for (Node ch : c.child) {
                        if (ch == null) {
                            break;
                        }
                        recurseForce(ch, d);
                    }
                    return;
                }
                if (n == this) {
                    return;
                }
            }
            // far enough away (or a single body): its contribution as a point mass
            drsq += EPSSQ;
            double idr = 1 / Math.sqrt(drsq);
            double nphi = n.mass * idr;
            double scale = nphi * idr * idr;
            accx += drx * scale;
            accy += dry * scale;
            accz += drz * scale;
        }

        /** Lonestar's Advance: a leapfrog step of the position and velocity. */
        void advance() {
            double dvelx = accx * DTHF;
            double dvely = accy * DTHF;
            double dvelz = accz * DTHF;
            double velhx = velx + dvelx;
            double velhy = vely + dvely;
            double velhz = velz + dvelz;
            posx += velhx * DTIME;
            posy += velhy * DTIME;
            posz += velhz * DTIME;
            velx = velhx + dvelx;
            vely = velhy + dvely;
            velz = velhz + dvelz;
        }

        boolean sameState(Body o) {
            return mass == o.mass && posx == o.posx && posy == o.posy && posz == o.posz && velx == o.velx
                    && vely == o.vely && velz == o.velz && accx == o.accx && accy == o.accy && accz == o.accz;
        }

        @Override
        public String toString() {
            return "Body[pos=(" + posx + ", " + posy + ", " + posz + "), vel=(" + velx + ", " + vely + ", " + velz + ")]";
        }
    }

    /** Lonestar's Insert: adds body b below cell n, whose half-width is r. */
    static void insert(Cell n, Body b, double r) {
        int i = 0;
        double x = 0;
        double y = 0;
        double z = 0;
        if (n.posx < b.posx) {
            i = 1;
            x = r;
        }
        if (n.posy < b.posy) {
            i += 2;
            y = r;
        }
        if (n.posz < b.posz) {
            i += 4;
            z = r;
        }
        Node ch = n.child[i];
        if (ch == null) {
            n.child[i] = b;
            return;
        }
        double rh = 0.5 * r;
        if (ch instanceof Cell c) {
            insert(c, b, rh);
        } else {
            Cell c = new Cell(n.posx - rh + x, n.posy - rh + y, n.posz - rh + z);
            insert(c, b, rh);
            insert(c, (Body) ch, rh);
            n.child[i] = c;
        }
    }

    /**
     * Lonestar's ComputeCenterOfMass: mass and center of mass of every cell, children moved to the
     * front, and the bodies written to {@code order} in tree order from {@code at}; returns the next index.
     */
    static int summarize(Cell n, Body[] order, int at) {
        double m = 0;
        double px = 0;
        double py = 0;
        double pz = 0;
        int j = 0;
        for (int i = 0; i < 8; i++) {
            Node ch = n.child[i];
            if (ch == null) {
                continue;
            }
            if (i != j) {
                n.child[i] = null;
                n.child[j] = ch;
            }
            j++;
            if (ch instanceof Body b) {
                order[at++] = b;
            } else {
                at = summarize((Cell) ch, order, at);
            }
            m += ch.mass;
            px += ch.posx * ch.mass;
            py += ch.posy * ch.mass;
            pz += ch.posz * ch.mass;
        }
        n.mass = m;
        double inv = 1.0 / m;
        n.posx = px * inv;
        n.posy = py * inv;
        n.posz = pz * inv;
        return at;
    }

    /** The force computation of one time step over all bodies, in one of the three versions. */
    interface ForceLoop {
        void run(Cell root, double diameter, int step);
    }

    /** Runs the time steps; the bodies end up in the tree order of the last step. */
    static void simulate(Body[] bodies, int steps, ForceLoop forces) {
        for (int step = 0; step < steps; step++) {
            double minx = Double.MAX_VALUE;
            double miny = Double.MAX_VALUE;
            double minz = Double.MAX_VALUE;
            double maxx = -Double.MAX_VALUE;
            double maxy = -Double.MAX_VALUE;
            double maxz = -Double.MAX_VALUE;
            for (Body b : bodies) {
                minx = Math.min(minx, b.posx);
                miny = Math.min(miny, b.posy);
                minz = Math.min(minz, b.posz);
                maxx = Math.max(maxx, b.posx);
                maxy = Math.max(maxy, b.posy);
                maxz = Math.max(maxz, b.posz);
            }
            double diameter = Math.max(maxx - minx, Math.max(maxy - miny, maxz - minz));
            Cell root = new Cell((maxx + minx) * 0.5, (maxy + miny) * 0.5, (maxz + minz) * 0.5);
            double radius = diameter * 0.5;
            for (Body b : bodies) {
                insert(root, b, radius);
            }
            int placed = summarize(root, bodies, 0);
            if (placed != bodies.length) {
                throw new IllegalStateException("tree holds " + placed + " of " + bodies.length + " bodies");
            }
            forces.run(root, diameter, step);
            for (Body b : bodies) {
                b.advance();
            }
        }
    }

    /** Recursive halving of the body range down to {@link #FJP_LEAF} bodies. */
    static final class ForceTask extends RecursiveAction {
        private final Body[] bodies;
        private final int lo;
        private final int hi;
        private final Cell root;
        private final double diameter;
        private final int step;

        ForceTask(Body[] bodies, int lo, int hi, Cell root, double diameter, int step) {
            this.bodies = bodies;
            this.lo = lo;
            this.hi = hi;
            this.root = root;
            this.diameter = diameter;
            this.step = step;
        }

        @Override
        protected void compute() {
            if (hi - lo <= FJP_LEAF) {
                for (int i = lo; i < hi; i++) {
                    bodies[i].computeForce(root, diameter, step);
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new ForceTask(bodies, lo, mid, root, diameter, step), new ForceTask(bodies, mid, hi, root, diameter, step));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Input and checks

    /**
     * A Plummer model of n bodies of mass 1/n, as Galois' generateInput: per body 7 doubles (mass,
     * position, velocity).
     */
    static double[] plummer(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double rsc = (3 * Math.PI) / 16;
        double vsc = Math.sqrt(1.0 / rsc);
        double[] out = new double[7 * n];
        for (int i = 0; i < n; i++) {
            double r = 1.0 / Math.sqrt(Math.pow(rnd.nextDouble() * 0.999, -2.0 / 3.0) - 1);
            double x;
            double y;
            double z;
            double sq;
            do {
                x = rnd.nextDouble() * 2.0 - 1.0;
                y = rnd.nextDouble() * 2.0 - 1.0;
                z = rnd.nextDouble() * 2.0 - 1.0;
                sq = x * x + y * y + z * z;
            } while (sq > 1.0);
            double scale = rsc * r / Math.sqrt(sq);
            int o = 7 * i;
            out[o] = 1.0 / n;
            out[o + 1] = x * scale;
            out[o + 2] = y * scale;
            out[o + 3] = z * scale;
            double u;
            double w;
            do {
                u = rnd.nextDouble();
                w = rnd.nextDouble() * 0.1;
            } while (w > u * u * Math.pow(1 - u * u, 3.5));
            double v = u * Math.sqrt(2.0 / Math.sqrt(1 + r * r));
            do {
                x = rnd.nextDouble() * 2.0 - 1.0;
                y = rnd.nextDouble() * 2.0 - 1.0;
                z = rnd.nextDouble() * 2.0 - 1.0;
                sq = x * x + y * y + z * z;
            } while (sq > 1.0);
            scale = vsc * v / Math.sqrt(sq);
            out[o + 4] = x * scale;
            out[o + 5] = y * scale;
            out[o + 6] = z * scale;
        }
        return out;
    }

    static Body[] bodies(double[] init) {
        Body[] b = new Body[init.length / 7];
        for (int i = 0; i < b.length; i++) {
            int o = 7 * i;
            Body x = new Body();
            x.mass = init[o];
            x.posx = init[o + 1];
            x.posy = init[o + 2];
            x.posz = init[o + 3];
            x.velx = init[o + 4];
            x.vely = init[o + 5];
            x.velz = init[o + 6];
            b[i] = x;
        }
        return b;
    }

    /** Total momentum and the sum of the bodies' momentum magnitudes (the scale to compare with). */
    record Momentum(double px, double py, double pz, double scale) {
        static Momentum of(Body[] bodies) {
            double px = 0;
            double py = 0;
            double pz = 0;
            double s = 0;
            for (Body b : bodies) {
                px += b.mass * b.velx;
                py += b.mass * b.vely;
                pz += b.mass * b.velz;
                s += b.mass * Math.sqrt(b.velx * b.velx + b.vely * b.vely + b.velz * b.velz);
            }
            return new Momentum(px, py, pz, s);
        }
    }

    /**
     * The independent checks. Momentum: gravity conserves it exactly; Barnes-Hut's approximate forces
     * are not exactly pairwise opposite, so it drifts a little (about 1e-5 of Σ m|v| here; allowed
     * 1e-4). Forces: at 16 bodies, the last step's tree acceleration against the direct sum over all
     * bodies (positions of the last step recovered from the leapfrog update). With tol 0.5 the rms
     * relative error is 0.1% to 0.7% from 100k down to 300 bodies; allowed 2%. (A single body's
     * relative error can reach a few percent where its pulls nearly cancel, hence the rms.)
     */
    static void checkPhysics(Body[] r, Momentum before) {
        Momentum after = Momentum.of(r);
        double dp = Math.sqrt(sq(after.px - before.px) + sq(after.py - before.py) + sq(after.pz - before.pz));
        Checks.that(dp <= 1e-4 * before.scale, "momentum changed by " + dp + " (scale " + before.scale + ")");
        int n = r.length;
        double[] x = new double[n];
        double[] y = new double[n];
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            Body b = r[i];
            // advance(): pos' = pos + (vel' - acc dthf) dtime
            x[i] = b.posx - (b.velx - b.accx * DTHF) * DTIME;
            y[i] = b.posy - (b.vely - b.accy * DTHF) * DTIME;
            z[i] = b.posz - (b.velz - b.accz * DTHF) * DTIME;
        }
        double errSq = 0;
        double accSq = 0;
        for (int s = 0; s < 16; s++) {
            int i = (int) ((long) s * (n - 1) / 15);
            double ax = 0;
            double ay = 0;
            double az = 0;
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    double dx = x[j] - x[i];
                    double dy = y[j] - y[i];
                    double dz = z[j] - z[i];
                    double idr = 1 / Math.sqrt(dx * dx + dy * dy + dz * dz + EPSSQ);
                    double scale = r[j].mass * idr * idr * idr;
                    ax += dx * scale;
                    ay += dy * scale;
                    az += dz * scale;
                }
            }
            Body b = r[i];
            errSq += sq(b.accx - ax) + sq(b.accy - ay) + sq(b.accz - az);
            accSq += ax * ax + ay * ay + az * az;
        }
        double err = Math.sqrt(errSq / accSq);
        Checks.that(err <= 0.02, "tree accelerations off the direct sums by " + err + " (rms, relative)");
    }

    private static double sq(double v) {
        return v * v;
    }
}
