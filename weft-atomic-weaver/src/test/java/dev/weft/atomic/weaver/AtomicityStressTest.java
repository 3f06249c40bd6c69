package dev.weft.atomic.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.atomic.runtime.AtomicObject;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Atomicity under stress: many more Weft workers than cores, random delays inside units of work, and
 * checkers that read the cross-field invariants of a set from other workers. The unannotated control must
 * break the invariants (so the checks can see a race); the woven program never does, and its final state
 * is the serial program's.
 */
class AtomicityStressTest {
    @TempDir
    Path tmp;

    @Test
    void theUnprotectedControlIsCaughtBreakingTheInvariant() throws Throwable {
        ClassLoader l = Fixtures.loader(Fixtures.compileOk(tmp, Map.of("s.Pair",
                StressFixtures.unprotected(StressFixtures.PAIR))));
        long[] r = (long[]) Fixtures.call(l, "s.Pair", "run", 16, 10_000L, true);
        assertTrue(r[0] > 0, "no violation seen in 10 s: the checks cannot detect a race");
    }

    @Test
    void crossFieldInvariantsHoldWithSixteenWorkersOnTwoCores() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("s.Pair", StressFixtures.PAIR));
        long[] r = (long[]) Fixtures.call(l, "s.Pair", "run", 16, 1_500L, false);
        assertEquals(0, r[0], "invariant a + b == 0 observed broken");
        assertTrue(r[1] > 1_000, "too few checks to mean anything: " + r[1]);
    }

    @Test
    void bankTransfersKeepEveryAccountConsistentAndEndAsTheSerialProgram() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("s.Account", StressFixtures.BANK));
        for (int workers : new int[] {1, 3, 16}) {
            long[] r = (long[]) Fixtures.call(l, "s.Bank", "run", workers, 24, 200_000, 7L + workers);
            assertEquals(0, r[0], workers + " workers: an account was seen inconsistent");
            assertEquals(r[2], r[1], workers + " workers: money was created or lost");
            assertEquals(0, r[3], workers + " workers: final balances differ from the serial program's");
        }
    }

    @Test
    void theUnprotectedBankLosesUpdates() throws Throwable {
        ClassLoader l = Fixtures.loader(Fixtures.compileOk(tmp, Map.of("s.Account",
                StressFixtures.unprotected(StressFixtures.BANK))));
        boolean broken = false;
        for (int round = 0; round < 20 && !broken; round++) {
            long[] r = (long[]) Fixtures.call(l, "s.Bank", "run", 16, 4, 200_000, (long) round);
            broken = r[0] > 0 || r[3] > 0;
        }
        assertTrue(broken, "the unprotected bank never showed a race: the test cannot detect one");
    }

    @Test
    void aliasedHistoryAndItsAccountShareOneLock() throws Throwable {
        ClassLoader l = Fixtures.build(tmp, Map.of("s.Account", StressFixtures.BANK));
        Class<?> account = Class.forName("s.Account", true, l);
        var ctor = account.getDeclaredConstructor(long.class);
        ctor.setAccessible(true);
        Object a = ctor.newInstance(5L);
        var historyField = account.getDeclaredField("history");
        historyField.setAccessible(true);
        Object h = historyField.get(a);
        var lockA = ((AtomicObject) a).$weft$lock();
        var lockH = ((AtomicObject) h).$weft$lock();
        assertTrue(lockA == lockH, "the history did not join its account's set");
        Object b = ctor.newInstance(5L);
        assertFalse(lockA == ((AtomicObject) b).$weft$lock());
    }
}
