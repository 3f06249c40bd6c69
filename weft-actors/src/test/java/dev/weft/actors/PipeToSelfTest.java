package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** pipeToSelf and message adapters: the mapping runs in the actor, as one of its messages. */
class PipeToSelfTest {
    record Fetched(String value) {
    }

    record FetchFailed(Throwable cause) {
    }

    @Test
    void aFuturesOutcomeComesBackAsAMessageMappedInTheActor() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            CompletableFuture<String> ok = new CompletableFuture<>();
            CompletableFuture<String> bad = new CompletableFuture<>();
            IllegalStateException cause = new IllegalStateException("no");
            ActorRef<Object> a = r.system.spawn("a", () -> new Behavior<>() {
                int handled; // the mapper reads it: it runs in the actor, between messages

                @Override
                public Behavior<Object> receive(ActorContext<Object> ctx, Object m) {
                    handled++;
                    if (m.equals("go")) {
                        ctx.pipeToSelf(ok, (v, t) -> new Fetched(v + " after " + handled));
                        ctx.pipeToSelf(bad.thenApply(x -> x), (v, t) -> new FetchFailed(t));
                    } else {
                        inbox.add(m);
                    }
                    return this;
                }
            });
            a.tell("go");
            a.tell("x");
            inbox.expect("x");
            ok.complete("value");
            inbox.expect(new Fetched("value after 2"));
            bad.completeExceptionally(cause);
            inbox.expect(new FetchFailed(cause)); // unwrapped from the CompletionException of thenApply
            assertTrue(r.failures.isEmpty());
        }
    }

    @Test
    void aFailingMapperIsAFailureOfTheActor() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            ActorRef<Object> a = r.system.spawn("a", () -> (ctx, m) -> {
                ctx.pipeToSelf(CompletableFuture.completedFuture(1), (v, t) -> {
                    throw new IllegalArgumentException("mapper");
                });
                return Behavior.same();
            });
            a.tell("go");
            StopRaceTest.awaitNoLiveActors(r.system);
            assertEquals(1, r.failures.size(), "heard before the actor left the live count");
            assertEquals("mapper", r.failures.peek().failure().getMessage());
        }
    }

    @Test
    void aMessageAdapterTranslatesAnotherProtocolsMessages() throws Exception {
        try (Systems.Recorded r = Systems.recorded(2, Scheduling.ADAPTIVE)) {
            Inbox inbox = new Inbox();
            ActorRef<Integer> doubler = r.system.spawn("doubler", () -> Behavior.setup(ctx -> {
                ActorRef<String> adapter = ctx.messageAdapter(String::length);
                inbox.add(adapter);
                return (c, n) -> {
                    inbox.add(n * 2);
                    return Behavior.same();
                };
            }));
            @SuppressWarnings("unchecked")
            ActorRef<String> adapter = (ActorRef<String>) inbox.next("the adapter");
            assertEquals("/doubler/$adapter", adapter.path());
            for (String s : List.of("a", "bcd")) {
                adapter.tell(s);
            }
            inbox.expect(2);
            inbox.expect(6);
            doubler.tell(5);
            inbox.expect(10);
            r.system.stop(doubler);
            StopRaceTest.awaitNoLiveActors(r.system);
            adapter.tell("late");
            assertEquals(List.of("late"), List.copyOf(r.deadLetters), "the original message is the dead letter");
        }
    }
}
