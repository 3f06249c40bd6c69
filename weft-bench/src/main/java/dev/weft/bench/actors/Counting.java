package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/**
 * Savina's counting actor: a producer actor sends a counter N increments, without waiting, then asks for
 * the total; the counter reports what it counted. One actor floods another from inside the pool.
 */
public final class Counting extends ActorProgram {
    @Override
    public String name() {
        return "counting";
    }

    @Override
    public String description() {
        return "Savina: a producer actor sends a counter N increments, then asks for the count";
    }

    @Override
    public Workload create(boolean quick) {
        int n = quick ? 1_000_000 : 10_000_000;
        return new Kernel("counting(" + Checks.count(n) + ")", n);
    }

    record Start(Round round) {
    }

    record Retrieve(Round round) {
    }

    static final class Counter extends Logic {
        @Override
        void receive(Object m) {
            if (m instanceof Long v) {
                sum += v; // round set by the producer's Start below (through Retrieve's predecessor)
                count++;
            } else if (m instanceof Start s) {
                round = s.round();
                count = 0;
                sum = 0;
            } else if (m instanceof Retrieve r) {
                report(r.round());
            } else {
                throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    static final class Producer extends Logic {
        Ref counter;
        final int n;

        Producer(int n) {
            this.n = n;
        }

        @Override
        void receive(Object m) {
            Start s = (Start) m;
            counter.tell(s); // resets the counter: from the same sender, so it precedes the increments
            for (long v = 1; v <= n; v++) {
                counter.tell(v);
            }
            counter.tell(new Retrieve(s.round()));
        }
    }

    static final class Kernel extends ActorWorkload<Ref> {
        private final int n;

        Kernel(String label, int n) {
            super(label);
            this.n = n;
        }

        @Override
        Ref build(Spawner spawner) {
            Producer p = new Producer(n);
            p.counter = spawner.spawn("counter", new Counter());
            return spawner.spawn("producer", p);
        }

        @Override
        Round.Tally runRound(Ref producer) throws Exception {
            Round round = new Round(1, false);
            producer.tell(new Start(round));
            return round.await(label());
        }

        @Override
        Round.Tally expected() {
            long v = n;
            return new Round.Tally(v, v * (v + 1) / 2);
        }
    }
}
