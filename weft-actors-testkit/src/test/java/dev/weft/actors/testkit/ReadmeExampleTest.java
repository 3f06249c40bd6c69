package dev.weft.actors.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.actors.ActorContext;
import dev.weft.actors.ActorRef;
import dev.weft.actors.ActorSystem;
import dev.weft.actors.Behavior;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The testkit examples of weft-actors/README.md, as written there, run. */
class ReadmeExampleTest {
    // README: testkit
    sealed interface Cmd {
    }

    record Add(int n) implements Cmd {
    }

    record Get(ActorRef<Integer> replyTo) implements Cmd {
    }

    static final class Adder implements Behavior<Cmd> {
        private int sum;

        @Override
        public Behavior<Cmd> receive(ActorContext<Cmd> ctx, Cmd c) {
            switch (c) {
                case Add a -> sum += a.n();
                case Get g -> g.replyTo().tell(sum);
            }
            return this;
        }
    }

    @Test
    void withAProbe() {
        try (ActorSystem system = ActorSystem.create()) {
            TestProbe<Integer> probe = TestProbe.create(system);
            ActorRef<Cmd> adder = system.spawn("adder", Adder::new);
            adder.tell(new Add(2));
            adder.tell(new Add(3));
            adder.tell(new Get(probe.ref()));
            probe.expectMessage(5);
            probe.expectNoMessage(Duration.ofMillis(50));
            system.stop(adder);
            probe.expectTerminated(adder);
        }
    }

    @Test
    void synchronously() throws Exception {
        BehaviorTestKit<Cmd> kit = BehaviorTestKit.create(new Adder());
        TestInbox<Integer> replies = TestInbox.create("replies");
        kit.run(new Add(2));
        kit.run(new Get(replies.ref()));
        replies.expectMessage(2);
        assertEquals(false, kit.hasEffects()); // no spawns, watches or timers
    }
    // end
}
