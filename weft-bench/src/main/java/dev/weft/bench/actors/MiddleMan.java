package dev.weft.bench.actors;

import java.util.ArrayList;
import java.util.List;

/**
 * Pinto et al.'s middle-man: two pinging actors compete to send to a third, the middle man, which answers
 * each; so the middle man sometimes finds a backlog (the hybrid case of the seed: some actors queue
 * messages, others are idle when a message arrives).
 */
final class MiddleMan extends ActorWorkload<List<Ref[]>> {
    private final int triples;
    private final int rounds;

    /**
     * @param triples groups of two pingers and a middle man
     * @param rounds  round trips of each pinger through its middle man
     */
    MiddleMan(String label, int triples, int rounds) {
        super(label);
        this.triples = triples;
        this.rounds = rounds;
    }

    record Ask(Round round, int left, Ref from) {
    }

    record Reply(Round round, int left) {
    }

    static final class Pinger extends Logic {
        Ref self;
        Ref middle;

        @Override
        void receive(Object m) {
            Reply r = (Reply) m;
            count(r.round(), r.left());
            if (r.left() == 0) {
                report(r.round());
                middle.tell(new Fin(r.round()));
            } else {
                middle.tell(new Ask(r.round(), r.left() - 1, self));
            }
        }
    }

    static final class Middle extends Logic {
        private int fins;
        private Round finRound;

        @Override
        void receive(Object m) {
            if (m instanceof Ask a) {
                count(a.round(), a.left());
                a.from().tell(new Reply(a.round(), a.left()));
            } else if (m instanceof Fin f) {
                if (f.round() != finRound) {
                    finRound = f.round();
                    fins = 0;
                }
                if (++fins == 2) {
                    report(f.round());
                }
            } else {
                throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    @Override
    List<Ref[]> build(Spawner spawner) {
        List<Ref[]> out = new ArrayList<>();
        for (int i = 0; i < triples; i++) {
            Middle mid = new Middle();
            Ref rm = spawner.spawn("middle-" + i, mid);
            Pinger a = new Pinger();
            Pinger b = new Pinger();
            Ref ra = spawner.spawn("a-" + i, a);
            Ref rb = spawner.spawn("b-" + i, b);
            a.self = ra;
            a.middle = rm;
            b.self = rb;
            b.middle = rm;
            out.add(new Ref[] {ra, rb});
        }
        return out;
    }

    @Override
    Round.Tally runRound(List<Ref[]> actors) throws Exception {
        Round round = new Round(3 * triples, false);
        for (Ref[] pingers : actors) {
            pingers[0].tell(new Reply(round, rounds)); // the kick-off, as if a reply to nothing
            pingers[1].tell(new Reply(round, rounds));
        }
        return round.await(label());
    }

    @Override
    Round.Tally expected() {
        long m = rounds;
        // Per pinger: replies m..0 at the pinger, asks m-1..0 at the middle man.
        return new Round.Tally(triples * 2 * (2 * m + 1), triples * 2 * (m * (m + 1) / 2 + m * (m - 1) / 2));
    }
}
