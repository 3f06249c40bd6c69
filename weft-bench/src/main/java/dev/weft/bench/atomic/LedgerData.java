package dev.weft.bench.atomic;

import java.util.SplittableRandom;

/**
 * The ledger's input and its per-transaction business logic, shared by every version: transfers between
 * accounts (one in ten pays one of a few hot merchant accounts), each priced (a tiered fee and a currency
 * conversion) and screened (a risk score) before it is posted. Posting is what the versions do differently.
 */
final class LedgerData {
    static final long OPENING = 1_000_000L;
    static final int BRANCHES = 64;
    static final int HOT = 16;
    static final int CURRENCIES = 8;
    private static final long[] RATE_BP = {10_000, 9_210, 11_730, 14_980, 1_080, 6_870, 13_050, 7_440};

    final int accounts;
    final int[] from;
    final int[] to;
    final long[] amount;
    final byte[] currency;

    LedgerData(int accounts, int transactions, long seed) {
        this.accounts = accounts;
        from = new int[transactions];
        to = new int[transactions];
        amount = new long[transactions];
        currency = new byte[transactions];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < transactions; i++) {
            from[i] = r.nextInt(accounts);
            to[i] = r.nextInt(10) == 0 ? r.nextInt(HOT) : r.nextInt(accounts);
            amount[i] = 100 + (long) (r.nextDouble() * r.nextDouble() * 500_000);
            currency[i] = (byte) r.nextInt(CURRENCIES);
        }
    }

    int transactions() {
        return from.length;
    }

    static int branchOf(int account) {
        return account % BRANCHES;
    }

    /** The amount in the ledger's currency, rounded half up. */
    long converted(int i) {
        return (amount[i] * RATE_BP[currency[i]] + 5_000) / 10_000;
    }

    /** A tiered fee: 1% up to 10k, 0.5% up to 100k, 0.2% above; at least 25. */
    static long fee(long x) {
        long f = x <= 10_000 ? x / 100 : x <= 100_000 ? 100 + (x - 10_000) / 200 : 550 + (x - 100_000) / 500;
        return Math.max(25, f);
    }

    /** A screening score in [0, 1024): a few dozen rounds of mixing, as a rules engine's cost stand-in. */
    int risk(int i) {
        long h = from[i] * 0x9E3779B97F4A7C15L ^ to[i] * 0xC2B2AE3D27D4EB4FL ^ amount[i];
        for (int k = 0; k < 24; k++) {
            h ^= h >>> 31;
            h *= 0xBF58476D1CE4E5B9L;
            h ^= h >>> 27;
        }
        return (int) (h >>> 54);
    }

    /** Transactions scoring this high are held for review instead of posted. */
    static final int REVIEW = 1_016;
}
