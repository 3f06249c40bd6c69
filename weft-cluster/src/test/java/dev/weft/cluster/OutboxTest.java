package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Batching: at most one message per gap, nothing lost, nothing held longer than a gap once flushed. */
class OutboxTest {
    /** A wire with a manual clock and timers. */
    static final class FakeWire implements Wire {
        long now;
        int members;
        final PriorityQueue<long[]> timers = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
        final List<Runnable> actions = new ArrayList<>();

        @Override
        public UUID self() {
            return new UUID(0, 0);
        }

        @Override
        public List<UUID> members() {
            return Collections.nCopies(members, new UUID(0, 0));
        }

        @Override
        public void send(UUID to, Msg m) {
            throw new AssertionError("not used");
        }

        @Override
        public void schedule(long delayMillis, Runnable action) {
            actions.add(action);
            timers.add(new long[] {now + delayMillis * 1_000_000, actions.size() - 1});
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public String describe(UUID member) {
            return "m";
        }

        /** Advances the clock, running the timers due. */
        void advance(long nanos) {
            long until = now + nanos;
            while (!timers.isEmpty() && timers.peek()[0] <= until) {
                long[] t = timers.poll();
                now = t[0];
                actions.get((int) t[1]).run();
            }
            now = until;
        }
    }

    @Test
    void flushesAtMostOncePerGapAndLosesNothing() {
        FakeWire w = new FakeWire();
        w.members = 100; // gap 6 ms
        List<Long> sentAt = new ArrayList<>();
        List<Integer> received = new ArrayList<>();
        Outbox<Integer> o = new Outbox<>(w, 1000, 10_000, items -> {
            sentAt.add(w.now);
            received.addAll(items);
        });
        long gap = Outbox.gapNanos(100);
        assertEquals(6_000_000, gap);
        int n = 0;
        for (int step = 0; step < 2000; step++) {
            o.add(n++);
            o.flush();
            w.advance(37_000);
        }
        w.advance(gap * 2);
        assertEquals(n, received.size(), "every item arrived");
        for (int i = 0; i < n; i++) {
            assertEquals(i, received.get(i), "in order");
        }
        for (int i = 1; i < sentAt.size(); i++) {
            assertTrue(sentAt.get(i) - sentAt.get(i - 1) >= gap, "two messages within one gap");
        }
        assertTrue(sentAt.size() >= 2000 * 37_000L / gap - 1, "flushed items wait about one gap: " + sentAt.size() + " messages");
    }

    @Test
    void unflushedItemsGoWhenManyWaitOrWhenTheOldestIsOld() {
        FakeWire w = new FakeWire();
        w.members = 2;
        List<List<Integer>> batches = new ArrayList<>();
        Outbox<Integer> o = new Outbox<>(w, 4, 200, items -> batches.add(List.copyOf(items)));
        for (int i = 0; i < 4; i++) {
            o.add(i);
        }
        assertEquals(List.of(List.of(0, 1, 2, 3)), batches, "a full batch goes at once");
        o.add(4);
        w.advance(199_000_000L);
        assertEquals(1, batches.size(), "not before its age");
        w.advance(2_000_000L);
        assertEquals(List.of(4), batches.get(1), "an old item goes");
        o.add(5);
        o.clear();
        w.advance(1_000_000_000L);
        assertEquals(2, batches.size(), "cleared items do not go");
    }
}
