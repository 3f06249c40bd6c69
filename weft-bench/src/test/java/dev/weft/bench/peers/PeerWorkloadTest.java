package dev.weft.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.bench.Engine;
import dev.weft.bench.Program;
import dev.weft.bench.TimedRun;
import dev.weft.bench.Workload;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a peers workload runs the binaries: the command line, the runs it returns, and every way it fails. */
class PeerWorkloadTest {
    @TempDir
    Path dir;

    private Program program(String name) {
        return Peers.programs(() -> dir, 42).stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void eachLanguagesEnginesGoToItsBinaryWithTheRunnersSettings() throws Exception {
        Path rust = FakeBinaries.write(dir, "peers-rust", """
                # peers-rust fib(35): made up
                fib,rust-serial,1,1000,9227465
                fib,rayon,1,3000,9227465
                fib,rayon,2,2000,9227465
                """, "", 0);
        Path go = FakeBinaries.write(dir, "peers-go", "fib,go,2,9000,9227465\n", "", 0);
        try (Workload w = program("fib").create(true)) {
            List<TimedRun> runs = w.timeItself(List.of(Peers.RUST_SERIAL, Peers.RAYON, Peers.GO), List.of(1, 2), 3, 7);
            assertEquals(List.of(new TimedRun(Peers.RUST_SERIAL, 1, 1000, 9227465), new TimedRun(Peers.RAYON, 1, 3000, 9227465),
                    new TimedRun(Peers.RAYON, 2, 2000, 9227465), new TimedRun(Peers.GO, 2, 9000, 9227465)), runs);
            assertEquals("--program fib --size quick --runtimes rust-serial,rayon --workers 1,2 --warmup 3 --reps 7 "
                    + "--max-seconds 42", FakeBinaries.args(rust));
            assertEquals("--program fib --size quick --runtimes go --workers 1,2 --warmup 3 --reps 7 --max-seconds 42",
                    FakeBinaries.args(go));
            assertFalse(Files.exists(dir.resolve("peers-cpp.args")), "the C++ binary was run without a C++ engine");
        }
        try (Workload w = program("uts").create(false)) {
            FakeBinaries.write(dir, "peers-cpp", "uts,tbb,4,5,4117769/2342762\n", "", 0);
            List<TimedRun> runs = w.timeItself(List.of(Peers.TBB), List.of(4), 0, 1);
            assertEquals(List.of(new TimedRun(Peers.TBB, 4, 5, 4117769L << 32 | 2342762L)), runs);
            assertTrue(FakeBinaries.args(dir.resolve("peers-cpp")).contains("--size full"));
        }
    }

    @Test
    void theStreamsPipelinesRunOnRayonAgainstJavasLoopAndTheirTextAnswersAreChecked() throws Exception {
        for (String name : List.of("sum", "mapfilter", "wordfreq")) {
            Program p = program(name);
            assertEquals(List.of("serial", "weft", "rust-serial", "rayon"), p.engines().stream().map(Engine::name).toList(),
                    name + ": Rust's iterators only (chili has none)");
            assertEquals(Peers.RAYON, p.reference());
            assertEquals(Peers.RUST_SERIAL, p.baselineOf(Peers.RAYON));
        }
        try (Workload w = program("sum").create(true); dev.weft.bench.Pools pools = new dev.weft.bench.Pools()) {
            assertFalse(w.timesItself(Peers.CHILI) || w.timesItself(Engine.SERIAL));
            // Java's serial version of a pipeline is its plain loop.
            long sum = (Long) w.run(Engine.SERIAL, 1, pools);
            Path rust = FakeBinaries.write(dir, "peers-rust", "sum,rust-serial,1,1000," + sum + "\nsum,rayon,2,900," + (sum + 1)
                    + "\n", "", 0);
            List<TimedRun> runs = w.timeItself(List.of(Peers.RUST_SERIAL, Peers.RAYON), List.of(1, 2), 0, 1);
            assertEquals("--program sum --size quick --runtimes rust-serial,rayon --workers 1,2 --warmup 0 --reps 1 "
                    + "--max-seconds 42", FakeBinaries.args(rust));
            assertEquals(Long.toString(sum), runs.get(0).result(), "the answer stays text");
            w.check(runs.get(0).result(), sum);
            assertThrows(AssertionError.class, () -> w.check(runs.get(1).result(), sum));
        }
    }

    @Test
    void answersBecomeTheJavaResultTypeAndTheJavaCheckJudgesThem() throws Exception {
        FakeBinaries.write(dir, "peers-go", """
                integrate,go-serial,1,10,2.50000500000001e+11
                integrate,go,1,20,250000500000.001
                integrate,go,2,20,250000500000.0
                """, "", 0);
        try (Workload w = program("integrate").create(true)) {
            assertTrue(w.timesItself(Peers.GO) && w.timesItself(Peers.GO_SERIAL) && !w.timesItself(Engine.WEFT));
            List<TimedRun> runs = w.timeItself(List.of(Peers.GO_SERIAL, Peers.GO), List.of(1, 2), 0, 1);
            Object expected = runs.get(0).result();
            assertEquals(250000500000.001, expected);
            w.check(runs.get(1).result(), expected);
            // Close to the integral but not the same sum as the serial elision's: rejected.
            assertThrows(AssertionError.class, () -> w.check(runs.get(2).result(), expected));
        }
    }

    @Test
    void aMissingBinaryIsOneLineAndTheOthersStillRun() throws Exception {
        FakeBinaries.write(dir, "peers-go", "nqueens,go,1,7,14200\n", "", 0);
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        List<TimedRun> runs;
        try (Workload w = program("nqueens").create(true)) {
            runs = w.timeItself(List.of(Peers.RAYON, Peers.CHILI, Peers.GO), List.of(1), 0, 1);
        } finally {
            System.setErr(err);
        }
        assertEquals(List.of(new TimedRun(Peers.GO, 1, 7, 14200)), runs);
        String said = buf.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("peers-rust is not built") && said.contains("rayon,chili left out"), said);
    }

