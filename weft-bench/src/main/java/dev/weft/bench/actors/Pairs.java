package dev.weft.bench.actors;

import java.util.ArrayList;
import java.util.List;

/**
 * Ping-pong (Pinto et al.'s single-ping and ping-throughput): pairs of actors bounce a ball back and forth,
 * one message in flight per pair, so a receiver is always idle when its message arrives: the case
 * fork-on-send is for. With {@code latency}, every fourth hop carries its send time and the receiver
 * records the one-hop latency (HdrHistogram); the two actors of a pair record in turn, never at once.
 */
final class Pairs extends ActorWorkload<List<Ref[]>> {
    private final int pairs;
    private final int hops;
    private final boolean latency;

    /**
     * @param pairs   pairs of actors
     * @param hops    messages per pair after the first (the first comes from outside)
     * @param latency whether to sample one-hop latencies
     */
    Pairs(String label, int pairs, int hops, boolean latency) {
        super(label);
        this.pairs = pairs;
        this.hops = hops;
        this.latency = latency;
    }

    /** The ball: {@code left} more hops to go; {@code sentAt} is System.nanoTime() at the send, or 0. */
    record Ball(Round round, int left, long sentAt) {
    }

    static final class Player extends Logic {
        Ref partner;

        @Override
        void receive(Object m) {
            if (m instanceof Ball b) {
                Round r = b.round();
                if (b.sentAt() != 0) {
                    r.latency.recordValue(Math.max(0, System.nanoTime() - b.sentAt()));
                }
                count(r, b.left());
                int left = b.left() - 1;
                if (left < 0) {
                    report(r);
                    partner.tell(new Fin(r));
                } else {
                    partner.tell(new Ball(r, left, r.latency != null && (left & 3) == 0 ? System.nanoTime() : 0));
                }
            } else if (m instanceof Fin f) {
                report(f.round());
            } else {
                throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    @Override
    List<Ref[]> build(Spawner spawner) {
        List<Ref[]> out = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            Player a = new Player();
            Player b = new Player();
            Ref ra = spawner.spawn("ping-" + i, a);
            Ref rb = spawner.spawn("pong-" + i, b);
            a.partner = rb; // published to the actors by the first message sent to them
            b.partner = ra;
            out.add(new Ref[] {ra, rb});
        }
        return out;
    }

    @Override
    Round.Tally runRound(List<Ref[]> actors) throws Exception {
        Round round = new Round(2 * pairs, latency);
        for (Ref[] pair : actors) {
            pair[0].tell(new Ball(round, hops, 0));
        }
        Round.Tally t = round.await(label());
        if (latency) {
            latencies(round.latency);
        }
        return t;
    }

    @Override
    Round.Tally expected() {
        long h = hops;
        return new Round.Tally(pairs * (h + 1), pairs * (h * (h + 1) / 2));
    }
}
