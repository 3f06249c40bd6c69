package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/**
 * Savina's fork-join creation: create N actors, send each one message; each does a little work, reports
 * and stops. Actor creation and first activation, nothing else.
 */
public final class ForkJoinCreation extends ActorProgram {
    @Override
    public String name() {
        return "fj-creation";
    }

    @Override
    public String description() {
        return "Savina: create N actors from outside, send each one message; each reports and stops";
    }

    @Override
    public Workload create(boolean quick) {
        int n = quick ? 40_000 : 400_000;
        return new Kernel("fj-creation(" + Checks.count(n) + ")", n);
    }

    record Go(Round round, long value) {
    }

    static final class Once extends Logic {
        @Override
        void receive(Object m) {
            Go g = (Go) m;
            g.round().report(1, ForkJoinThroughput.work(g.value()));
            stop();
        }
    }

    static final class Kernel extends ActorWorkload<ActorWorkload.Spawner> {
        private final int n;

        Kernel(String label, int n) {
            super(label);
            this.n = n;
        }

        @Override
        Spawner build(Spawner spawner) {
            return spawner;
        }

        @Override
        Round.Tally runRound(Spawner spawner) throws Exception {
            Round round = new Round(n, false);
            for (int i = 1; i <= n; i++) {
                spawner.spawn("once", new Once()).tell(new Go(round, i));
            }
            return round.await(label());
        }

        @Override
        Round.Tally expected() {
            long v = n;
            return new Round.Tally(v, v * (v + 1) / 2);
        }
    }
}
