package dev.weft.bench.atomic;

import dev.weft.Weft;
import dev.weft.WeftPool;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;

/**
 * A bank ledger: a parallel loop over transactions, each priced and screened and then posted as a
 * transfer between two accounts (shared mutable state: balances, counters, each account's recent
 * history) and recorded in its branch's totals. The final state does not depend on the order of the
 * postings, so every version must end exactly where the serial program does.
 */
public final class Ledger extends AtomicProgram {
    @Override
    public String name() {
        return "ledger";
    }

    @Override
    public String description() {
        return "bank ledger: transfers between accounts (two-account units of work, hot accounts) from a parallel loop";
    }

    @Override
    public Workload create(boolean quick) {
        return quick ? new Run(20_000, 600_000) : new Run(100_000, 3_000_000);
    }

    /** The final state: per account balance and history sum; per branch volume, fees, posted, held. */
    record Result(long[] balances, long[] historySums, long[] branches) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && Arrays.equals(balances, r.balances)
                    && Arrays.equals(historySums, r.historySums) && Arrays.equals(branches, r.branches);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(balances) * 31 + Arrays.hashCode(branches);
        }

        @Override
        public String toString() {
            return "ledger(total " + Arrays.stream(balances).sum() + ", branches " + Arrays.hashCode(branches) + ")";
        }
    }

    static final class Run extends AtomicWorkload {
        final LedgerData data;
        private LedgerPlain.Account[] plain;
        private LedgerPlain.Branch[] plainBranches;
        private LedgerSync.Account[] sync;
        private LedgerSync.Branch[] syncBranches;
        private LedgerAtomic.Account[] atomic;
        private LedgerAtomic.Branch[] atomicBranches;

        Run(int accounts, int transactions) {
            data = new LedgerData(accounts, transactions, 20261124L);
        }

        @Override
        public String label() {
            return "ledger(" + Checks.count(data.accounts) + " accounts, " + Checks.count(data.transactions()) + " transfers)";
        }

        @Override
        public void reset() {
            int n = data.accounts;
            plain = new LedgerPlain.Account[n];
            sync = new LedgerSync.Account[n];
            atomic = new LedgerAtomic.Account[n];
            for (int i = 0; i < n; i++) {
                plain[i] = new LedgerPlain.Account(i);
                sync[i] = new LedgerSync.Account(i);
                atomic[i] = new LedgerAtomic.Account(i);
            }
            plainBranches = new LedgerPlain.Branch[LedgerData.BRANCHES];
            syncBranches = new LedgerSync.Branch[LedgerData.BRANCHES];
            atomicBranches = new LedgerAtomic.Branch[LedgerData.BRANCHES];
            for (int b = 0; b < LedgerData.BRANCHES; b++) {
                plainBranches[b] = new LedgerPlain.Branch();
                syncBranches[b] = new LedgerSync.Branch();
                atomicBranches[b] = new LedgerAtomic.Branch();
            }
        }

        // One transaction in each version: price, screen, post. Only the classes differ.

        private void postPlain(int i) {
            long x = data.converted(i);
            long fee = LedgerData.fee(x);
            LedgerPlain.Branch b = plainBranches[LedgerData.branchOf(data.from[i])];
            if (data.risk(i) >= LedgerData.REVIEW) {
                b.held();
                return;
            }
            LedgerPlain.transfer(plain[data.from[i]], plain[data.to[i]], x, fee);
            b.posted(x, fee);
        }

        private void postSync(int i) {
            long x = data.converted(i);
            long fee = LedgerData.fee(x);
            LedgerSync.Branch b = syncBranches[LedgerData.branchOf(data.from[i])];
            if (data.risk(i) >= LedgerData.REVIEW) {
                b.held();
                return;
            }
            LedgerSync.transfer(sync[data.from[i]], sync[data.to[i]], x, fee);
            b.posted(x, fee);
        }

        private void postAtomic(int i) {
            long x = data.converted(i);
            long fee = LedgerData.fee(x);
            LedgerAtomic.Branch b = atomicBranches[LedgerData.branchOf(data.from[i])];
            if (data.risk(i) >= LedgerData.REVIEW) {
                b.held();
                return;
            }
            LedgerAtomic.transfer(atomic[data.from[i]], atomic[data.to[i]], x, fee);
            b.posted(x, fee);
        }

        @Override
        Object serial() {
            for (int i = 0, n = data.transactions(); i < n; i++) {
                postPlain(i);
            }
            long[] bal = new long[data.accounts];
            long[] hist = new long[data.accounts];
            for (int a = 0; a < bal.length; a++) {
                bal[a] = plain[a].balance;
                hist[a] = plain[a].history.sum;
            }
            long[] br = new long[LedgerData.BRANCHES * 4];
            for (int b = 0; b < LedgerData.BRANCHES; b++) {
                LedgerPlain.Branch x = plainBranches[b];
                br[4 * b] = x.volume;
                br[4 * b + 1] = x.fees;
                br[4 * b + 2] = x.posted;
                br[4 * b + 3] = x.held;
            }
            return new Result(bal, hist, br);
        }

        @Override
        Object threads(ExecutorService pool, int workers) throws Exception {
            invokeAll(pool, ranges(data.transactions(), workers * 4, (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    postSync(i);
                }
            }));
            return syncResult();
        }

        @Override
        Object weftLocks(WeftPool pool) {
            pool.run(() -> Weft.parallelFor(0, data.transactions(), this::postSync));
            return syncResult();
        }

        @Override
        Object weftAtomic(WeftPool pool) {
            pool.run(() -> Weft.parallelFor(0, data.transactions(), this::postAtomic));
            long[] bal = new long[data.accounts];
            long[] hist = new long[data.accounts];
            for (int a = 0; a < bal.length; a++) {
                Checks.that(atomic[a].consistent(), "account " + a + " inconsistent");
                bal[a] = atomic[a].balance();
                hist[a] = atomic[a].historySum();
            }
            long[] br = new long[LedgerData.BRANCHES * 4];
            for (int b = 0; b < LedgerData.BRANCHES; b++) {
                System.arraycopy(atomicBranches[b].snapshot(), 0, br, 4 * b, 4);
            }
            return new Result(bal, hist, br);
        }

        private Result syncResult() {
            long[] bal = new long[data.accounts];
            long[] hist = new long[data.accounts];
            for (int a = 0; a < bal.length; a++) {
                Checks.that(sync[a].consistent(), "account " + a + " inconsistent");
                bal[a] = sync[a].balance();
                hist[a] = sync[a].historySum();
            }
            long[] br = new long[LedgerData.BRANCHES * 4];
            for (int b = 0; b < LedgerData.BRANCHES; b++) {
                System.arraycopy(syncBranches[b].snapshot(), 0, br, 4 * b, 4);
            }
            return new Result(bal, hist, br);
        }

        @Override
        public void check(Object result, Object baselineResult) {
            Result r = (Result) result;
            // Independent: money is conserved, every transaction is posted or held, histories match balances.
            long total = 0;
            for (long b : r.balances) {
                total += b;
            }
            long fees = 0;
            long posted = 0;
            long held = 0;
            for (int b = 0; b < LedgerData.BRANCHES; b++) {
                fees += r.branches[4 * b + 1];
                posted += r.branches[4 * b + 2];
                held += r.branches[4 * b + 3];
            }
            Checks.equal(data.accounts * LedgerData.OPENING, total + fees);
            Checks.equal((long) data.transactions(), posted + held);
            for (int a = 0; a < r.balances.length; a++) {
                Checks.that(r.historySums[a] == r.balances[a] - LedgerData.OPENING, "history of account " + a);
            }
            Checks.equal(baselineResult, result);
        }

        @Override
        public long operations() {
            return data.transactions();
        }
    }
}
