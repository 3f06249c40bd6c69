package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.WeftPool;
import java.time.Duration;
import java.util.ArrayDeque;
import org.junit.jupiter.api.Test;

/** The example of weft-scoop/README.md's "At a glance", as written there, with its results checked. */
class ReadmeExampleTest {
    static final class Account {
        long cents;
    }

    static final class Buffer {
        final ArrayDeque<Integer> items = new ArrayDeque<>();
    }

    @Test
    void theReadmeExampleRunsAsDocumented() {
        Hang.within(Duration.ofSeconds(30), () -> {
            try (WeftPool pool = new WeftPool()) {
                Scoop scoop = Scoop.on(pool);
                Separate<Account> alice = scoop.create(new Account());
                Separate<Account> bob = scoop.create(new Account());

                Scoop.separate(alice, bob, (a, b) -> {
                    a.call(x -> x.cents -= 100);
                    b.call(x -> x.cents += 100);
                });
                long total = Scoop.separateGet(alice, bob,
                        (a, b) -> a.queryLong(x -> x.cents) + b.queryLong(x -> x.cents));

                Separate<Buffer> buffer = scoop.create(new Buffer());
                pool.execute(() -> buffer.call(x -> x.items.add(42)));
                int item = Scoop.separateGet(buffer,
                        q -> q.test(x -> !x.items.isEmpty()),
                        q -> q.queryInt(x -> x.items.poll()));

                assertEquals(0, total);
                assertEquals(-100L, (long) alice.query(x -> x.cents));
                assertEquals(42, item);
            }
        });
    }
}
