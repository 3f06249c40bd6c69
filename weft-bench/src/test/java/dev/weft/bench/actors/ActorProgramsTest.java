package dev.weft.bench.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.Program;
import dev.weft.bench.Workload;
import dev.weft.bench.WorkloadCheck;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The actors suite's kernels, at small sizes, on every engine at 1, 2 and 4 workers (as the runner runs
 * them): each run's message count and payload sum are the computed ones, and a wrong result is rejected.
 */
class ActorProgramsTest {
    static Stream<Arguments> kernels() {
        return Stream.of(
                Arguments.of(new Sinks("single-producer", 1, 1, 20_000)),
                Arguments.of(new Sinks("multi-producer", 1, 8, 3_000)),
                Arguments.of(new Sinks("max-throughput", 8, 8, 3_000)),
                Arguments.of(new Pairs("single-ping", 1, 20_000, true)),
                Arguments.of(new Pairs("ping-throughput", 200, 50, false)),
                Arguments.of(new MiddleMan("middle-man", 100, 20)),
                Arguments.of(new Mediator("mediator", 100, 20)),
                Arguments.of(new Counting.Kernel("counting", 20_000)),
                Arguments.of(new ForkJoinThroughput.Kernel("fj-throughput", 10, 500)),
                Arguments.of(new ForkJoinCreation.Kernel("fj-creation", 2_000)),
                Arguments.of(new ThreadRingProgram.Kernel("thread-ring", 10, 5_000)),
                Arguments.of(new ChameneosMall.Kernel("chameneos-mall", 10, 2_000)),
                Arguments.of(new Big.Kernel("big", 10, 200)),
                Arguments.of(new Bank.Kernel("bank", 50, 2_000)),
                Arguments.of(new Sieve.Kernel("sieve", 2_000, 1)),
                Arguments.of(new Sieve.Kernel("sieve", 2_000, 10)),
                Arguments.of(new Trapezoid.Kernel("trapezoid", 10, 10_000)));
    }

    @ParameterizedTest
    @MethodSource("kernels")
    void everyEngineHandlesEveryMessageOnce(ActorWorkload<?> w) throws Exception {
        try (w) {
            Object expected = WorkloadCheck.checkAllVersions(w, ActorEngines.ALL);
            assertEquals(w.expected(), expected);
            assertTrue(w.operations() > 0);
            Round.Tally t = (Round.Tally) expected;
            Round.Tally lost = new Round.Tally(t.messages() - 1, t.payloadSum());
            assertThrows(AssertionError.class, () -> w.check(lost, expected), "a lost message is caught");
            Round.Tally wrong = new Round.Tally(t.messages(), t.payloadSum() + 1);
            assertThrows(AssertionError.class, () -> w.check(wrong, wrong), "a wrong payload is caught");
        }
    }

    @Test
    void singlePingSamplesOneHopLatencies() throws Exception {
        try (Pairs w = new Pairs("single-ping", 1, 4_000, true); Pools pools = new Pools()) {
            for (Engine e : ActorEngines.ALL) {
                w.reset();
                w.check(w.run(e, 2, pools), null);
                long[] l = w.latencyNanos();
                assertNotNull(l, e.name());
                assertEquals(1_000, l.length, "every fourth of 4,000 hops");
                assertTrue(l[0] >= 0 && l[l.length - 1] > 0);
            }
        }
    }

    @Test
    void theSuiteHasSeedZeroSevenProgramsComparedWithPekko() {
        List<Program> programs = List.of(new MaxThroughput(), new SinglePing(), new PingThroughput(),
                new SingleProducer(), new MultiProducer(), new MiddleManProgram(), new MediatorProgram());
        assertEquals(List.of("max-throughput", "single-ping", "ping-throughput", "single-producer",
                "multi-producer", "middle-man", "mediator"), programs.stream().map(Program::name).toList());
        for (Program p : programs) {
            assertEquals("actors", p.suite());
            assertEquals(ActorEngines.WEFT, p.subject());
            assertEquals(ActorEngines.PEKKO, p.reference());
            assertEquals(null, p.baseline());
            Workload quick = p.create(true);
            assertTrue(quick.label().startsWith(p.name()), quick.label());
        }
    }

    @Test
    void anEngineOfAnotherSuiteIsRefused() throws Exception {
        try (Sinks w = new Sinks("s", 1, 1, 10); Pools pools = new Pools()) {
            assertThrows(IllegalArgumentException.class, () -> w.run(Engine.FJP, 1, pools));
        }
    }
}
