package dev.weft.atomic.weaver;

/** Sources of the programs the stress and deadlock tests compile, weave and run. */
final class StressFixtures {
    private StressFixtures() {
    }

    /**
     * A pair of fields whose sum is always zero between units of work; {@code move} widens the window
     * between its two writes (spins, yields), so an unprotected version breaks the invariant quickly.
     */
    static final String PAIR = """
            package s;
            import dev.weft.*;
            import dev.weft.atomic.*;
            import java.util.concurrent.ThreadLocalRandom;
            import java.util.concurrent.atomic.*;

            @AtomicSet("pair")
            public class Pair {
                @Atomic("pair") private long a;
                @Atomic("pair") private long b;

                void move(long x) {
                    a -= x;
                    Delay.random();
                    b += x;
                }

                boolean consistent() { return a + b == 0; }

                /** A unit through calls on this: check and repair must not interleave with move. */
                long drain() {
                    long x = a;
                    move(-x);
                    return x;
                }

                /**
                 * Runs movers and checkers on a pool of {@code workers} for {@code millis} or until
                 * {@code stopAtFirst} and a violation: returns {violations, checks}.
                 */
                public static long[] run(int workers, long millis, boolean stopAtFirst) {
                    Pair p = new Pair();
                    AtomicLong violations = new AtomicLong();
                    AtomicLong checks = new AtomicLong();
                    long end = System.nanoTime() + millis * 1_000_000L;
                    try (WeftPool pool = new WeftPool(workers)) {
                        // One long-running submission per worker: each goes through the pool's inbox to
                        // its own worker (a parallel loop would not split a 1-second iteration).
                        java.util.List<java.util.concurrent.Future<?>> fs = new java.util.ArrayList<>();
                        for (int w = 0; w < workers; w++) fs.add(pool.submit(() -> {
                            ThreadLocalRandom r = ThreadLocalRandom.current();
                            while (System.nanoTime() < end && !(stopAtFirst && violations.get() > 0)) {
                                switch (r.nextInt(3)) {
                                    case 0 -> p.move(r.nextLong(1, 1000));
                                    case 1 -> { checks.incrementAndGet(); if (!p.consistent()) violations.incrementAndGet(); }
                                    default -> p.drain();
                                }
                            }
                        }));
                        for (var f : fs) {
                            try { f.get(); } catch (Exception e) { throw new RuntimeException(e); }
                        }
                        if (!p.consistent()) violations.incrementAndGet();
                    }
                    return new long[] {violations.get(), checks.get()};
                }
            }

            final class Delay {
                static void random() {
                    ThreadLocalRandom r = ThreadLocalRandom.current();
                    int k = r.nextInt(8);
                    if (k == 0) Thread.yield();
                    else for (int i = 0; i < k * 20; i++) Thread.onSpinWait();
                }
            }
            """;

    /**
     * Accounts whose three fields keep {@code balance == opening + in - out}; transfers name both accounts
     * with {@code @AliasAtomicSet} parameters (argument order random, sometimes the same account twice);
     * a three-way rotation names three. An account's history is aliased into its set.
     */
    static final String BANK = """
            package s;
            import dev.weft.*;
            import dev.weft.atomic.*;
            import java.util.SplittableRandom;
            import java.util.concurrent.atomic.*;

            @AtomicSet("account")
            public class Account {
                @Atomic("account") private long balance;
                @Atomic("account") private long in;
                @Atomic("account") private long out;
                final long opening;
                @AliasAtomicSet("account") private final History history = new History();

                Account(long opening) { this.opening = opening; this.balance = opening; }

                void withdraw(long x) { balance -= x; Delay2.random(); out += x; history.add(-x); }
                void deposit(long x) { balance += x; Delay2.random(); in += x; history.add(x); }
                boolean consistent() { return balance == opening + in - out && history.sum() == in - out; }
                long balance() { return balance; }

                /** A unit of its own set and the argument's. */
                void sendTo(@AliasAtomicSet Account to, long x) { withdraw(x); to.deposit(x); }
            }

            @AtomicSet("history")
            class History {
                private long sum;
                private int count;
                void add(long x) { sum += x; count++; }
                long sum() { return sum; }
            }

            final class Bank {
                static void transfer(@AliasAtomicSet Account from, @AliasAtomicSet Account to, long x) {
                    from.withdraw(x);
                    to.deposit(x);
                }

                static void rotate(@AliasAtomicSet Account a, @AliasAtomicSet Account b, @AliasAtomicSet Account c, long x) {
                    a.withdraw(x); b.deposit(x); b.withdraw(x); c.deposit(x); c.withdraw(x); a.deposit(x);
                }

                static boolean audit(@AliasAtomicSet Account a, @AliasAtomicSet Account b) {
                    return a.consistent() && b.consistent();
                }

                /**
                 * {@code ops} random operations over {@code n} accounts on {@code workers} workers (seeded per
                 * index, so the final balances are those of the serial program): returns
                 * {violations, total, the serial program's total, mismatching accounts}.
                 */
                public static long[] run(int workers, int n, int ops, long seed) {
                    Account[] acc = new Account[n];
                    long[] expect = new long[n];
                    for (int i = 0; i < n; i++) { acc[i] = new Account(1_000); expect[i] = 1_000; }
                    AtomicLong violations = new AtomicLong();
                    try (WeftPool pool = new WeftPool(workers)) {
                        pool.run(() -> Weft.parallelFor(0, ops, i -> {
                            SplittableRandom r = new SplittableRandom(seed * 1_000_003L + i);
                            int x = r.nextInt(n), y = r.nextInt(n), z = r.nextInt(n);
                            long amt = r.nextInt(1, 100);
                            switch (r.nextInt(5)) {
                                case 0, 1 -> transfer(acc[x], acc[y], amt);
                                case 2 -> acc[x].sendTo(acc[y], amt);
                                case 3 -> rotate(acc[x], acc[y], acc[z], amt);
                                default -> { if (!audit(acc[x], acc[y])) violations.incrementAndGet(); }
                            }
                        }));
                    }
                    for (int i = 0; i < ops; i++) {
                        SplittableRandom r = new SplittableRandom(seed * 1_000_003L + i);
                        int x = r.nextInt(n), y = r.nextInt(n), z = r.nextInt(n);
                        long amt = r.nextInt(1, 100);
                        int op = r.nextInt(5);
                        if (op <= 2) { expect[x] -= amt; expect[y] += amt; }
                    }
                    long total = 0, expectTotal = 0, mismatches = 0;
                    for (int i = 0; i < n; i++) {
                        if (!acc[i].consistent()) violations.incrementAndGet();
                        total += acc[i].balance();
                        expectTotal += expect[i];
                        if (acc[i].balance() != expect[i]) mismatches++;
                    }
                    return new long[] {violations.get(), total, expectTotal, mismatches};
                }
            }

            final class Delay2 {
                static void random() {
                    java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
                    if (r.nextInt(16) == 0) Thread.yield();
                }
            }
            """;

    /** The same source with every atomic-set annotation removed: the unprotected control. */
    static String unprotected(String source) {
        return source.replaceAll("@AtomicSet\\(\"[a-z]+\"\\)", "")
                .replaceAll("@Atomic\\(\"[a-z]+\"\\) ", "")
                .replaceAll("@AliasAtomicSet(\\(\"[a-z]+\"\\))? ", "");
    }
}
