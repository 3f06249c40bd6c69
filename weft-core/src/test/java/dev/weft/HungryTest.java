package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link Weft#hungry()}: the hook that lets a computation holding its own pending work (a work list, a
 * frontier) split it when, and only when, another worker waits for it.
 */
class HungryTest extends SharedPools {
    private static final long LIMIT = TimeUnit.SECONDS.toNanos(20);

    @Test
    void falseOutsideAnyPool() {
        assertFalse(Weft.hungry());
    }

    @Test
    void neverTrueWithoutAnotherWorker() {
        assertFalse(p1.invoke(() -> {
            boolean any = false;
            for (int i = 0; i < 200_000; i++) {
                any |= Weft.hungry();
            }
            return any;
        }));
    }

    /** The idle workers of a pool of 4 ask the only busy one; what it splits off runs on one of them. */
    @Test
    void becomesTrueWhileOthersIdleAndTheSplitOffPartRunsElsewhere() {
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        Thread root = p4.invoke(() -> {
            awaitHungry();
            Weft.finish(() -> {
                Weft.async(() -> ranOn.set(Thread.currentThread()));
                long t0 = System.nanoTime();
                while (ranOn.get() == null) { // keep this worker busy until a thief has run the async
                    if (System.nanoTime() - t0 > LIMIT) {
                        fail("the async forked after hungry() returned true was not taken by another worker");
                    }
                    Thread.onSpinWait();
                }
            });
            return Thread.currentThread();
        });
        assertNotSame(root, ranOn.get());
    }

    /** A paused region keeps its work: hungry() says false inside it, and true again after it. */
    @Test
    void falseInsideAPausedRegionWhileARequestIsPending() {
        boolean[] seen = p4.invoke(() -> {
            awaitHungry();
            Weft.pauseStealing();
            boolean inside;
            try {
                inside = Weft.hungry();
            } finally {
                Weft.resumeStealing();
            }
            // The request was not served in the region (nothing to publish): it is still pending.
            return new boolean[] {inside, Weft.hungry()};
        });
        assertFalse(seen[0], "hungry() inside a paused region");
        assertTrue(seen[1], "hungry() after the region, with the request still unserved");
    }

    /** A work list split on hunger processes every item exactly once, whatever the splits. */
    @Test
    void aWorkListSplitOnHungerRunsEveryItemOnce() {
        for (int p : new int[] {1, 4}) {
            int n = 200_000;
            AtomicIntegerArray hits = new AtomicIntegerArray(n);
            ArrayDeque<Integer> all = new ArrayDeque<>();
            for (int i = 0; i < n; i++) {
                all.add(i);
            }
            pool(p).run(() -> Weft.finish(() -> drain(all, hits)));
            for (int i = 0; i < n; i++) {
                assertEquals(1, hits.get(i), "item " + i + " at parallelism " + p);
            }
        }
    }

    private static void drain(ArrayDeque<Integer> items, AtomicIntegerArray hits) {
        while (!items.isEmpty()) {
            int i = items.pollLast();
            hits.incrementAndGet(i);
            for (int k = 0; k < 50; k++) {
                Thread.onSpinWait(); // a little work per item, so that idle workers ask
            }
            if (Weft.hungry() && items.size() > 1) {
                ArrayDeque<Integer> half = new ArrayDeque<>();
                for (int k = items.size() / 2; k > 0; k--) {
                    half.add(items.pollFirst());
                }
                Weft.async(() -> drain(half, hits));
            }
        }
    }

    private static void awaitHungry() {
        long t0 = System.nanoTime();
        while (!Weft.hungry()) {
            if (System.nanoTime() - t0 > LIMIT) {
                fail("no idle worker asked the only busy worker for work within 20 s");
            }
            Thread.onSpinWait();
        }
    }
}
