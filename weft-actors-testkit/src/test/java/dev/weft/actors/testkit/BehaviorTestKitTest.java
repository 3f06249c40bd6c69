package dev.weft.actors.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.actors.ActorContext;
import dev.weft.actors.ActorRef;
import dev.weft.actors.Behavior;
import dev.weft.actors.Props;
import dev.weft.actors.Signal;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** BehaviorTestKit: a behaviour run synchronously, its effects, inboxes, stash and lifecycle. */
class BehaviorTestKitTest {
    sealed interface Cmd {
    }

    record Job(int n) implements Cmd {
    }

    record Get(ActorRef<Integer> replyTo) implements Cmd {
    }

    record Fire(String child) implements Cmd {
    }

    record Wait() implements Cmd {
    }

    record Go() implements Cmd {
    }

    /** Spawns a worker at start, forwards jobs to it, counts them; stashes while waiting. */
    static Behavior<Cmd> boss() {
        return Behavior.setup(ctx -> {
            ActorRef<Job> worker = ctx.spawn("worker", () -> (c, j) -> Behavior.same());
            ctx.watch(worker);
            ctx.timers().startTimerWithFixedDelay("tick", new Job(-1), Duration.ofSeconds(1));
            return new Behavior<>() {
                int jobs;
                boolean waiting;

                @Override
                public Behavior<Cmd> receive(ActorContext<Cmd> c, Cmd m) {
                    if (waiting && !(m instanceof Go)) {
                        c.stash(m);
                        return this;
                    }
                    switch (m) {
                        case Job j -> {
                            jobs++;
                            worker.tell(j);
                        }
                        case Get g -> g.replyTo().tell(jobs);
                        case Fire f -> {
                            c.stop(worker);
                            c.timers().cancel("tick");
                        }
                        case Wait w -> waiting = true;
                        case Go g -> {
                            waiting = false;
                            c.unstashAll();
                        }
                    }
                    return this;
                }

                @Override
                public Behavior<Cmd> onSignal(ActorContext<Cmd> c, Signal s) {
                    return s instanceof Signal.Terminated ? Behavior.stopped() : this;
                }
            };
        });
    }

    @Test
    void setupEffectsMessagesAndInboxes() throws Exception {
        BehaviorTestKit<Cmd> kit = BehaviorTestKit.create(boss(), "boss");
        Effect.Spawned spawned = kit.expectEffectClass(Effect.Spawned.class);
        assertEquals("worker", spawned.name());
        assertEquals("/boss/worker", spawned.ref().path());
        kit.expectEffect(new Effect.Watched(spawned.ref(), null));
        kit.expectEffect(new Effect.TimerScheduled("tick", new Job(-1), Duration.ofSeconds(1),
                Effect.TimerMode.FIXED_DELAY));
        assertFalse(kit.hasEffects());
        assertEquals(Set.of("tick"), kit.activeTimers());

        kit.run(new Job(1));
        kit.run(new Job(2));
        kit.childInbox("worker").expectMessage(new Job(1));
        kit.childInbox("worker").expectMessage(new Job(2));
        TestInbox<Integer> replies = TestInbox.create("replies");
        kit.run(new Get(replies.ref()));
        replies.expectMessage(2);

        kit.run(new Fire("worker"));
        assertEquals(List.of(new Effect.Stopped("worker"), new Effect.TimerCancelled("tick")),
                kit.retrieveAllEffects());
        assertEquals(Set.of(), kit.activeTimers());
        kit.signal(new Signal.Terminated(spawned.ref()));
        assertFalse(kit.isAlive());
        assertThrows(IllegalStateException.class, () -> kit.run(new Job(3)));
    }

    @Test
    void unstashedMessagesRunBeforeTheNextOne() throws Exception {
        BehaviorTestKit<Cmd> kit = BehaviorTestKit.create(boss());
        kit.retrieveAllEffects();
        kit.run(new Wait());
        kit.run(new Job(1));
        kit.run(new Job(2));
        TestInbox<Integer> replies = TestInbox.create("replies");
        kit.run(new Get(replies.ref()));
        assertFalse(replies.hasMessages(), "stashed");
        kit.run(new Go());
        replies.expectMessage(2);
        assertEquals(List.of(new Job(1), new Job(2)), kit.childInbox("worker").receiveAll());
    }

    @Test
    void failuresAreThrownAndMissingChildrenNamed() throws Exception {
        IllegalStateException boom = new IllegalStateException("boom");
        BehaviorTestKit<String> kit = BehaviorTestKit.create((ctx, m) -> {
            throw boom;
        });
        assertEquals(boom, assertThrows(IllegalStateException.class, () -> kit.run("x")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> kit.childInbox("nobody"));
        assertTrue(e.getMessage().contains("nobody"), e.getMessage());
        assertThrows(UnsupportedOperationException.class, () -> BehaviorTestKit.<String>create(Behavior.setup(
                ctx -> {
                    ctx.system();
                    return Behavior.same();
                })));
    }

    @Test
    void selfMessagesAdaptersAndPipesLandInTheSelfInbox() throws Exception {
        CompletableFuture<Integer> later = new CompletableFuture<>();
        BehaviorTestKit<String> kit = BehaviorTestKit.create((ctx, m) -> {
            if (m.equals("go")) {
                ctx.self().tell("to myself");
                ctx.messageAdapter((Integer n) -> "adapted " + n).tell(5);
                ctx.pipeToSelf(later, (v, t) -> "piped " + v);
                ctx.spawn("c", () -> (c, x) -> Behavior.same(), Props.create().withStashCapacity(7));
            }
            return Behavior.same();
        });
        kit.run("go");
        later.complete(9);
        assertEquals(List.of("to myself", "adapted 5", "piped 9"), kit.selfInbox().receiveAll());
        Effect.Spawned c = kit.expectEffectClass(Effect.Spawned.class);
        assertTrue(c.props().toString().contains("stash 7"), c.props().toString());
    }
}
