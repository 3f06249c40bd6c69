package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The stash: messages kept aside and handed back before the mailbox, bounded, dead-lettered at a stop. */
class StashTest {
    /** Stashes everything until "open", then unstashes and echoes each message; "close" stashes again. */
    static final class Gate implements Behavior<String> {
        final Inbox inbox;
        boolean open;

        Gate(Inbox inbox) {
            this.inbox = inbox;
        }

        @Override
        public Behavior<String> receive(ActorContext<String> ctx, String m) {
            switch (m) {
                case "open" -> {
                    open = true;
                    inbox.add("stashed " + ctx.stashSize());
                    ctx.unstashAll();
                }
                case "close" -> open = false;
                case "size" -> inbox.add("size " + ctx.stashSize());
                case "boom" -> throw new IllegalStateException("boom");
                default -> {
                    if (open) {
                        inbox.add(m);
                    } else {
                        ctx.stash(m);
                    }
                }
            }
            return this;
        }
    }

    @Test
    void unstashedMessagesComeFirstInStashOrder() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<String> g = r.system.spawn("g", () -> new Gate(inbox));
            for (String m : List.of("a", "b", "c", "open", "d")) {
                g.tell(m);
            }
            inbox.expect("stashed 3");
            for (String m : List.of("a", "b", "c", "d")) {
                inbox.expect(m);
            }
        }
    }

    /** More handed back than one batch handles: the activation must not go idle with them waiting. */
    @Test
    void aLongStashOutlastsABatch() throws Exception {
        try (Systems.Recorded r = Systems.recorded(1, Scheduling.ADAPTIVE, 4)) {
            Inbox inbox = new Inbox();
            ActorRef<String> g = r.system.spawn("g", () -> new Gate(inbox));
            for (int i = 0; i < 100; i++) {
                g.tell("m" + i);
            }
            g.tell("open");
            inbox.expect("stashed 100");
            for (int i = 0; i < 100; i++) {
                inbox.expect("m" + i);
            }
        }
    }

    /** Messages stashed again while unstashed ones still wait are handed back ahead of them. */
    @Test
    void aNestedUnstashGoesAheadOfWhatStillWaits() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<String> a = r.system.spawn("a", () -> new Behavior<String>() {
                int phase;

                @Override
                public Behavior<String> receive(ActorContext<String> ctx, String m) {
                    if (m.equals("go")) {
                        phase++;
                        ctx.unstashAll();
                    } else if (phase == 0 || (phase == 1 && m.startsWith("x"))) {
                        ctx.stash(m);
                        if (m.equals("x2")) {
                            phase++;
                            ctx.unstashAll(); // hands back x1, x2 ahead of y1, y2
                        }
                    } else {
                        inbox.add(m);
                    }
                    return this;
                }
            });
            for (String m : List.of("y1", "y2", "go", "x1", "x2")) {
                a.tell(m);
            }
            // after the first go: y1, y2 are handled (phase 1, not x): y1, y2; then x1, x2 stashed and handed back
            for (String m : List.of("y1", "y2", "x1", "x2")) {
                inbox.expect(m);
            }
        }
    }

    @Test
    void aFullStashIsAFailureAndAStopDeadLettersTheStash() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<String> g = r.system.spawn("g", () -> new Gate(inbox), Props.create()
                    .withSupervision(Supervision.RESUME).withStashCapacity(2));
            g.tell("a");
            g.tell("b");
            g.tell("c"); // the stash is full: the handler fails, RESUME goes on
            g.tell("open");
            inbox.expect("stashed 2");
            inbox.expect("a");
            inbox.expect("b");
            assertEquals(1, r.system.failures());
            g.tell("close");
            g.tell("d");
            g.tell("e");
            g.tell("size");
            inbox.expect("size 2");
            r.system.stop(g);
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(List.of("d", "e"), List.copyOf(r.deadLetters));
        }
    }

    @Test
    void aRestartHandsTheStashToTheFreshBehaviour() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<String> g = r.system.spawn("g", () -> new Gate(inbox), Supervision.RESTART);
            g.tell("a");
            g.tell("b");
            g.tell("boom"); // the fresh Gate is closed: it stashes a and b again, then c
            g.tell("c");
            g.tell("open");
            inbox.expect("stashed 3");
            inbox.expect("a");
            inbox.expect("b");
            inbox.expect("c");
            assertTrue(r.failures.isEmpty());
        }
    }
}
