package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * Savina's fork-join throughput: one sender sends each of K actors N messages, round-robin, without waiting;
 * each message costs its actor a small computation. Many actors with a backlog, fed from outside the pool.
 */
public final class ForkJoinThroughput extends ActorProgram {
    @Override
    public String name() {
        return "fj-throughput";
    }

    @Override
    public String description() {
        return "Savina: one outside sender sends each of 60 actors N messages round-robin; a little work each";
    }

    @Override
    public Workload create(boolean quick) {
        int actors = 60;
        int n = quick ? 10_000 : 100_000;
        return new Kernel("fj-throughput(60x" + Checks.count(n) + ")", actors, n);
    }

    record Expect(Round round, long messages) {
    }

    /** Savina's per-message computation, made cheaper: a few floating-point operations the JIT keeps. */
    static long work(long v) {
        double x = v;
        for (int i = 0; i < 8; i++) {
            x = Math.sqrt(x + i) + 1;
        }
        return x > 0 ? v : -v; // always v: the result is used, so the loop stays
    }

    static final class Worker extends Logic {
        private long expected;

        @Override
        void receive(Object m) {
            if (m instanceof Long v) {
                count(round, work(v));
                if (count == expected) {
                    round.report(count, sum);
                }
            } else if (m instanceof Expect e) {
                round = e.round();
                count = 0;
                sum = 0;
                expected = e.messages();
            } else {
                throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    static final class Kernel extends ActorWorkload<List<Ref>> {
        private final int actors;
        private final int n;

        Kernel(String label, int actors, int n) {
            super(label);
            this.actors = actors;
            this.n = n;
        }

        @Override
        List<Ref> build(Spawner spawner) {
            List<Ref> refs = new ArrayList<>();
            for (int i = 0; i < actors; i++) {
                refs.add(spawner.spawn("worker-" + i, new Worker()));
            }
            return refs;
        }

        @Override
        Round.Tally runRound(List<Ref> refs) throws Exception {
            Round round = new Round(actors, false);
            for (Ref r : refs) {
                r.tell(new Expect(round, n));
            }
            for (long v = 1; v <= n; v++) {
                Long boxed = v;
                for (Ref r : refs) {
                    r.tell(boxed);
                }
            }
            return round.await(label());
        }

        @Override
        Round.Tally expected() {
            long v = n;
            return new Round.Tally(actors * v, actors * (v * (v + 1) / 2));
        }
    }
}
