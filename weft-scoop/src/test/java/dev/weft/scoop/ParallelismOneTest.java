package dev.weft.scoop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.Weft;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A client blocked in a query or a wait condition never holds a Weft worker hostage: on a pool of one
 * worker, where a handler's activation sits unrun on the waiting client's own worker, every program
 * below still finishes (the client runs the handler itself, or parks through {@code Weft.blocking}, which
 * hands its pending work to a temporary worker).
 */
class ParallelismOneTest {
    /** Handler-owned counter. */
    static final class Cell {
        long value;
    }

    @ParameterizedTest
    @EnumSource(Modes.class)
    void aTaskQueriesAHandlerWhoseActivationIsOnItsOwnWorker(Modes m) {
        Hang.within(Duration.ofSeconds(30), () -> m.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            long got = scoop.pool().invoke(() -> {
                long last = 0;
                for (int i = 0; i < 1000; i++) {
                    last = Scoop.separateGet(cell, c -> {
                        c.call(x -> x.value++);         // spawns the idle handler on this, the only, worker
                        return c.queryLong(x -> x.value); // so this query must run it itself
                    });
                }
                return last;
            });
            assertEquals(1000, got);
        }));
    }

    /** Handler i's call queries handler i+1: a chain of clients that are handlers, on one worker. */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void chainsOfQueriesBetweenHandlersFinish(Modes m) {
        Hang.within(Duration.ofSeconds(30), () -> m.with(1, scoop -> {
            int n = 40;
            List<Separate<Cell>> hs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                hs.add(scoop.create(new Cell()));
            }
            hs.get(n - 1).call(x -> x.value = 1);
            for (int i = n - 2; i >= 0; i--) {
                Separate<Cell> next = hs.get(i + 1);
                hs.get(i).call(x -> x.value = next.query(y -> y.value) + 1);
            }
            long first = scoop.pool().invoke(() -> hs.get(0).query(x -> x.value));
            assertEquals(n, first);
        }));
    }

    /** The waiter blocks while the half that would satisfy it is still pending on the same worker. */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void aWaitConditionIsSatisfiedByWorkForkedOnTheWaitersOwnWorker(Modes m) {
        Hang.within(Duration.ofSeconds(30), () -> m.with(1, scoop -> {
            Separate<Cell> cell = scoop.create(new Cell());
            for (int round = 1; round <= 20; round++) {
                long want = round;
                long seen = scoop.pool().invoke(() -> Weft.join(
                        () -> Scoop.separateGet(cell, c -> c.queryLong(x -> x.value) >= want, c -> c.queryLong(x -> x.value)),
                        () -> {
                            cell.call(x -> x.value++);
                            return 0L;
                        },
                        (a, b) -> a));
                assertEquals(want, seen);
            }
        }));
    }

    /** Producers, consumers and the buffer all on one worker; consumers block in wait conditions. */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void producersAndConsumersAsTasksOnOneWorker(Modes m) {
        Hang.within(Duration.ofSeconds(60), () -> m.with(1, scoop -> {
            Separate<WaitConditionTest.Buffer> buf = scoop.create(new WaitConditionTest.Buffer(2));
            Separate<Cell> sum = scoop.create(new Cell());
            int pairs = 4;
            int items = 100;
            scoop.pool().run(() -> Weft.parallelFor(0, 2 * pairs, t -> {
                for (int i = 0; i < items; i++) {
                    if (t < pairs) {
                        int v = i;
                        Scoop.separate(buf, b -> b.test(WaitConditionTest.Buffer::nonFull), b -> b.call(x -> x.items.add(v)));
                    } else {
                        int v = Scoop.separateGet(buf, b -> b.test(WaitConditionTest.Buffer::nonEmpty),
                                b -> b.queryInt(x -> x.items.poll()));
                        sum.call(x -> x.value += v);
                    }
                }
            }));
            assertEquals(pairs * (long) items * (items - 1) / 2, (long) sum.query(x -> x.value));
        }));
    }

    /** A handler's call waits on a condition another handler's call satisfies later. */
    @ParameterizedTest
    @EnumSource(Modes.class)
    void aHandlerWaitingInACallIsCompensated(Modes m) {
        Hang.within(Duration.ofSeconds(30), () -> m.with(1, scoop -> {
            Separate<Cell> gate = scoop.create(new Cell());
            Separate<Cell> waiter = scoop.create(new Cell());
            Separate<Cell> opener = scoop.create(new Cell());
            waiter.call(w -> w.value = Scoop.separateGet(gate, g -> g.queryLong(x -> x.value) > 0,
                    g -> g.queryLong(x -> x.value)));
            opener.call(o -> gate.call(g -> g.value = 42));
            assertEquals(42, (long) scoop.pool().invoke(() -> waiter.query(w -> w.value)));
        }));
    }
}
