package dev.weft.bench.actors;

import java.util.ArrayList;
import java.util.List;

/**
 * Flooding (Pinto et al.'s single-producer, multi-producer, max-throughput; plokhotnyuk/actors): plain threads
 * send numbers as fast as they can, without waiting, to sink actors that add them up. Messages arrive
 * faster than one actor can handle them, so mailboxes fill: the case where fork-on-send cannot help and
 * Pinto et al. measured its slowdowns (0.78x, 0.92x).
 */
final class Sinks extends ActorWorkload<List<Ref>> {
    private final int sinks;
    private final int senders;
    private final int perSender;

    /**
     * @param sinks     actors; each sender sends to sink {@code sender % sinks}
     * @param senders   outside threads
     * @param perSender messages each sender sends
     */
    Sinks(String label, int sinks, int senders, int perSender) {
        super(label);
        this.sinks = sinks;
        this.senders = senders;
        this.perSender = perSender;
    }

    /** Tells a sink how many numbers this round brings. Sent before the numbers; not counted. */
    record Expect(Round round, long messages) {
    }

    static final class Sink extends Logic {
        private long expected;

        @Override
        void receive(Object m) {
            if (m instanceof Long v) {
                count(round, v);
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

    @Override
    List<Ref> build(Spawner spawner) {
        List<Ref> refs = new ArrayList<>();
        for (int i = 0; i < sinks; i++) {
            refs.add(spawner.spawn("sink-" + i, new Sink()));
        }
        return refs;
    }

    @Override
    Round.Tally runRound(List<Ref> refs) throws Exception {
        Round round = new Round(sinks, false);
        for (int i = 0; i < sinks; i++) {
            int mine = 0;
            for (int s = 0; s < senders; s++) {
                mine += s % sinks == i ? 1 : 0;
            }
            refs.get(i).tell(new Expect(round, (long) mine * perSender));
        }
        if (senders == 1) {
            send(refs.get(0)); // Pinto et al.'s single-producer: the benchmark's own thread sends
        } else {
            List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                Ref to = refs.get(s % sinks);
                threads.add(Thread.ofPlatform().name("sender-" + s).start(() -> send(to)));
            }
            for (Thread t : threads) {
                t.join();
            }
        }
        return round.await(label());
    }

    private void send(Ref to) {
        for (long v = 1; v <= perSender; v++) {
            to.tell(v);
        }
    }

    @Override
    Round.Tally expected() {
        long n = perSender;
        return new Round.Tally((long) senders * n, (long) senders * (n * (n + 1) / 2));
    }
}
