package dev.weft.bench.atomic;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.atomic.runtime.AtomicObject;
import dev.weft.bench.WorkloadCheck;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The atomic-sets suite: every version of each program at 1, 2 and 4 workers gives the serial program's
 * answer, and the checks reject a corrupted one; the annotated classes of this module were woven by the
 * build (and only they).
 */
class AtomicSuiteTest {
    @Test
    void theAnnotatedClassesAreWovenByTheBuildAndTheOthersAreNot() {
        assertTrue((Object) new LedgerAtomic.Account(1) instanceof AtomicObject);
        assertTrue((Object) new LuSearchAtomic.TermStats() instanceof AtomicObject);
        assertFalse((Object) new LedgerSync.Account(1) instanceof AtomicObject);
        assertFalse((Object) new LuSearchPlain.TermStats() instanceof AtomicObject);
        LedgerAtomic.Account a = new LedgerAtomic.Account(1);
        a.credit(5);
        assertTrue(a.consistent() && a.balance() == LedgerData.OPENING + 5);
    }

    @Test
    void ledgerVersionsAgreeWithTheSerialProgram() throws Exception {
        try (Ledger.Run w = new Ledger.Run(300, 30_000)) {
            Ledger.Result expected = (Ledger.Result) WorkloadCheck.checkAllVersions(w, AtomicWorkload.ENGINES);
            long[] balances = expected.balances().clone();
            balances[7] += 1;
            balances[8] -= 1; // money still conserved: only the comparison can tell
            Ledger.Result bad = new Ledger.Result(balances, expected.historySums(), expected.branches());
            assertThrows(AssertionError.class, () -> w.check(bad, expected));
            long[] hist = expected.historySums().clone();
            hist[3] += 1;
            Ledger.Result inconsistent = new Ledger.Result(expected.balances(), hist, expected.branches());
            assertThrows(AssertionError.class, () -> w.check(inconsistent, inconsistent), "the independent check");
        }
    }

    @Test
    void lusearchVersionsAgreeWithTheSerialProgram() throws Exception {
        try (LuSearch.Run w = new LuSearch.Run(1_500, 400)) {
            LuResult expected = (LuResult) WorkloadCheck.checkAllVersions(w, AtomicWorkload.ENGINES);
            assertTrue(expected.totalHits() > 0 && expected.cacheLookups() > 0, expected.toString());
            long[] digests = expected.digests().clone();
            for (int i = 0; i < digests.length; i++) {
                digests[i] ^= 1; // every query's hits "changed": the sampled re-run sees it
            }
            LuResult bad = new LuResult(digests, expected.totalHits(), expected.zeroHit(), expected.byKind(),
                    expected.histogram(), expected.termHits(), expected.hottest(), expected.hottestHits(),
                    expected.cacheLookups());
            assertThrows(AssertionError.class, () -> w.check(bad, bad), "the independent check");
            Map<String, Long> terms = new TreeMap<>(expected.termHits());
            terms.merge(expected.hottest(), 1L, Long::sum);
            LuResult hotter = new LuResult(expected.digests(), expected.totalHits(), expected.zeroHit(),
                    expected.byKind(), expected.histogram(), terms, expected.hottest(), expected.hottestHits(),
                    expected.cacheLookups());
            assertThrows(AssertionError.class, () -> w.check(hotter, hotter), "hottest term's count");
        }
    }
}
