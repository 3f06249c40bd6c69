package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.bench.peers.FakeBinaries;
import dev.weft.bench.peers.Peers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peers suite through the runner, with shell scripts standing in for the Rust, C++ and Go binaries:
 * their timings land in the same samples, tables, CSV and report as the Java runs, each language's
 * runtimes over that language's serial program, and their answers are checked like any other.
 */
class PeersSuiteTest {
    @TempDir
    Path dir;

    static final int FIB35 = 9227465;

    private Program fib() {
        return Peers.programs(() -> dir, 0).get(0);
    }

    private static String runs(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    /** Binaries that report two runs per version, in milliseconds, with the right answer. */
    private void fakeBinaries() throws Exception {
        FakeBinaries.write(dir, "peers-rust", runs("# peers-rust fib(35): fake",
                "fib,rust-serial,1,100000000," + FIB35, "fib,rust-serial,1,100000000," + FIB35,
                "fib,rayon,1,300000000," + FIB35, "fib,rayon,1,310000000," + FIB35,
                "fib,rayon,2,200000000," + FIB35, "fib,rayon,2,200000000," + FIB35,
                "fib,chili,1,150000000," + FIB35, "fib,chili,1,150000000," + FIB35,
                "fib,chili,2,80000000," + FIB35, "fib,chili,2,80000000," + FIB35), "", 0);
        FakeBinaries.write(dir, "peers-cpp", runs(
                "fib,cpp-serial,1,90000000," + FIB35, "fib,cpp-serial,1,90000000," + FIB35,
                "fib,tbb,1,180000000," + FIB35, "fib,tbb,1,180000000," + FIB35,
                "fib,tbb,2,120000000," + FIB35, "fib,tbb,2,120000000," + FIB35), "", 0);
        FakeBinaries.write(dir, "peers-go", runs(
                "fib,go-serial,1,110000000," + FIB35, "fib,go-serial,1,110000000," + FIB35,
                "fib,go,1,11000000000," + FIB35, "# go x2: a run took 61.0 s, over --max-seconds 60",
                "fib,go,2,61000000000," + FIB35), "", 0);
    }

    private static Options options(String runtimes) {
        return Options.parse(new String[] {"--peers", "--quick", "--workers", "1,2", "--reps", "2", "--warmup", "0",
                "--no-gc", "--runtimes", runtimes});
    }

    @Test
    void peerTimingsJoinTheTablesCsvAndReportEachOverItsOwnSerialProgram() throws Exception {
        fakeBinaries();
        Options o = options("serial,rust-serial,rayon,chili,cpp-serial,tbb,go-serial,go");
        Runner.ProgramResult r = new Runner(o).run(fib());
        assertEquals(List.of(300_000_000L, 310_000_000L),
                r.samples().get(new Runner.Config(Peers.RAYON, 1)).stream().map(Sample::nanos).toList());
        assertEquals(1, r.samples().get(new Runner.Config(Peers.GO, 2)).size(), "a version cut short by --max-seconds");
        assertNull(r.samples().get(new Runner.Config(Engine.WEFT, 1)), "--runtimes left Weft out");

        Tables.ProgramSummary ps = Tables.summarize(r);
        assertEquals(305.0 / 100, ps.ratio(ps.get(Peers.RAYON, 1)), 1e-9, "rayon over Rust's serial program");
        assertEquals(305.0 / 100, ps.sequentialOverhead(Peers.RAYON), 1e-9);
        assertEquals(100.0 / 80, ps.speedup(Peers.CHILI, 2), 1e-9);
        assertEquals(180.0 / 90, ps.sequentialOverhead(Peers.TBB), 1e-9, "tbb over C++'s serial program");
        assertEquals(110.0 / 61_000, ps.speedup(Peers.GO, 2), 1e-9, "go over Go's serial program");
        assertEquals(100.0 / ps.baselineMs(), ps.ratio(ps.get(Peers.RUST_SERIAL, 1)), 1e-9,
                "a language's serial program over Java's");
        assertTrue(ps.measuredEngines().containsAll(List.of(Peers.RUST_SERIAL, Peers.CPP_SERIAL, Peers.GO_SERIAL)),
                "the other languages' serial programs are columns: " + ps.measuredEngines());

        Map<String, List<String>> csv = new java.util.HashMap<>();
        for (List<String> cells : Tables.csvCells(ps)) {
            csv.put(cells.get(1) + "@" + cells.get(2), cells);
        }
        List<String> header = List.of(Tables.CSV_HEADER.split(","));
        assertEquals("rust-serial", csv.get("rayon@1").get(header.indexOf("ratio_base")));
        assertEquals("100.000", csv.get("rayon@1").get(header.indexOf("serial_ms")));
        assertEquals("3.05000", csv.get("rayon@1").get(header.indexOf("ratio")));
        assertEquals("cpp-serial", csv.get("tbb@2").get(header.indexOf("ratio_base")));
        assertEquals("serial", csv.get("go-serial@1").get(header.indexOf("ratio_base")));
        for (String metric : List.of("steal_ratio", "steal_rate_per_ms", "gc_pct", "alloc_bytes_per_task", "tasks_per_s_per_worker")) {
            assertEquals("", csv.get("chili@2").get(header.indexOf(metric)), metric + " was not measured outside the JVM");
        }
        assertTrue(!csv.get("serial@1").get(header.indexOf("gc_pct")).isEmpty(), "the Java runs keep their figures");

        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
        Tables.print(out, ps, o.workers);
        Tables.printOverview(out, List.of(ps), o.workers);
        String console = buf.toString(StandardCharsets.UTF_8);
        assertTrue(console.contains("x rust-ser") && console.contains("rust-serial ms"), console);
        assertTrue(console.contains("rayon, chili over rust-serial; tbb over cpp-serial; go over go-serial"), console);

        Path page = dir.resolve("report.html");
        Files.writeString(page, Report.render(List.of(ps), o, Map.of("Date", "today")));
        String html = Files.readString(page);
        ReportTest.parse(page); // well-formed
        assertTrue(html.contains("Each runtime is measured against the serial program of its own language"), html);
        assertTrue(html.contains("id=\"overview-table-peers\""), "the suite's own tables");
    }

    @Test
    void aWrongAnswerFromABinaryFailsTheRunLikeAWrongJavaResult() throws Exception {
        FakeBinaries.write(dir, "peers-rust", runs("fib,rayon,1,5," + FIB35, "fib,rayon,2,5,42"), "", 0);
        Options o = options("rayon");
        AssertionError e = assertThrows(AssertionError.class, () -> new Runner(o).run(fib()));
        assertTrue(e.getMessage().contains("fib(35) rayon x2: wrong result") && e.getMessage().contains("42"),
                e.getMessage());
    }

    @Test
    void programNamesWithPeersMeanThePeersSuitesPrograms() {
        Options o = Options.parse(new String[] {"--peers", "fib", "uts"});
        List<Program> ps = Programs.select(o.programs, o.suites);
        assertEquals(List.of("fib", "uts"), ps.stream().map(Program::name).toList());
        assertTrue(ps.stream().allMatch(p -> p.suite().equals(Peers.SUITE)));
        assertEquals(Program.FORK_JOIN_SUITE, Programs.select(List.of("fib"), List.of()).get(0).suite(),
                "without --peers, fib is the fork/join suite's");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Programs.select(List.of("jacobi"), List.of(Peers.SUITE)));
        assertTrue(e.getMessage().contains("unknown program 'jacobi' in suites [peers]"), e.getMessage());
        Programs.checkRuntimes(List.of("weft", "rayon", "chili", "tbb", "go", "go-serial"), ps);
    }

    @Test
    void suiteSlashNamePicksOneSuitesProgramOfASharedName() {
        List<Program> ps = Programs.select(List.of("forkjoin/fib", "peers/fib", "streams/sum", "peers/sum"),
                List.of("all"));
        assertEquals(List.of("forkjoin/fib", "peers/fib", "streams/sum", "peers/sum"),
                ps.stream().map(p -> p.suite() + "/" + p.name()).toList());
        assertThrows(IllegalArgumentException.class, () -> Programs.select(List.of("streams/fib"), List.of("all")));
    }

    @Test
    void peersAreNotPartOfTheDefaultOrQuickRun() {
        for (String[] args : List.of(new String[] {}, new String[] {"--quick"})) {
            Options o = Options.parse(args);
            assertTrue(Programs.select(o.programs, o.suites).stream().noneMatch(p -> p.suite().equals(Peers.SUITE)));
        }
    }
}