    @Test
    void aFailingBinaryFailsTheRunWithWhatItSaid() throws Exception {
        FakeBinaries.write(dir, "peers-rust", "fib,rayon,1,5,9227465\n",
                "peers-rust: fib(35) chili x2: wrong answer: expected 9227465 but got 1", 1);
        try (Workload w = program("fib").create(true)) {
            IOException e = assertThrows(IOException.class, () -> w.timeItself(List.of(Peers.CHILI), List.of(2), 0, 1));
            assertTrue(e.getMessage().contains("peers-rust exited with status 1") && e.getMessage().contains("wrong answer"),
                    e.getMessage());
        }
    }

    @Test
    void aRunNotAskedForOrAnAnswerThatIsNotOneIsAnError() throws Exception {
        try (Workload w = program("uts").create(true)) {
            FakeBinaries.write(dir, "peers-rust", "uts,chili,1,5,243269/138448\n", "", 0);
            IOException e = assertThrows(IOException.class, () -> w.timeItself(List.of(Peers.RAYON), List.of(1), 0, 1));
            assertTrue(e.getMessage().contains("'chili', which was not asked for"), e.getMessage());
            FakeBinaries.write(dir, "peers-rust", "uts,rayon,1,5,243269\n", "", 0);
            e = assertThrows(IOException.class, () -> w.timeItself(List.of(Peers.RAYON), List.of(1), 0, 1));
            assertTrue(e.getMessage().contains("not one: '243269'"), e.getMessage());
            FakeBinaries.write(dir, "peers-rust", "fib,rayon,1,5,243269/138448\n", "", 0);
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> w.timeItself(List.of(Peers.RAYON), List.of(1), 0, 1));
            assertTrue(bad.getMessage().contains("a run of 'fib', expected 'uts'"), bad.getMessage());
        }
    }

    @Test
    void theRunnerNeverAsksItToRunAPeerEngineInTheJvm() throws Exception {
        try (Workload w = program("fib").create(true)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.run(Peers.RAYON, 1, null));
            assertTrue(e.getMessage().contains("times itself"), e.getMessage());
        }
    }

    @Test
    void eachLanguagesRuntimesAreMeasuredAgainstItsOwnSerialProgram() {
        Program p = program("nqueens");
        assertEquals(Peers.SUITE, p.suite());
        assertEquals(Engine.SERIAL, p.baseline());
        assertEquals(Peers.RUST_SERIAL, p.baselineOf(Peers.RAYON));
        assertEquals(Peers.RUST_SERIAL, p.baselineOf(Peers.CHILI));
        assertEquals(Peers.CPP_SERIAL, p.baselineOf(Peers.TBB));
        assertEquals(Peers.GO_SERIAL, p.baselineOf(Peers.GO));
        assertEquals(Engine.SERIAL, p.baselineOf(Engine.WEFT));
        assertEquals(Engine.SERIAL, p.baselineOf(Peers.GO_SERIAL), "a language's serial program is compared with Java's");
        assertEquals(Engine.WEFT, p.subject());
        assertFalse(p.engines().contains(Engine.FJP), "ForkJoinPool is the fork/join suite's comparison");
        assertThrows(IllegalArgumentException.class, () -> Peers.programs(() -> dir, -1));
        assertThrows(IllegalArgumentException.class, () -> Peers.treeCounts("4294967296/1"));
    }
}
