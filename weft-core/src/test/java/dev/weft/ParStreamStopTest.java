package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Failures and short circuits of parallel iterators: a failing function's exception reaches the
 * caller only after every part stopped running the pipeline, and a decided {@code anyMatch} or
 * {@code findFirst} stops the source (sources here are too long to finish: 10^12 elements).
 */
class ParStreamStopTest {
    static final long HUGE = 1_000_000_000_000L;

    static final class Boom extends RuntimeException {
        Boom(String m) {
            super(m);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8, 32})
    void aFailureReachesTheCallerAfterEveryPartStopped(int workers) throws Exception {
        TestPools.withPool(workers, pool -> {
            for (int round = 0; round < 20; round++) {
                AtomicInteger inFlight = new AtomicInteger();
                AtomicLong calls = new AtomicLong();
                int failAt = 1_000 * round;
                TaskFailedException e = assertThrows(TaskFailedException.class, () -> Par.range(0, 10_000_000).on(pool)
                        .mapToLong(i -> {
                            inFlight.incrementAndGet();
                            try {
                                calls.incrementAndGet();
                                if (i == failAt) {
                                    throw new Boom("at " + i);
                                }
                                Thread.onSpinWait();
                                return i;
                            } finally {
                                inFlight.decrementAndGet();
                            }
                        }).sum());
                assertTrue(e.getCause() instanceof Boom, "cause " + e.getCause());
                assertEquals(0, inFlight.get(), "a part still ran the pipeline when the failure was thrown");
                // The pipeline stopped: not every element was run (the failure is among the first).
                assertTrue(calls.get() < 5_000_000, calls.get() + " calls after a failure at " + failAt);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8, 32})
    void aFailureInASpliteratorPipelineStopsItToo(int workers) throws Exception {
        TestPools.withPool(workers, pool -> {
            AtomicInteger inFlight = new AtomicInteger();
            List<Integer> source = new LinkedList<>();
            IntStream.range(0, 200_000).forEach(source::add);
            TaskFailedException e = assertThrows(TaskFailedException.class, () -> pool.invoke(() -> Par.of(source).map(x -> {
                inFlight.incrementAndGet();
                try {
                    if (x == 150_000) {
                        throw new Boom("at " + x);
                    }
                    return x;
                } finally {
                    inFlight.decrementAndGet();
                }
            }).toList()));
            assertTrue(e.getCause() instanceof Boom, "cause " + e.getCause());
            assertEquals(0, inFlight.get());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8, 32})
    void aDecidedSearchStopsAHugeSource(int workers) throws Exception {
        TestPools.withPool(workers, pool -> {
            AtomicLong calls = new AtomicLong();
            assertTrue(Par.range(0L, HUGE).on(pool).peek(i -> calls.incrementAndGet()).anyMatch(i -> i == 10_000));
            assertEquals(OptionalLong.of(99_999), Par.range(0L, HUGE).on(pool).filter(i -> i % 100_000 == 99_999).findFirst());
            assertTrue(Par.range(0L, HUGE).on(pool).filter(i -> i > 5_000).findAny().isPresent());
            assertTrue(!Par.range(0L, HUGE).on(pool).allMatch(i -> i < 777));
            assertTrue(!Par.range(0L, HUGE).on(pool).noneMatch(i -> i == 3));
            // A loose bound: far below the 10^12 it would take without the stop.
            assertTrue(calls.get() < 100_000_000L, calls.get() + " elements before the decision stopped the search");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8, 32})
    void findFirstOverSpliteratorsAndInfiniteInnerStreams(int workers) throws Exception {
        TestPools.withPool(workers, pool -> {
            // An unsized, infinite spliterator: parts after the first match stop.
            assertEquals(Optional.of(50_001), Par.of(Stream.iterate(0, i -> i + 1)).on(pool).filter(i -> i > 50_000).findFirst());
            // An infinite inner stream: the short circuit reaches into flatMap.
            assertEquals(Optional.of(3), Par.of(1, 2, 3).on(pool).flatMap(x -> Stream.iterate(x, y -> y + 1)).filter(y -> y == 3).findFirst());
            assertEquals(OptionalInt.of(12), Par.range(0, 10).on(pool).flatMap(x -> IntStream.iterate(x, y -> y + 1)).filter(y -> y > 11).findFirst());
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void findFirstIsTheFirstOnEverySchedule(int workers) throws Exception {
        TestPools.withPool(workers, pool -> {
            for (int round = 0; round < 200; round++) {
                int target = round * 997;
                // Many matches after the first: a later part that finds one must not win.
                assertEquals(OptionalInt.of(target), Par.range(0, 300_000).on(pool).filter(i -> i >= target).findFirst());
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void runsOnTheGivenPoolTheCallersPoolOrTheCommonPool(int workers) throws Exception {
        TestPools.withPool(workers, pool -> {
            assertTrue(Par.range(0, 1000).on(pool).mapToObj(i -> WeftPool.current()).allMatch(p -> p == pool));
            try (WeftPool other = new WeftPool(2)) {
                // Called from a worker of another pool, on(pool) still runs on pool.
                assertTrue(other.invoke(() -> Par.range(0, 1000).on(pool).mapToObj(i -> WeftPool.current()).allMatch(p -> p == pool)));
                // Without on(...), a worker's own pool.
                assertTrue(other.invoke(() -> Par.range(0, 1000).mapToObj(i -> WeftPool.current()).allMatch(p -> p == other)));
            }
            assertSame(WeftPool.common(), Par.of(List.of(1)).map(x -> WeftPool.current()).findFirst().orElseThrow());
        });
    }
}
