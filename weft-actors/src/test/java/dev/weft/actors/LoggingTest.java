package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the module logs: dead letters by default (rate-limited, with the recipient's path, silent while the
 * system closes), and each actor's own logger, whose records carry its path.
 */
class LoggingTest {
    @BeforeEach
    void clear() {
        RecordingLoggerFinder.clear();
    }

    static List<String> deadLetterLines(String path) {
        return RecordingLoggerFinder.records().stream()
                .filter(e -> e.logger().equals(DeadLetterLog.LOGGER) && e.message().contains(path))
                .map(RecordingLoggerFinder.Entry::message).toList();
    }

    @Test
    void deadLettersAreLoggedByDefaultAFewPerPeriod() throws Exception {
        ActorSystem system = ActorSystem.builder().parallelism(1).build();
        try {
            ActorRef<String> a = system.spawn("gone-1", () -> (c, m) -> Behavior.stopped());
            a.tell("stop");
            StopRaceTest.awaitNoLiveActors(system);
            for (int i = 0; i < 10_000; i++) {
                a.tell("late " + i);
            }
            List<String> lines = deadLetterLines("/gone-1");
            assertEquals(10, lines.size(), lines.toString());
            assertTrue(lines.get(0).contains("Message [java.lang.String] to /gone-1 was not delivered"), lines.get(0));
            assertTrue(lines.get(9).contains("No more dead letters are logged"), lines.get(9));
        } finally {
            system.close();
        }
        assertEquals(10_000, system.deadLetters());
    }

    @Test
    void theLogCanBeTurnedOffOrResumesAfterItsPeriod() throws Exception {
        try (ActorSystem off = ActorSystem.builder().parallelism(1).logDeadLetters(0, Duration.ofMinutes(1)).build()) {
            ActorRef<String> a = off.spawn("gone-2", () -> (c, m) -> Behavior.stopped());
            a.tell("stop");
            StopRaceTest.awaitNoLiveActors(off);
            a.tell("late");
            assertEquals(List.of(), deadLetterLines("/gone-2"));
        }
        try (ActorSystem brief = ActorSystem.builder().parallelism(1).logDeadLetters(1, Duration.ofMillis(1)).build()) {
            ActorRef<String> a = brief.spawn("gone-3", () -> (c, m) -> Behavior.stopped());
            a.tell("stop");
            StopRaceTest.awaitNoLiveActors(brief);
            a.tell("first");
            long deadline = System.nanoTime() + Duration.ofSeconds(Systems.WAIT_SECONDS).toNanos();
            while (deadLetterLines("/gone-3").size() < 2) { // the period ends: logged again (checked 1 in 256)
                assertTrue(System.nanoTime() < deadline, "the log never resumed");
                a.tell("more");
            }
        }
    }

    @Test
    void nothingIsLoggedWhileTheSystemCloses() throws Exception {
        ActorSystem system = ActorSystem.builder().parallelism(1).build();
        ActorRef<String> a = system.spawn("closing", () -> (c, m) -> Behavior.same());
        system.close();
        a.tell("after close");
        assertEquals(1, system.deadLetters());
        assertEquals(List.of(), deadLetterLines("/closing"));
    }

    static final class Chatty implements Behavior<String> {
        @Override
        public Behavior<String> receive(ActorContext<String> ctx, String m) {
            ctx.log().log(System.Logger.Level.INFO, "got {0}", m);
            ctx.log().log(System.Logger.Level.WARNING, "plain " + m);
            return this;
        }
    }

    @Test
    void anActorsLoggerIsNamedForItsBehaviourAndCarriesItsPath() throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, Scheduling.ADAPTIVE)) {
            ActorRef<String> a = r.system.spawn("it's-{me}", Chatty::new);
            a.<String>ask(x -> "hi", Duration.ofMillis(50)).handle((v, t) -> v).join(); // let it run
            StopRaceTest.awaitNoLiveActorsBut(r.system, 1);
            long deadline = System.nanoTime() + Duration.ofSeconds(Systems.WAIT_SECONDS).toNanos();
            List<RecordingLoggerFinder.Entry> mine;
            do {
                mine = RecordingLoggerFinder.records().stream().filter(e -> e.logger().equals(Chatty.class.getName()))
                        .toList();
            } while (mine.size() < 2 && System.nanoTime() < deadline);
            assertEquals(2, mine.size(), mine.toString());
            assertEquals("[/it's-{me}] got hi", mine.get(0).message());
            assertEquals("[/it's-{me}] plain hi", mine.get(1).message());
            assertEquals(LoggingTest.class.getName(), ActorLogger.loggerName(((java.util.function.Supplier<Object>)
                    () -> null).getClass()), "a lambda's logger is named for the class that wrote it");
        }
    }
}
