package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

/** Steal, idle, blocking and stall events reach a JFR recording, with their fields. */
class JfrEventsTest {
    @Test
    void stealIdleAndBlockedEventsAreRecorded() throws Exception {
        Path file = Files.createTempFile("weft", ".jfr");
        try (Recording r = new Recording()) {
            r.enable("dev.weft.Steal");
            r.enable("dev.weft.Idle").withThreshold(java.time.Duration.ZERO);
            r.enable("dev.weft.Blocked").withThreshold(java.time.Duration.ZERO);
            r.start();
            try (WeftPool pool = WeftPool.builder().parallelism(4).name("jfr-test").build()) {
                // Until something was stolen: on a loaded two-core machine the other workers may not
                // get a processor, and become hungry, during the first runs.
                long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
                for (int i = 0; i < 20 || (pool.stats().total().steals() == 0 && System.nanoTime() < deadline); i++) {
                    pool.invoke(() -> JoinTest.fib(24));
                }
                pool.invoke(() -> Weft.blocking(() -> 1));
            }
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Files.deleteIfExists(file);
        List<RecordedEvent> steals = events.stream().filter(e -> e.getEventType().getName().equals("dev.weft.Steal")).toList();
        List<RecordedEvent> idles = events.stream().filter(e -> e.getEventType().getName().equals("dev.weft.Idle")).toList();
        List<RecordedEvent> blocked = events.stream().filter(e -> e.getEventType().getName().equals("dev.weft.Blocked")).toList();
        assertFalse(steals.isEmpty(), "no steal events");
        assertFalse(idles.isEmpty(), "no idle events");
        assertEquals(1, blocked.size());
        RecordedEvent s = steals.get(0);
        assertEquals("jfr-test", s.getString("pool"));
        assertTrue(s.getInt("thief") != s.getInt("victim"));
        assertEquals("Weft", s.getEventType().getCategoryNames().get(0));
    }

    /**
     * A task that forks a child and waits for it on a latch without Weft.blocking, on a pool of one
     * worker: the child is private to the waiting worker, so the monitor records the stall, naming the
     * wait and the forks held, and moves the child (a task) to the inbox, where a temporary worker runs
     * it; the task then gets its child's result by joining it.
     */
    @Test
    void aStalledWorkerIsRecordedWithItsWaitAndForks() throws Exception {
        Path file = Files.createTempFile("weft", ".jfr");
        long stalls;
        try (Recording r = new Recording()) {
            r.enable("dev.weft.Stall");
            r.start();
            try (WeftPool pool = WeftPool.builder().parallelism(1).name("jfr-stall").build()) {
                int v = pool.invoke(() -> {
                    java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
                    Task<Integer> child = Task.of(() -> {
                        done.countDown();
                        return 7;
                    });
                    child.fork();
                    try {
                        // Unmanaged on purpose, until the monitor has diagnosed it (bounded, so that a
                        // regression fails instead of hanging).
                        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
                        while (Worker.current().pool.stats().stalls() == 0 && System.nanoTime() < deadline) {
                            done.await(100, java.util.concurrent.TimeUnit.MILLISECONDS);
                        }
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return child.join();
                });
                assertEquals(7, v);
                stalls = pool.stats().stalls();
            }
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Files.deleteIfExists(file);
        List<RecordedEvent> stallEvents = events.stream().filter(e -> e.getEventType().getName().equals("dev.weft.Stall")).toList();
        assertEquals(1, stalls);
        assertEquals(1, stallEvents.size());
        RecordedEvent e = stallEvents.get(0);
        assertEquals("jfr-stall", e.getString("pool"));
        assertTrue(e.getString("wait").contains("CountDownLatch.await"), e.getString("wait"));
        assertEquals(1, e.getInt("forksHeld"));
        assertEquals(1, e.getInt("tasksMoved"));
        assertFalse(e.getBoolean("running"));
        assertTrue(e.getLong("waitedMillis") >= 750, "four samples: " + e.getLong("waitedMillis"));
    }

    /**
     * A worker that spins for a forked async (not a task: it cannot move) while the other worker idles is
     * recorded as a running stall, naming the code it runs.
     */
    @Test
    void aRunningStallIsRecordedWithItsCode() throws Exception {
        Path file = Files.createTempFile("weft", ".jfr");
        try (Recording r = new Recording()) {
            r.enable("dev.weft.Stall");
            r.start();
            try (WeftPool pool = WeftPool.builder().parallelism(2).name("jfr-running").build()) {
                java.util.concurrent.atomic.AtomicBoolean forked = new java.util.concurrent.atomic.AtomicBoolean();
                java.util.concurrent.CountDownLatch busy = new java.util.concurrent.CountDownLatch(1);
                pool.execute(() -> { // keeps the other worker busy until the async is forked: nobody asks for it
                    busy.countDown();
                    long end = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
                    while (!forked.get() && System.nanoTime() < end) {
                        Thread.onSpinWait();
                    }
                });
                assertTrue(busy.await(20, java.util.concurrent.TimeUnit.SECONDS));
                pool.run(() -> Weft.finish(() -> {
                    java.util.concurrent.atomic.AtomicBoolean ran = new java.util.concurrent.atomic.AtomicBoolean();
                    Weft.async(() -> ran.set(true));
                    forked.set(true);
                    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
                    while (!ran.get() && pool.stalls.get() == 0 && System.nanoTime() < deadline) { // JDK calls only: the stall names this frame
                        Thread.onSpinWait();
                    }
                }));
                assertEquals(1, pool.stats().stalls());
            }
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Files.deleteIfExists(file);
        List<RecordedEvent> stallEvents = events.stream().filter(e -> e.getEventType().getName().equals("dev.weft.Stall")).toList();
        assertEquals(1, stallEvents.size());
        RecordedEvent e = stallEvents.get(0);
        assertTrue(e.getBoolean("running"));
        assertEquals(1, e.getInt("forksHeld"));
        assertEquals(0, e.getInt("tasksMoved"));
        assertTrue(e.getString("wait").contains("JfrEventsTest"), e.getString("wait"));
    }
}
