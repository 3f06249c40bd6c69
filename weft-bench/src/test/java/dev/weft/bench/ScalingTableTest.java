package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.PoolStats;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scaling run's compact summary, read back from the CSV the runner writes. */
class ScalingTableTest {
    private static final PoolStats STATS = new PoolStats("p", 2, 1, List.of(),
            new PoolStats.WorkerStats(-1, false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0, 0, 0, 0, 0);

    private static Tables.ProgramSummary program(Program p, Map<Runner.Config, List<Sample>> m,
                                                 Map<Integer, RampProbe.Ramp> ramps) {
        return Tables.summarize(new Runner.ProgramResult(p, p.name(), m, 1000, ramps));
    }

    /** The summary's lines with runs of blanks folded, so that assertions do not depend on column widths. */
    private static List<String> render(Path dir, List<Tables.ProgramSummary> all) throws Exception {
        Path csv = dir.resolve("run.csv");
        Tables.writeCsv(csv, all);
        return ScalingTable.render(ScalingTable.read(csv)).stream().map(l -> l.trim().replaceAll("\\s+", " ")).toList();
    }

    private static Program named(String suite, String name) {
        return Programs.select(List.of(name), List.of(suite)).get(0);
    }

    @Test
    void forkJoinSuiteShowsSpeedupsTheRatioToForkJoinPoolIdleAndRamp(@TempDir Path dir) throws Exception {
        Map<Runner.Config, List<Sample>> fib = new LinkedHashMap<>();
        fib.put(new Runner.Config(Engine.SERIAL, 1), ReportTest.samples(100, 0, 0));
        fib.put(new Runner.Config(Engine.FJP, 1), ReportTest.samples(200, 0, 0));
        fib.put(new Runner.Config(Engine.WEFT, 1), ReportTest.samples(110, 0, 1000));
        fib.put(new Runner.Config(Engine.FJP, 2), ReportTest.samples(110, 30, 0));
        fib.put(new Runner.Config(Engine.WEFT, 2), ReportTest.samples(55, 10, 1000));
        Map<Runner.Config, List<Sample>> nq = new LinkedHashMap<>(fib);
        List<String> lines = render(dir, List.of(
                program(named("forkjoin", "fib"), fib, Map.of(2, new RampProbe.Ramp(2, 2, 37_000, STATS))),
                program(named("forkjoin", "nqueens"), nq, Map.of(2, new RampProbe.Ramp(2, 1, -1, STATS)))));
        String all = String.join("\n", lines);
        assertTrue(lines.contains("weft: speedup over serial | weft / fjp (time; < 1: weft faster)"), all);
        // serial 100 ms; Weft 110 and 55 ms; ForkJoinPool 200 and 110 ms.
        assertTrue(lines.contains("fib 0.91 1.82 | fib 0.55 0.50"), all);
        assertFalse(all.contains("fjp: speedup"), "the reference's speedup is the subject's over the ratio:\n" + all);
        assertTrue(lines.contains("weft: idle % | weft: all busy after (us; n/P: n took work)"), all);
        // ReportTest's samples idle for a twentieth of the wall time: 5 % at one worker, 2.5 % at two. The
        // ramp: in microseconds, none at one worker; n/P where only n workers took work.
        assertTrue(lines.contains("fib 5.0 2.5 | fib - 37"), all);
        assertTrue(lines.contains("nqueens 5.0 2.5 | nqueens - 1/2"), all);
        assertFalse(all.contains("time at 1 / time at P"), "a suite with a baseline shows speedups instead:\n" + all);
    }

    @Test
    void aSuiteWithoutBaselineShowsTheSubjectsOwnScalingAndItsRatioToTheReference(@TempDir Path dir) throws Exception {
        Program actors = Programs.select(List.of(), List.of("actors")).get(0);
        Map<Runner.Config, List<Sample>> m = new LinkedHashMap<>();
        m.put(new Runner.Config(actors.subject(), 1), ReportTest.samples(80, 0, 0));
        m.put(new Runner.Config(actors.reference(), 1), ReportTest.samples(100, 0, 0));
        m.put(new Runner.Config(actors.subject(), 2), ReportTest.samples(50, 0, 0));
        m.put(new Runner.Config(actors.reference(), 2), ReportTest.samples(40, 0, 0));
        List<String> lines = render(dir, List.of(program(actors, m, Map.of())));
        String all = String.join("\n", lines);
        String s = actors.subject().name();
        assertTrue(lines.contains(s + " / " + actors.reference().name() + " (time; < 1: " + s + " faster) | "
                + s + ": time at 1 / time at P"), all);
        assertTrue(lines.contains(actors.name() + " 0.80 1.25 | " + actors.name() + " 1.00 1.60"), all);
        assertFalse(all.contains("speedup over"), all);
        assertFalse(all.contains("all busy after"), "no ramp measured:\n" + all);
    }

    @Test
    void peersAreShownOverTheirOwnLanguagesSerialProgram(@TempDir Path dir) throws Exception {
        Program fib = named("peers", "fib");
        Engine rustSerial = fib.engines().stream().filter(e -> e.name().equals("rust-serial")).findFirst().orElseThrow();
        Engine rayon = fib.reference();
        Engine chili = fib.engines().stream().filter(e -> e.name().equals("chili")).findFirst().orElseThrow();
        Map<Runner.Config, List<Sample>> m = new LinkedHashMap<>();
        m.put(new Runner.Config(Engine.SERIAL, 1), ReportTest.samples(100, 0, 0));
        m.put(new Runner.Config(rustSerial, 1), ReportTest.samples(40, 0, 0));
        m.put(new Runner.Config(Engine.WEFT, 1), ReportTest.samples(100, 0, 1000));
        m.put(new Runner.Config(rayon, 1), ReportTest.samples(80, 0, 0));
        m.put(new Runner.Config(Engine.WEFT, 2), ReportTest.samples(50, 0, 1000));
        m.put(new Runner.Config(rayon, 2), ReportTest.samples(40, 0, 0));
        m.put(new Runner.Config(chili, 1), ReportTest.samples(60, 0, 0));
        m.put(new Runner.Config(chili, 2), ReportTest.samples(30, 0, 0));
        List<String> lines = render(dir, List.of(program(fib, m, Map.of())));
        String all = String.join("\n", lines);
        assertTrue(lines.contains("weft: speedup over serial | rayon: speedup over rust-serial"), all);
        assertTrue(lines.contains("fib 1.00 2.00 | fib 0.50 1.00"), all);
        assertTrue(lines.contains("chili: speedup over rust-serial | weft / rayon (time; < 1: weft faster)"), all);
        assertTrue(lines.contains("fib 0.67 1.33 | fib 1.25 1.25"), all);
        assertFalse(all.contains("rust-serial: speedup"), "a serial program is a baseline, not a runtime:\n" + all);
        assertEquals(1, lines.stream().filter(l -> l.startsWith("peers")).count(), all);
    }
}
