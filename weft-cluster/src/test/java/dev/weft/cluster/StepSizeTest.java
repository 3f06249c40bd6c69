package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The step size follows the time per item to the target, from above and from below, and stays in bounds. */
class StepSizeTest {
    @Test
    void convergesToTheTargetWhateverTheItemCost() {
        for (long itemNanos : new long[] {10, 400, 25_000, 3_000_000}) {
            StepSize s = new StepSize(64, 100_000);
            for (int i = 0; i < 100; i++) {
                s.took(s.n() * itemNanos);
            }
            long step = s.n() * itemNanos;
            assertTrue(step <= 200_000 || s.n() == 1, itemNanos + " ns per item: step " + step + " ns with n = " + s.n());
            assertTrue(step >= 50_000 || s.n() == StepSize.MAX, itemNanos + " ns per item: step " + step + " ns");
        }
        StepSize one = new StepSize(0, 100_000);
        assertEquals(1, one.n(), "at least one item");
        for (int i = 0; i < 100; i++) {
            one.took(0);
        }
        assertEquals(StepSize.MAX, one.n(), "bounded above");
    }
}
