package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;

/**
 * Savina's sieve of Eratosthenes as a pipeline: a producer actor sends 2..N to the first filter; a filter
 * keeps up to K primes, drops multiples of them, and forwards the rest to the next filter, which it spawns
 * (as its child) when the first number comes that it cannot keep. At the end an exit message runs down the
 * chain, collecting the primes' count and sum; the last filter reports, and the filters stop from the last
 * to the first. With K = 1, each
 * new prime spawns a filter: a long chain of forwarding actors created during the run.
 */
public final class Sieve extends ActorProgram {
    @Override
    public String name() {
        return "sieve";
    }

    @Override
    public String description() {
        return "Savina: numbers 2..N through a chain of filter actors, each new prime spawning a filter";
    }

    @Override
    public Workload create(boolean quick) {
        int n = quick ? 20_000 : 100_000;
        return new Kernel("sieve(" + Checks.count(n) + ", 1 prime per filter)", n, 1);
    }

    record Start(Round round) {
    }

    record Exit(Round round, long primes, long sum) {
    }

    /** Sent back up the chain once the exit reached its end: each filter stops after its child did. */
    record Up() {
    }

    static final class Filter extends Logic {
        private final long[] primes;
        private final Ref prev;
        private int held;
        private Ref next;

        Filter(int capacity, Ref prev) {
            this.primes = new long[capacity];
            this.prev = prev;
        }

        @Override
        void receive(Object m) {
            if (m instanceof Long v) {
                long x = v;
                for (int i = 0; i < held; i++) {
                    if (x % primes[i] == 0) {
                        return;
                    }
                }
                if (held < primes.length) {
                    primes[held++] = x; // no smaller prime divides it: a prime
                } else {
                    if (next == null) {
                        next = children.spawn("filter", new Filter(primes.length, me));
                    }
                    next.tell(v);
                }
            } else if (m instanceof Exit e) {
                long c = e.primes() + held;
                long s = e.sum();
                for (int i = 0; i < held; i++) {
                    s += primes[i];
                }
                if (next == null) {
                    e.round().report(c, s);
                    up();
                } else {
                    next.tell(new Exit(e.round(), c, s));
                }
            } else if (m instanceof Up) {
                up();
            } else {
                throw new IllegalArgumentException(String.valueOf(m));
            }
        }

        /**
         * Stops once every filter after this one has: a parent that stops stops its children, and they would
         * drop what they have not handled yet (in Pekko as in Weft).
         */
        private void up() {
            if (prev != null) {
                prev.tell(new Up());
            }
            stop();
        }
    }

    static final class Producer extends Logic {
        private final int n;
        private final int capacity;

        Producer(int n, int capacity) {
            this.n = n;
            this.capacity = capacity;
        }

        @Override
        void receive(Object m) {
            Start s = (Start) m;
            Ref first = children.spawn("filter", new Filter(capacity, null));
            for (long v = 2; v <= n; v++) {
                first.tell(v);
            }
            first.tell(new Exit(s.round(), 0, 0));
        }
    }

    static final class Kernel extends ActorWorkload<Ref> {
        private final int n;
        private final int capacity;

        Kernel(String label, int n, int capacity) {
            super(label);
            this.n = n;
            this.capacity = capacity;
        }

        @Override
        Ref build(Spawner spawner) {
            return spawner.spawn("producer", new Producer(n, capacity));
        }

        @Override
        Round.Tally runRound(Ref producer) throws Exception {
            Round round = new Round(1, false);
            producer.tell(new Start(round));
            return round.await(label());
        }

        @Override
        Round.Tally expected() {
            boolean[] composite = new boolean[n + 1];
            long count = 0;
            long sum = 0;
            for (int i = 2; i <= n; i++) {
                if (!composite[i]) {
                    count++;
                    sum += i;
                    for (long j = (long) i * i; j <= n; j += i) {
                        composite[(int) j] = true;
                    }
                }
            }
            return new Round.Tally(count, sum);
        }
    }
}
