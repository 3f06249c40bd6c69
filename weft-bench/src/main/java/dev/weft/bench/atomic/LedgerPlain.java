package dev.weft.bench.atomic;

/** The ledger's serial elision: the same classes with no concurrency control at all. */
final class LedgerPlain {
    private LedgerPlain() {
    }

    static final class Account {
        final int id;
        long balance = LedgerData.OPENING;
        long credits;
        long debits;
        int postings;
        final History history = new History();

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
    }

    /** The last few postings of an account, and their running sum. */
    static final class History {
        final long[] recent = new long[8];
        int next;
        long sum;

        void add(long x) {
            recent[next] = x;
            next = (next + 1) & 7;
            sum += x;
        }
    }

    static final class Branch {
        long volume;
        long fees;
        int posted;
        int held;

        void posted(long x, long fee) {
            volume += x;
            fees += fee;
            posted++;
        }

        void held() {
            held++;
        }
    }

    static void transfer(Account from, Account to, long x, long fee) {
        from.debit(x + fee);
        to.credit(x);
    }
}
