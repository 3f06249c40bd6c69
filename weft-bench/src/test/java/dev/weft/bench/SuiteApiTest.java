package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.bench.programs.Checks;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The extension API that model suites (actors, SCOOP, atomic sets) plug into: engines of their own, no
 * baseline, operation counts and latencies, runtimes created and closed by the workload.
 */
class SuiteApiTest {
    static final Engine MINE = Engine.onWeft("mine", "My runtime on Weft");
    static final Engine THEIRS = Engine.of("theirs", "Their runtime");

    /** Sums 0..n-1 "messages"; THEIRS is made to take longer. Records what the runner asked of it. */
    static final class Messages implements Program {
        final List<String> calls = new ArrayList<>();
        final AtomicInteger closed = new AtomicInteger();

        @Override
        public String name() {
            return "messages";
        }

        @Override
        public String description() {
            return "a made-up message-passing program";
        }

        @Override
        public String suite() {
            return "test-suite";
        }

        @Override
        public List<Engine> engines() {
            return List.of(MINE, THEIRS);
        }

        @Override
        public Engine subject() {
            return MINE;
        }

        @Override
        public Engine reference() {
            return THEIRS;
        }

        @Override
        public Workload create(boolean quick) {
            int n = quick ? 10_000 : 100_000;
            return new Workload() {
                @Override
                public String label() {
                    return "messages(" + n + ")";
                }

                @Override
                public Object run(Engine engine, int workers, Pools pools) {
                    calls.add(engine.name() + "@" + workers);
                    long sum = 0;
                    if (engine.equals(MINE)) {
                        sum = pools.weft(workers).invoke(() -> Dev.sum(n));
                    } else if (engine.equals(THEIRS)) {
                        sum = Dev.sum(n) + Dev.sum(n) - Dev.sum(n);
                    } else {
                        throw new IllegalArgumentException(engine.name());
                    }
                    return sum;
                }

                @Override
                public void check(Object result, Object baselineResult) {
                    Checks.equal((long) n * (n - 1) / 2, result);
                }

                @Override
                public long operations() {
                    return n;
                }

                @Override
                public long[] latencyNanos() {
                    long[] l = new long[100];
                    for (int i = 0; i < l.length; i++) {
                        l[i] = (i + 1) * 1000L; // 1..100 us
                    }
                    return l;
                }

                @Override
                public void close() {
                    closed.incrementAndGet();
                }
            };
        }
    }

