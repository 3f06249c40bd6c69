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

/** Steal, idle and blocking events reach a JFR recording, with their fields. */
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
                for (int i = 0; i < 20; i++) {
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
}
