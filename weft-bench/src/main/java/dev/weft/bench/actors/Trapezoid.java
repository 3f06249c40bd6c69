package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * Savina's trapezoidal approximation: a master splits an integral into W parts and sends each worker actor
 * one; each computes its part's trapezoid sum with many steps and replies; the master adds them up. One
 * actor fans out to many that compute for a while: the work must spread over the workers.
 */
public final class Trapezoid extends ActorProgram {
    @Override
    public String name() {
        return "trapezoid";
    }

    @Override
    public String description() {
        return "Savina: a master sends 100 workers a part of an integral each; they compute and reply";
    }

    @Override
    public Workload create(boolean quick) {
        int steps = quick ? 2_000_000 : 20_000_000;
        return new Kernel("trapezoid(100 workers, " + Checks.count(steps) + " steps)", 100, steps);
    }

    static final double LEFT = 1;
    static final double RIGHT = 5;

    /** Savina's integrand. */
    static double f(double x) {
        double a = Math.sqrt(x * x + 1);
        return (x + 1) * a / Math.exp(Math.sqrt(2 * x));
    }

    /** Part {@code k} of {@code parts}, in {@code steps} steps; fixed-point, so that parts add up exactly. */
    static long part(int k, int parts, int steps) {
        double width = (RIGHT - LEFT) / parts;
        double l = LEFT + k * width;
        double h = width / steps;
        double area = (f(l) + f(l + width)) / 2;
        for (int i = 1; i < steps; i++) {
            area += f(l + i * h);
        }
        return Math.round(area * h * 1e12);
    }

    record Work(Round round, Ref master, int k) {
    }

    record Result(long area) {
    }

    record Start(Round round) {
    }

    static final class Worker extends Logic {
        private final int parts;
        private final int steps;

        Worker(int parts, int steps) {
            this.parts = parts;
            this.steps = steps;
        }

        @Override
        void receive(Object m) {
            Work w = (Work) m;
            w.master().tell(new Result(part(w.k(), parts, steps)));
        }
    }

    static final class Master extends Logic {
        Ref self;
        List<Ref> workers;
        private int left;

        @Override
        void receive(Object m) {
            if (m instanceof Start s) {
                round = s.round();
                count = 0;
                sum = 0;
                left = workers.size();
                for (int k = 0; k < workers.size(); k++) {
                    workers.get(k).tell(new Work(round, self, k));
                }
            } else if (m instanceof Result r) {
                count(round, r.area());
                if (--left == 0) {
                    round.report(count, sum);
                }
            } else {
                throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    static final class Kernel extends ActorWorkload<Ref> {
        private final int parts;
        private final int steps;

        Kernel(String label, int parts, int steps) {
            super(label);
            this.parts = parts;
            this.steps = steps;
        }

        @Override
        Ref build(Spawner spawner) {
            Master master = new Master();
            Ref ref = spawner.spawn("master", master);
            master.self = ref;
            master.workers = new ArrayList<>();
            for (int k = 0; k < parts; k++) {
                master.workers.add(spawner.spawn("worker-" + k, new Worker(parts, steps / parts)));
            }
            return ref;
        }

        @Override
        Round.Tally runRound(Ref master) throws Exception {
            Round round = new Round(1, false);
            master.tell(new Start(round));
            return round.await(label());
        }

        @Override
        Round.Tally expected() {
            long sum = 0;
            for (int k = 0; k < parts; k++) {
                sum += part(k, parts, steps / parts);
            }
            return new Round.Tally(parts, sum);
        }
    }
}
