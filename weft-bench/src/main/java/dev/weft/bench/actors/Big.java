package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.SplittableRandom;

/**
 * Savina's big: N actors each send M pings, one at a time, to neighbours picked at random, and each ping is
 * answered with a pong; an actor reports when its M-th pong arrives. Many-to-many traffic with one message
 * in flight per actor, and actors answering others' pings in between.
 */
public final class Big extends ActorProgram {
    @Override
    public String name() {
        return "big";
    }

    @Override
    public String description() {
        return "Savina: 120 actors each ping random neighbours M times, one at a time, and get pongs";
    }

    @Override
    public Workload create(boolean quick) {
        int pings = quick ? 2_000 : 20_000;
        return new Kernel("big(120 actors x " + Checks.count(pings) + ")", 120, pings);
    }

    record Start(Round round) {
    }

    record Ping(int k, Ref from) {
    }

    record Pong(int k) {
    }

    static final class Node extends Logic {
        Ref self;
        Ref[] all;
        private final int pings;
        private final int index;
        private SplittableRandom random;

        Node(int index, int pings) {
            this.index = index;
            this.pings = pings;
        }

        private void ping(int k) {
            all[random.nextInt(all.length)].tell(new Ping(k, self));
        }

        @Override
        void receive(Object m) {
            switch (m) {
                case Ping p -> p.from().tell(new Pong(p.k()));
                case Pong p -> {
                    count(round, p.k());
                    if (p.k() == pings) {
                        round.report(count, sum);
                    } else {
                        ping(p.k() + 1);
                    }
                }
                case Start s -> {
                    round = s.round();
                    count = 0;
                    sum = 0;
                    random = new SplittableRandom(index);
                    ping(1);
                }
                default -> throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    static final class Kernel extends ActorWorkload<Ref[]> {
        private final int actors;
        private final int pings;

        Kernel(String label, int actors, int pings) {
            super(label);
            this.actors = actors;
            this.pings = pings;
        }

        @Override
        Ref[] build(Spawner spawner) {
            Ref[] refs = new Ref[actors];
            Node[] nodes = new Node[actors];
            for (int i = 0; i < actors; i++) {
                nodes[i] = new Node(i, pings);
                refs[i] = spawner.spawn("big-" + i, nodes[i]);
            }
            for (int i = 0; i < actors; i++) {
                nodes[i].self = refs[i];
                nodes[i].all = refs; // published by the first message
            }
            return refs;
        }

        @Override
        Round.Tally runRound(Ref[] refs) throws Exception {
            Round round = new Round(actors, false);
            for (Ref r : refs) {
                r.tell(new Start(round));
            }
            return round.await(label());
        }

        @Override
        Round.Tally expected() {
            long m = pings;
            return new Round.Tally(actors * m, actors * (m * (m + 1) / 2)); // the pongs
        }
    }
}
