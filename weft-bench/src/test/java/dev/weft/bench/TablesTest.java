package dev.weft.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The console tables keep their columns in line whatever the length of a program's label or a runtime's
 * name: every line of a table has its column separators at the same places, and no name is cut.
 */
class TablesTest {
    /** Labels as long as the suites' longest (jacobi-barrier and integrate-lea broke fixed-width columns). */
    static List<Tables.ProgramSummary> longNames(int... workers) {
        return List.of(
                ReportTest.summary("fib", "fib(35)", 10, 13, 200, 40, workers),
                ReportTest.summary("jacobi-barrier", "jacobi-barrier(512x512,100)", 20, 22, 140, 7, workers),
                ReportTest.summary("integrate-lea", "integrate-lea(<0 & 10000>, eps 1e-9, depth 40)", 50, 51, 60, 0,
                        workers));
    }

    private static String printed(java.util.function.Consumer<PrintStream> print) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8)) {
            print.accept(out);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    /** The positions of '|' in a line. */
    private static List<Integer> bars(String line) {
        List<Integer> at = new ArrayList<>();
        for (int i = line.indexOf('|'); i >= 0; i = line.indexOf('|', i + 1)) {
            at.add(i);
        }
        return at;
    }

    /** The lines of {@code text} that hold a '|' (a table's header and rows), checked to have them in line. */
    private static List<String> checkTable(String text, int expectedLines) {
        List<String> table = text.lines().filter(l -> l.contains("|")).toList();
        assertEquals(expectedLines, table.size(), text);
        List<Integer> first = bars(table.get(0));
        assertTrue(!first.isEmpty(), text);
        for (String line : table) {
            assertEquals(first, bars(line), "a column out of line:\n" + text);
        }
        return table;
    }

    @Test
    void theOverviewKeepsItsColumnsInLineForLongLabels() {
        int[] workers = {1, 2, 16};
        String text = printed(out -> Tables.printOverview(out, longNames(workers), List.of(1, 2, 16)));
        List<String> table = checkTable(text, 4);
        for (String label : List.of("fib(35)", "jacobi-barrier(512x512,100)", "integrate-lea(<0 & 10000>, eps 1e-9, depth 40)")) {
            assertTrue(table.stream().anyMatch(l -> l.startsWith("  " + label + " ")), "label cut or moved:\n" + text);
        }
        // Right-aligned numbers: each row ends where the header does.
        int end = table.get(0).length();
        for (String line : table) {
            assertEquals(end, line.length(), "a row longer or shorter than its header:\n" + text);
        }
    }

    @Test
    void aProgramsTableKeepsItsColumnsInLineForLongRuntimeNames() {
        // A runtime named longer than the 12 characters the time column once had.
        Engine longName = Engine.onWeft("weft-pinned-workers", "Weft, pinned");
        java.util.Map<Runner.Config, List<Sample>> m = new java.util.LinkedHashMap<>();
        m.put(new Runner.Config(Engine.SERIAL, 1), ReportTest.samples(10, 0, 0));
        for (int p : new int[] {1, 2, 16}) {
            m.put(new Runner.Config(Engine.FJP, p), ReportTest.samples(12.0 / p, p * 3L, 0));
            m.put(new Runner.Config(longName, p), ReportTest.samples(11.0 / p, p * 1000L, 1_000_000));
        }
        Program prog = new Program() {
            @Override
            public String name() {
                return "jacobi-barrier";
            }

            @Override
            public String description() {
                return "made-up jacobi";
            }

            @Override
            public List<Engine> engines() {
                return List.of(Engine.SERIAL, Engine.FJP, longName);
            }

            @Override
            public Engine subject() {
                return longName;
            }

            @Override
            public Workload create(boolean quick) {
                throw new UnsupportedOperationException("a test program has no workload");
            }
        };
        Tables.ProgramSummary ps = Tables.summarize(new Runner.ProgramResult(prog, "jacobi-barrier(512x512,100)", m, 1_000_000));
        String text = printed(out -> Tables.print(out, ps, List.of(1, 2, 16)));
        List<String> table = checkTable(text, 4);
        assertTrue(table.get(0).contains("weft-pinned-workers ms") && table.get(0).contains("weft-pinned-workers/fjp")
                && table.get(0).contains("steals"), text);
        int end = table.get(0).length();
        for (String line : table) {
            assertEquals(end, line.length(), "a row longer or shorter than its header:\n" + text);
        }
    }

    @Test
    void alignPadsEachColumnToItsWidestCell() {
        List<String> lines = Tables.align(List.of(List.of("a", "|", "1"), List.of("long name", "|", "12345")), 1);
        assertEquals(List.of("  a         |     1", "  long name | 12345"), lines);
    }
}
