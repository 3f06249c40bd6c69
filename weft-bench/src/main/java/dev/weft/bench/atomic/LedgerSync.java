package dev.weft.bench.atomic;

/**
 * The ledger with hand-written locks: every method that touches an account's or a branch's state is
 * {@code synchronized}, and a transfer locks both accounts in the order of their ids (no deadlock).
 */
final class LedgerSync {
    private LedgerSync() {
    }

    static final class Account {
        final int id;
        private long balance = LedgerData.OPENING;
        private long credits;
        private long debits;
        private int postings;
        private final History history = new History();   // guarded by this account's monitor

        Account(int id) {
            this.id = id;
        }

        synchronized void debit(long x) {
            balance -= x;
            debits += x;
            postings++;
            history.add(-x);
        }

        synchronized void credit(long x) {
            balance += x;
            credits += x;
            postings++;
            history.add(x);
        }

        synchronized long balance() {
            return balance;
        }

        synchronized long historySum() {
            return history.sum;
        }

        synchronized boolean consistent() {
            return balance == LedgerData.OPENING + credits - debits && history.sum == credits - debits;
        }
    }

    static final class History {
        private final long[] recent = new long[8];
        private int next;
        long sum;

        void add(long x) {
            recent[next] = x;
            next = (next + 1) & 7;
            sum += x;
        }
    }

    static final class Branch {
        private long volume;
        private long fees;
        private int posted;
        private int held;

        synchronized void posted(long x, long fee) {
            volume += x;
            fees += fee;
            posted++;
        }

        synchronized void held() {
            held++;
        }

        synchronized long[] snapshot() {
            return new long[] {volume, fees, posted, held};
        }
    }

    static void transfer(Account from, Account to, long x, long fee) {
        Account first = from.id <= to.id ? from : to;
        Account second = first == from ? to : from;
        synchronized (first) {
            synchronized (second) {
                from.debit(x + fee);
                to.credit(x);
            }
        }
    }
}
