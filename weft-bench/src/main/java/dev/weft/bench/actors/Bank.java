package dev.weft.bench.actors;

import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.SplittableRandom;

/**
 * Savina's banking: a teller makes T transfers between random accounts of A: it tells the source to debit,
 * the source tells the destination to credit, the destination tells the teller it is done. The teller
 * reports when every transfer is done; a final audit checks that no money was made or lost.
 */
public final class Bank extends ActorProgram {
    @Override
    public String name() {
        return "bank";
    }

    @Override
    public String description() {
        return "Savina: a teller makes T transfers between 1,000 accounts (debit, credit, done), then audits";
    }

    @Override
    public Workload create(boolean quick) {
        int transfers = quick ? 100_000 : 1_000_000;
        return new Kernel("bank(1k accounts, " + Checks.count(transfers) + " transfers)", 1_000, transfers);
    }

    static final long INITIAL = 1_000_000;

    record Start(Round round) {
    }

    record Debit(Ref to, long amount) {
    }

    record Credit(long amount) {
    }

    record Done(long amount) {
    }

    record Audit(Ref teller) {
    }

    record Balance(long balance) {
    }

    static final class Account extends Logic {
        Ref teller;
        private long balance = INITIAL;

        @Override
        void receive(Object m) {
            switch (m) {
                case Debit d -> {
                    balance -= d.amount();
                    d.to().tell(new Credit(d.amount()));
                }
                case Credit c -> {
                    balance += c.amount();
                    teller.tell(new Done(c.amount()));
                }
                case Audit a -> a.teller().tell(new Balance(balance));
                default -> throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    static final class Teller extends Logic {
        Ref self;
        Ref[] accounts;
        private final int transfers;
        private long done;
        private long audited;
        private long total;

        Teller(int transfers) {
            this.transfers = transfers;
        }

        @Override
        void receive(Object m) {
            switch (m) {
                case Start s -> {
                    round = s.round();
                    count = 0;
                    sum = 0;
                    done = 0;
                    SplittableRandom random = new SplittableRandom(42);
                    for (int i = 0; i < transfers; i++) {
                        int from = random.nextInt(accounts.length);
                        int to = random.nextInt(accounts.length);
                        accounts[from].tell(new Debit(accounts[to], 1 + random.nextInt(100)));
                    }
                }
                case Done d -> {
                    count(round, d.amount());
                    if (++done == transfers) {
                        audited = 0;
                        total = 0;
                        for (Ref a : accounts) {
                            a.tell(new Audit(self));
                        }
                    }
                }
                case Balance b -> {
                    total += b.balance();
                    if (++audited == accounts.length) {
                        // money is conserved: a wrong total shows in the payload sum
                        round.report(count, sum + total - (long) accounts.length * INITIAL);
                    }
                }
                default -> throw new IllegalArgumentException(String.valueOf(m));
            }
        }
    }

    static final class Kernel extends ActorWorkload<Ref> {
        private final int accounts;
        private final int transfers;

        Kernel(String label, int accounts, int transfers) {
            super(label);
            this.accounts = accounts;
            this.transfers = transfers;
        }

        @Override
        Ref build(Spawner spawner) {
            Teller t = new Teller(transfers);
            Ref teller = spawner.spawn("teller", t);
            t.self = teller;
            t.accounts = new Ref[accounts];
            for (int i = 0; i < accounts; i++) {
                Account a = new Account();
                a.teller = teller;
                t.accounts[i] = spawner.spawn("account-" + i, a);
            }
            return teller;
        }

        @Override
        Round.Tally runRound(Ref teller) throws Exception {
            Round round = new Round(1, false);
            teller.tell(new Start(round));
            return round.await(label());
        }

        @Override
        Round.Tally expected() {
            SplittableRandom random = new SplittableRandom(42);
            long sum = 0;
            for (int i = 0; i < transfers; i++) {
                random.nextInt(accounts);
                random.nextInt(accounts);
                sum += 1 + random.nextInt(100);
            }
            return new Round.Tally(transfers, sum);
        }
    }
}
