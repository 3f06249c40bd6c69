package dev.weft.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The first example of weft-actors/README.md, as written there, so that it keeps compiling and doing what it says. */
class ReadmeExampleTest {
    record Deposit(long cents) {
    }

    record Balance(ActorRef<Long> replyTo) {
    }

    static final class Account implements Behavior<Object> {
        private long cents;

        @Override
        public Behavior<Object> receive(ActorContext<Object> ctx, Object m) {
            switch (m) {
                case Deposit d -> cents += d.cents();
                case Balance b -> b.replyTo().tell(cents);
                default -> throw new IllegalArgumentException("unknown " + m);
            }
            return this;
        }
    }

    @Test
    void theAccountExample() {
        long cents;
        try (ActorSystem system = ActorSystem.create()) {
            ActorRef<Object> account = system.spawn("account", Account::new, Supervision.RESTART);
            account.tell(new Deposit(500));
            cents = account.<Long>ask(Balance::new, Duration.ofSeconds(Systems.WAIT_SECONDS)).join();
        }
        assertEquals(500, cents);
    }
}
