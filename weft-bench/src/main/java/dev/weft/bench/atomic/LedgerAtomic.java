package dev.weft.bench.atomic;

import dev.weft.atomic.AliasAtomicSet;
import dev.weft.atomic.AtomicSet;

/**
 * The ledger with atomic sets: each class names its set once (every mutable field is in it), an
 * account's history joins the account's set, and a transfer is a unit of work for both accounts' sets.
 * Woven at build time; the weaver takes the two locks in one global order.
 */
final class LedgerAtomic {
    private LedgerAtomic() {
    }

    @AtomicSet("account")
    static final class Account {
        final int id;
        private long balance = LedgerData.OPENING;
        private long credits;
        private long debits;
        private int postings;
        @AliasAtomicSet private final History history = new History();

        Account(int id) {
            this.id = id;
        }

        void debit(long x) {
            balance -= x;
            debits += x;
            postings++;
            history.add(-x);
        }

        void credit(long x) {
            balance += x;
            credits += x;
            postings++;
            history.add(x);
        }

        long balance() {
            return balance;
        }

        long historySum() {
            return history.sum();
        }

        boolean consistent() {
            return balance == LedgerData.OPENING + credits - debits && history.sum() == credits - debits;
        }
    }

    @AtomicSet("history")
    static final class History {
        private final long[] recent = new long[8];
        private int next;
        private long sum;

        void add(long x) {
            recent[next] = x;
            next = (next + 1) & 7;
            sum += x;
        }

        long sum() {
            return sum;
        }
    }

    @AtomicSet("branch")
    static final class Branch {
        private long volume;
        private long fees;
        private int posted;
        private int held;

        void posted(long x, long fee) {
            volume += x;
            fees += fee;
            posted++;
        }

        void held() {
            held++;
        }

        long[] snapshot() {
            return new long[] {volume, fees, posted, held};
        }
    }

    static void transfer(@AliasAtomicSet Account from, @AliasAtomicSet Account to, long x, long fee) {
        from.debit(x + fee);
        to.credit(x);
    }
}
