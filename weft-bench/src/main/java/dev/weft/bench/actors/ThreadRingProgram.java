package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * Savina's thread ring: N actors in a ring pass a token R times; one message in flight. (The SCOOP suite
 * has its own threadring; this is the actors one.)
 */
public final class ThreadRingProgram extends ActorProgram {
    @Override
    public String name() {
        return "thread-ring";
    }

    @Override
    public String description() {
        return "Savina: 100 actors in a ring pass a token R times";
    }

    @Override
    public Workload create(boolean quick) {
        int hops = quick ? 1_000_000 : 10_000_000;
        return new Kernel("thread-ring(100 actors, " + Checks.count(hops) + " hops)", 100, hops);
    }

    /** The token: hops left, and the count and sum of the hops so far (the check). */
    record Token(Round round, int left, long count, long sum) {
    }

    static final class Node extends Logic {
        Ref next;

        @Override
        void receive(Object m) {
            Token t = (Token) m;
            long c = t.count() + 1;
            long s = t.sum() + t.left();
            if (t.left() == 0) {
                t.round().report(c, s);
            } else {
                next.tell(new Token(t.round(), t.left() - 1, c, s));
            }
        }
    }

    static final class Kernel extends ActorWorkload<List<Ref>> {
        private final int actors;
        private final int hops;

        Kernel(String label, int actors, int hops) {
            super(label);
            this.actors = actors;
            this.hops = hops;
        }

        @Override
        List<Ref> build(Spawner spawner) {
            List<Node> nodes = new ArrayList<>();
            List<Ref> refs = new ArrayList<>();
            for (int i = 0; i < actors; i++) {
                Node n = new Node();
                nodes.add(n);
                refs.add(spawner.spawn("node-" + i, n));
            }
            for (int i = 0; i < actors; i++) {
                nodes.get(i).next = refs.get((i + 1) % actors); // published by the first message
            }
            return refs;
        }

        @Override
        Round.Tally runRound(List<Ref> refs) throws Exception {
            Round round = new Round(1, false);
            refs.get(0).tell(new Token(round, hops, 0, 0));
            return round.await(label());
        }

        @Override
        Round.Tally expected() {
            long h = hops;
            return new Round.Tally(h + 1, h * (h + 1) / 2);
        }
    }
}
