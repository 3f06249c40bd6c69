package dev.weft.bench.programs;

import dev.weft.bench.WorkloadCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import dev.weft.WeftPool;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class BarnesHutTest {
    static void serialForces(BarnesHut.Body[] b, int steps) {
        BarnesHut.simulate(b, steps, (root, diameter, step) -> {
            for (BarnesHut.Body x : b) {
                x.computeForce(root, diameter, step);
            }
        });
    }

    /**
     * The tree accelerations against the O(n²) direct sum: a few tenths of a percent typically; a body
     * whose pulls nearly cancel can be off by a few percent of its (small) acceleration.
     */
    @Test
    void treeAccelerationIsCloseToDirectSum() throws Exception {
        int n = 2000;
        BarnesHut.Body[] b = BarnesHut.bodies(BarnesHut.plummer(n, 3));
        double[][] direct = new double[n][3];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    double dx = b[j].posx - b[i].posx;
                    double dy = b[j].posy - b[i].posy;
                    double dz = b[j].posz - b[i].posz;
                    double idr = 1 / Math.sqrt(dx * dx + dy * dy + dz * dz + BarnesHut.EPSSQ);
                    double s = b[j].mass * idr * idr * idr;
                    direct[i][0] += dx * s;
                    direct[i][1] += dy * s;
                    direct[i][2] += dz * s;
                }
            }
        }
        IdentityHashMap<BarnesHut.Body, double[]> byBody = new IdentityHashMap<>();
        for (int i = 0; i < n; i++) {
            byBody.put(b[i], direct[i]);
        }
        BarnesHut.simulate(b, 1, (root, diameter, step) -> {
            double worst = 0;
            double sumSq = 0;
            for (BarnesHut.Body x : b) {
                x.computeForce(root, diameter, step);
                double[] d = byBody.get(x);
                double err = Math.sqrt(Math.pow(x.accx - d[0], 2) + Math.pow(x.accy - d[1], 2) + Math.pow(x.accz - d[2], 2))
                        / Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
                worst = Math.max(worst, err);
                sumSq += err * err;
            }
            double rms = Math.sqrt(sumSq / n);
            assertTrue(rms < 0.01, "rms relative error " + rms);
            assertTrue(worst < 0.1, "worst relative error " + worst);
        });
    }

    @Test
    void treeHoldsEveryBodyOnce() throws Exception {
        BarnesHut.Body[] b = BarnesHut.bodies(BarnesHut.plummer(5000, 1));
        Set<BarnesHut.Body> before = Collections.newSetFromMap(new IdentityHashMap<>());
        Collections.addAll(before, b);
        serialForces(b, 1);
        Set<BarnesHut.Body> after = Collections.newSetFromMap(new IdentityHashMap<>());
        Collections.addAll(after, b);
        assertEquals(before, after);
    }

    @Test
    void parallelVersionsEqualSerialExactly() throws Exception {
        double[] init = BarnesHut.plummer(3000, 9);
        BarnesHut.Body[] s = BarnesHut.bodies(init);
        serialForces(s, 3);
        try (ForkJoinPool fjp = new ForkJoinPool(3); WeftPool weft = new WeftPool(3)) {
            BarnesHut.Body[] f = BarnesHut.bodies(init);
            BarnesHut.simulate(f, 3, (root, d, step) -> fjp.invoke(new BarnesHut.ForceTask(f, 0, f.length, root, d, step)));
            BarnesHut.Body[] w = BarnesHut.bodies(init);
            BarnesHut.simulate(w, 3, (root, d, step) ->
                    weft.run(() -> Weft.parallelFor(0, w.length, i -> w[i].computeForce(root, d, step))));
            for (int i = 0; i < s.length; i++) {
                assertTrue(s[i].sameState(f[i]), "fjp body " + i);
                assertTrue(s[i].sameState(w[i]), "weft body " + i);
            }
        }
    }

    static BarnesHut.Body copy(BarnesHut.Body b) {
        BarnesHut.Body c = new BarnesHut.Body();
        c.mass = b.mass;
        c.posx = b.posx;
        c.posy = b.posy;
        c.posz = b.posz;
        c.velx = b.velx;
        c.vely = b.vely;
        c.velz = b.velz;
        c.accx = b.accx;
        c.accy = b.accy;
        c.accz = b.accz;
        return c;
    }

    @Test
    void workloadInEveryVersion() throws Exception {
        WorkloadCheck.runAll(BarnesHut.workload(1000), r -> {
            BarnesHut.Body[] c = Arrays.stream((BarnesHut.Body[]) r).map(BarnesHutTest::copy)
                    .toArray(BarnesHut.Body[]::new);
            c[10].velx += 1; // a momentum change of 1/n, far beyond Barnes-Hut's drift
            return c;
        });
    }
}
