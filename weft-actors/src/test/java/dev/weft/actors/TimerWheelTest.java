package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The system scheduler (PROTOCOL.md, "Timers"): never early, cancelled entries never expire, periodic
 * entries repeat, concurrent schedules and cancels from many threads lose nothing, an entry that throws —
 * an OutOfMemoryError included — does not stop the thread, and closing hands every pending entry back.
 */
class TimerWheelTest {
    /** Records when it expired and how often. */
    static class Probe extends TimerWheel.Entry {
        final AtomicInteger fired = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final CountDownLatch done;
        volatile long firedAt;
        final long period;
        final int times;

        Probe(CountDownLatch done) {
            this(done, 0, 1);
        }

        Probe(CountDownLatch done, long period, int times) {
            this.done = done;
            this.period = period;
            this.times = times;
        }

        @Override
        long expire(long now) {
            firedAt = System.nanoTime();
            int n = fired.incrementAndGet();
            if (n == times) {
                done.countDown();
            }
            return period > 0 && n < times ? now + period : -1;
        }

        @Override
        void onClose() {
            closed.incrementAndGet();
            done.countDown();
        }
    }

    @Test
    void entriesExpireNoEarlierThanTheirDelayAndOnce() throws Exception {
        TimerWheel wheel = new TimerWheel("test-wheel");
        try {
            int n = 200;
            CountDownLatch done = new CountDownLatch(n);
            List<Probe> probes = new ArrayList<>();
            List<Long> due = new ArrayList<>();
            SplittableRandom random = new SplittableRandom(7);
            for (int i = 0; i < n; i++) {
                Probe p = new Probe(done);
                long delay = random.nextLong(TimeUnit.MILLISECONDS.toNanos(30));
                long before = System.nanoTime();
                wheel.schedule(p, delay);
                probes.add(p);
                due.add(before + delay);
            }
            Systems.await(done, "every entry");
            for (int i = 0; i < n; i++) {
                assertEquals(1, probes.get(i).fired.get());
                assertTrue(probes.get(i).firedAt >= due.get(i), "entry " + i + " expired early");
            }
        } finally {
            wheel.close();
        }
    }

    @Test
    void aCancelledEntryNeverExpiresAndPeriodicEntriesRepeat() throws Exception {
        TimerWheel wheel = new TimerWheel("test-wheel");
        try {
            CountDownLatch periodic = new CountDownLatch(1);
            Probe repeating = new Probe(periodic, TimeUnit.MILLISECONDS.toNanos(2), 5);
            wheel.schedule(repeating, 0);
            Probe cancelled = new Probe(new CountDownLatch(1));
            wheel.schedule(cancelled, TimeUnit.MILLISECONDS.toNanos(5));
            assertTrue(wheel.cancel(cancelled));
            assertFalse(wheel.cancel(cancelled), "cancelled once");
            Probe after = new Probe(new CountDownLatch(1));
            wheel.schedule(after, TimeUnit.MILLISECONDS.toNanos(20)); // due after the cancelled one
            Systems.await(periodic, "five expirations");
            Systems.await(after.done, "the later entry");
            assertEquals(5, repeating.fired.get());
            assertEquals(0, cancelled.fired.get());
            // a periodic entry cancelled between expirations stops repeating
            Probe forever = new Probe(new CountDownLatch(1), TimeUnit.MILLISECONDS.toNanos(1), Integer.MAX_VALUE);
            wheel.schedule(forever, 0);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Systems.WAIT_SECONDS);
            while (forever.fired.get() < 3) {
                assertTrue(System.nanoTime() < deadline);
                Thread.sleep(1);
            }
            wheel.cancel(forever);
            int seen = forever.fired.get();
            Probe marker = new Probe(new CountDownLatch(1));
            wheel.schedule(marker, TimeUnit.MILLISECONDS.toNanos(10));
            Systems.await(marker.done, "a later entry");
            assertTrue(forever.fired.get() <= seen + 1, "at most the expiration already under way");
        } finally {
            wheel.close();
        }
    }

    /** Eight threads schedule and cancel at random; every entry is either cancelled or expires, once. */
    @Test
    void concurrentSchedulesAndCancelsLoseNothing() throws Exception {
        TimerWheel wheel = new TimerWheel("test-wheel");
        try {
            int threads = 8;
            int perThread = 5_000;
            AtomicLong cancelledOk = new AtomicLong();
            CountDownLatch expiredOrCancelled = new CountDownLatch(threads * perThread);
            List<Probe> all = java.util.Collections.synchronizedList(new ArrayList<>());
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int seed = t;
                ts.add(Thread.ofPlatform().start(() -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    for (int i = 0; i < perThread; i++) {
                        Probe p = new Probe(expiredOrCancelled);
                        all.add(p);
                        wheel.schedule(p, random.nextLong(TimeUnit.MILLISECONDS.toNanos(20)));
                        if (random.nextBoolean() && wheel.cancel(p)) {
                            cancelledOk.incrementAndGet();
                            expiredOrCancelled.countDown();
                        }
                        if (random.nextInt(100) == 0) {
                            Thread.yield();
                        }
                    }
                }));
            }
            for (Thread t : ts) {
                t.join();
            }
            Systems.await(expiredOrCancelled, "every entry to expire or be cancelled");
            long fired = 0;
            for (Probe p : all) {
                assertTrue(p.fired.get() <= 1);
                fired += p.fired.get();
            }
            assertEquals((long) threads * perThread, fired + cancelledOk.get());
        } finally {
            wheel.close();
        }
    }

    @Test
    void anEntryThatThrowsEvenOutOfMemoryDoesNotStopTheThread() throws Exception {
        TimerWheel wheel = new TimerWheel("test-wheel");
        try {
            for (Throwable t : List.of(new IllegalStateException("test"), new OutOfMemoryError("test: pretend"))) {
                CountDownLatch thrown = new CountDownLatch(1);
                wheel.schedule(new TimerWheel.Entry() {
                    @Override
                    long expire(long now) {
                        thrown.countDown();
                        if (t instanceof Error e) {
                            throw e;
                        }
                        throw (RuntimeException) t;
                    }
                }, 0);
                Systems.await(thrown, "the failing entry");
                Probe next = new Probe(new CountDownLatch(1));
                wheel.schedule(next, TimeUnit.MILLISECONDS.toNanos(1));
                Systems.await(next.done, "an entry after the failure of " + t);
            }
        } finally {
            wheel.close();
        }
    }

    @Test
    void closeHandsEveryPendingEntryBackOnceAndRefusesNewOnes() throws Exception {
        TimerWheel wheel = new TimerWheel("test-wheel");
        int n = 100;
        CountDownLatch closed = new CountDownLatch(n);
        List<Probe> probes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Probe p = new Probe(closed);
            wheel.schedule(p, TimeUnit.HOURS.toNanos(1) + i);
            probes.add(p);
        }
        wheel.close();
        Systems.await(closed, "onClose of every pending entry");
        for (Probe p : probes) {
            assertEquals(1, p.closed.get());
            assertEquals(0, p.fired.get());
        }
        assertThrows(RejectedExecutionException.class, () -> wheel.schedule(new Probe(closed), 0));
    }
}
