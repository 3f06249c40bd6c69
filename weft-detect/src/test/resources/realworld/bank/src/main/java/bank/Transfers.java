package bank;

import dev.weft.Weft;

/** Applies a batch of transfers in parallel: each takes the locks of its two accounts, in id order. */
public final class Transfers {
    private Transfers() {
    }

    public static void apply(Account[] accounts, int[] from, int[] to, long[] amount) {
        Weft.parallelFor(0, from.length, i -> {
            int a = Math.min(from[i], to[i]);
            int b = Math.max(from[i], to[i]);
            if (a == b) {
                return;
            }
            accounts[a].lock.lock();   // expect: B5
            try {
                accounts[b].lock.lock();   // expect: B5
                try {
                    accounts[from[i]].balance -= amount[i];
                    accounts[to[i]].balance += amount[i];
                } finally {
                    accounts[b].lock.unlock();
                }
            } finally {
                accounts[a].lock.unlock();
            }
        });
    }

    /** The total, for the audit: managed blocking around the lock, so the pool compensates. */
    public static long total(Account[] accounts) {
        return Weft.parallelReduceLong(0, accounts.length, 0L, i -> {
            Account acc = accounts[i];
            return Weft.blocking(() -> {
                acc.lock.lock();
                try {
                    return acc.balance;
                } finally {
                    acc.lock.unlock();
                }
            });
        }, Long::sum);
    }
}
