package dev.weft.bench.actors;

import java.util.ArrayList;
import java.util.List;

/**
 * Pinto et al.'s mediator: each ping passes through a third actor on its way (pinger → mediator → ponger), and
 * the pong comes straight back; every receiver is idle when its message arrives, and a round trip is three
 * hops, so fork-on-send can chain all three on one worker.
 */
final class Mediator extends ActorWorkload<List<Ref>> {
    private final int triples;
    private final int rounds;

    Mediator(String label, int triples, int rounds) {
        super(label);
        this.triples = triples;
        this.rounds = rounds;
    }

    record Fwd(Round round, int left) {
    }

    record Pong(Round round, int left) {
    }

    static final class Pinger extends Logic {
        Ref mediator;

        @Override
        void receive(Object m) {
            Pong p = (Pong) m;
            count(p.round(), p.left());
            if (p.left() == 0) {
                report(p.round());
                mediator.tell(new Fin(p.round()));
            } else {
                mediator.tell(new Fwd(p.round(), p.left() - 1));
            }
        }
    }

    static final class Middle extends Logic {
        Ref ponger;

        @Override
        void receive(Object m) {
            if (m instanceof Fwd f) {
                count(f.round(), f.left());
                ponger.tell(f);
            } else {
                Fin f = (Fin) m;
                report(f.round());
                ponger.tell(f);
            }
        }
    }

    static final class Ponger extends Logic {
        Ref pinger;

        @Override
        void receive(Object m) {
            if (m instanceof Fwd f) {
                count(f.round(), f.left());
                pinger.tell(new Pong(f.round(), f.left()));
            } else {
                report(((Fin) m).round());
            }
        }
    }

    @Override
    List<Ref> build(Spawner spawner) {
        List<Ref> out = new ArrayList<>();
        for (int i = 0; i < triples; i++) {
            Pinger a = new Pinger();
            Middle mid = new Middle();
            Ponger b = new Ponger();
            Ref ra = spawner.spawn("pinger-" + i, a);
            Ref rm = spawner.spawn("mediator-" + i, mid);
            Ref rb = spawner.spawn("ponger-" + i, b);
            a.mediator = rm;
            mid.ponger = rb;
            b.pinger = ra;
            out.add(ra);
        }
        return out;
    }

    @Override
    Round.Tally runRound(List<Ref> pingers) throws Exception {
        Round round = new Round(3 * triples, false);
        for (Ref a : pingers) {
            a.tell(new Pong(round, rounds)); // the kick-off
        }
        return round.await(label());
    }

    @Override
    Round.Tally expected() {
        long m = rounds;
        // Pongs m..0 at the pinger; forwards m-1..0 at the mediator and at the ponger.
        return new Round.Tally(triples * (3 * m + 1), triples * (m * (m + 1) / 2 + m * (m - 1)));
    }
}