    static final class Dev {
        static long sum(int n) {
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += i;
            }
            return s;
        }
    }

    @Test
    void aSuiteWithoutBaselineRunsEveryEngineAtEveryWorkerCountAndClosesItsWorkload() throws Exception {
        Messages prog = new Messages();
        Options o = Options.parse(new String[] {"--quick", "--workers", "1,2", "--reps", "5", "--warmup", "1", "--no-gc"});
        Runner.ProgramResult r = new Runner(o).run(prog);
        assertEquals(1, prog.closed.get(), "the workload is closed once");
        // No baseline: the first engine gives the expected result once, then 6 runs of each of 4 versions.
        assertEquals("mine@1", prog.calls.get(0));
        assertEquals(1 + 6 * 4, prog.calls.size(), prog.calls.toString());
        Tables.ProgramSummary ps = Tables.summarize(r);
        Summary mine2 = ps.get(MINE, 2);
        Summary theirs2 = ps.get(THEIRS, 2);
        assertTrue(Double.isFinite(mine2.opsPerSec()) && mine2.opsPerSec() > 0);
        assertEquals(50.0, mine2.p50Micros(), 1e-9, "nearest-rank median of 1..100 us");
        assertEquals(99.0, mine2.p99Micros(), 1e-9);
        assertEquals(100.0, mine2.p999Micros(), 1e-9);
        assertTrue(Double.isFinite(mine2.idlePct()), "an engine on the Weft pool gets its idle figure");
        assertTrue(Double.isNaN(theirs2.idlePct()), "an engine on no shared pool does not");
        assertEquals("theirs", ps.ratioBase());
        assertEquals(1.0, ps.ratio(theirs2), 1e-12, "the reference over itself");
        assertEquals(mine2.medianMs() / theirs2.medianMs(), ps.subjectOverReference(2), 1e-12);
        assertTrue(Double.isNaN(ps.sequentialOverhead(MINE)), "no baseline, no sequential overhead");
        List<List<String>> cells = Tables.csvCells(ps);
        assertEquals(4, cells.size());
        for (List<String> row : cells) {
            assertEquals(Tables.CSV_HEADER.split(",").length, row.size());
            assertEquals("test-suite", row.get(18));
            assertEquals("theirs", row.get(19));
            assertFalse(row.get(20).isEmpty(), "ops per second");
        }
    }

    @Test
    void runtimesOptionSelectsEngines() throws Exception {
        Messages prog = new Messages();
        Options o = Options.parse(new String[] {"--quick", "--workers", "2", "--reps", "5", "--warmup", "0",
            "--runtimes", "theirs", "--no-gc"});
        Runner.ProgramResult r = new Runner(o).run(prog);
        assertEquals(List.of(new Runner.Config(THEIRS, 2)), List.copyOf(r.samples().keySet()));
        assertTrue(prog.calls.stream().allMatch(c -> c.equals("theirs@2")), prog.calls.toString());
    }

    @Test
    void consoleTableAndOverviewNameTheSuiteEngines() throws Exception {
        Messages prog = new Messages();
        Options o = Options.parse(new String[] {"--quick", "--workers", "1,2", "--reps", "5", "--warmup", "0", "--no-gc"});
        Tables.ProgramSummary ps = Tables.summarize(new Runner(o).run(prog));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Tables.print(out, ps, o.workers);
        Tables.printOverview(out, List.of(ps), o.workers);
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("mine ms") && text.contains("theirs ms") && text.contains("mine/theirs"), text);
        assertTrue(text.contains("Mops/s") && text.contains("p50/p99 us"), text);
        assertTrue(text.contains("test-suite: time / theirs time"), text);
    }

    @Test
    void samplesSurviveTheTripThroughTheSamplesFile(@TempDir Path dir) throws Exception {
        Sample s = new Sample(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, true, 11, 12, 13, 14);
        Path f = dir.resolve("samples.csv");
        Sample.append(f, List.of(s.toCsv("prog", "mine", 4, "label, with a comma")));
        Sample.append(f, List.of(Sample.basic(100, 200, 0, 300).toCsv("prog", "serial", 1, "label, with a comma")));
        List<Sample.Line> lines = Sample.read(f);
        assertEquals(1, Files.readAllLines(f).stream().filter(l -> l.equals(Sample.CSV_HEADER)).count(), "one header");
        assertEquals(new Sample.Line("prog", "mine", 4, s, "label, with a comma"), lines.get(0));
        assertEquals(Sample.basic(100, 200, 0, 300), lines.get(1).sample());
        assertThrows(IllegalArgumentException.class, () -> Sample.parse("prog,mine,4,1,2"));
    }

    /**
     * {@code --forks} pools the children's samples per program by suite and name: the fork/join suite's and
     * the peers' {@code fib} keep their own samples (pooled by name alone, the peers' samples went to the
     * fork/join program, which has no such runtimes, and the run failed).
     */
    @Test
    void forksPoolTheSamplesOfTwoSuitesProgramsOfOneNameApart() throws Exception {
        Program forkJoinFib = new dev.weft.bench.programs.Fib();
        Program peersFib = dev.weft.bench.peers.Peers.programs(() -> Path.of("nowhere"), 1).stream()
                .filter(p -> p.name().equals("fib")).findFirst().orElseThrow();
        assertEquals(forkJoinFib.name(), peersFib.name());
        Engine peerEngine = peersFib.engines().get(peersFib.engines().size() - 1);
        Sample a = Sample.basic(100, 0, 0, 0);
        Sample b = Sample.basic(200, 0, 0, 0);
        List<Sample.Line> lines = List.of(
                new Sample.Line(Forks.key(forkJoinFib), Engine.WEFT.name(), 2, a, "fib(35)"),
                new Sample.Line(Forks.key(peersFib), peerEngine.name(), 2, b, "fib peers"),
                new Sample.Line(Forks.key(forkJoinFib), Engine.WEFT.name(), 2, a, "fib(35)"));
        List<Runner.ProgramResult> r = Forks.pool(List.of(forkJoinFib, peersFib), lines);
        assertEquals(2, r.size());
        assertEquals(Map.of(new Runner.Config(Engine.WEFT, 2), List.of(a, a)), r.get(0).samples());
        assertEquals(Map.of(new Runner.Config(peerEngine, 2), List.of(b)), r.get(1).samples());
        assertEquals("fib peers", r.get(1).label());
    }

    @Test
    void engineNamesAreCommandLineWords() {
        assertThrows(IllegalArgumentException.class, () -> Engine.of("Has Space", "x"));
        assertThrows(IllegalArgumentException.class, () -> Engine.of("", "x"));
        assertEquals("weft-actors", Engine.onWeft("weft-actors", "Weft actors").toString());
    }

    @Test
    void aForkJoinWorkloadRefusesAnotherSuitesEngine() throws Exception {
        Workload w = new dev.weft.bench.programs.Fib().create(true);
        try (Pools pools = new Pools()) {
            assertThrows(IllegalArgumentException.class, () -> w.run(THEIRS, 1, pools));
        }
    }

    @Test
    void aReportWithTwoSuitesShowsEachWithItsOwnEnginesAndThroughput(@TempDir Path dir) throws Exception {
        Messages prog = new Messages();
        Options o = Options.parse(new String[] {"--quick", "--workers", "1,2", "--reps", "5", "--warmup", "0", "--no-gc"});
        List<Tables.ProgramSummary> all = new ArrayList<>(ReportTest.suite(1, 2));
        all.add(Tables.summarize(new Runner(o).run(prog)));
        Path file = Report.write(dir, all, o);
        org.w3c.dom.Document d = ReportTest.parse(file);
        ReportTest.checkSvgs(d);
        List<String> titles = ReportTest.chartTitles(d);
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("Throughput at 2 workers")), titles.toString());
        assertEquals(1, titles.stream().filter(t -> t.startsWith("Sequential overhead")).count(),
                "only the suite with a baseline has an overhead chart: " + titles);
        List<List<String>> overview = ReportTest.rows(ReportTest.byId(d, "overview-table-test-suite"));
        assertEquals("messages", overview.get(0).get(0));
        List<List<String>> tp = ReportTest.rows(ReportTest.byId(d, "throughput-table-test-suite"));
        assertEquals(4, tp.size(), "two engines at two worker counts");
        assertEquals("50.0", tp.get(0).get(5), "p50 in microseconds");
        ReportTest.byId(d, "overview-table"); // the fork/join suite keeps its ids
    }
}
