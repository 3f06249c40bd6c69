package dev.weft.bench.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.Program;
import dev.weft.bench.TimedRun;
import dev.weft.bench.Workload;
import dev.weft.bench.WorkloadCheck;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every program of the streams suite on every one of its engines at 1, 2 and 4 workers (the bench runner's
 * sequence), at small sizes, each result checked; {@code Arrays.parallelSort} in its own JVMs; and each
 * program's check rejects a wrong answer.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang fails, never blocks the build
class StreamsSuiteTest {
    @Test
    void sum() throws Exception {
        try (Workload w = new SumOfSquares.Work(50_001)) {
            Object expected = WorkloadCheck.checkAllVersions(w, StreamsSuite.ENGINES);
            long s = 0;
            for (long v : SumOfSquares.values(50_001)) {
                s += v * v;
            }
            assertEquals(s, expected);
        }
    }

    @Test
    void mapfilter() throws Exception {
        try (MapFilterCollect.Work w = new MapFilterCollect.Work(30_001)) {
            List<?> expected = (List<?>) WorkloadCheck.checkAllVersions(w, StreamsSuite.ENGINES);
            // About a third of the items are kept, in order.
            assertTrue(expected.size() > 9_000 && expected.size() < 11_000, "kept " + expected.size());
            assertTrue(((MapFilterCollect.Scored) expected.get(0)).id() < ((MapFilterCollect.Scored) expected.get(1)).id());
        }
    }

    @Test
    void wordfreq() throws Exception {
        try (WordFrequency.Work w = new WordFrequency.Work(40_001)) {
            Map<?, ?> expected = (Map<?, ?>) WorkloadCheck.checkAllVersions(w, StreamsSuite.ENGINES);
            assertEquals(40_001L, expected.values().stream().mapToLong(v -> (Long) v).sum());
            // Skewed: the lesser of two draws is below 1000 in 36% of the words, at least 4000 in 4%.
            long low = 0;
            long high = 0;
            for (var e : expected.entrySet()) {
                int rank = Integer.parseInt(((String) e.getKey()).substring(1));
                low += rank < 1000 ? (Long) e.getValue() : 0;
                high += rank >= 4000 ? (Long) e.getValue() : 0;
            }
            assertTrue(low > 5 * high && high > 0, low + " words of rank < 1000, " + high + " of rank >= 4000");
        }
    }

    @Test
    void flatmap() throws Exception {
        try (Workload w = new FlatMapOrders.Work(3_001)) {
            WorkloadCheck.checkAllVersions(w, StreamsSuite.ENGINES);
        }
    }

    @Test
    void anymatch() throws Exception {
        try (Workload w = new AnyMatchEarly.Work(100_000)) {
            assertEquals(true, WorkloadCheck.checkAllVersions(w, StreamsSuite.ENGINES));
        }
    }

    @Test
    void sortInProcessAndParallelSortInItsOwnJvms() throws Exception {
        try (SortLongs.Work w = new SortLongs.Work(300_001)) {
            long[] sorted = (long[]) WorkloadCheck.checkAllVersions(w, List.of(StreamsSuite.LOOP, StreamsSuite.WEFT));
            for (int i = 1; i < sorted.length; i++) {
                assertTrue(sorted[i - 1] <= sorted[i], "not sorted at " + i);
            }
            assertThrows(IllegalArgumentException.class, () -> w.run(StreamsSuite.PARALLEL_SORT, 1, new Pools()));
            assertThrows(IllegalArgumentException.class, () -> w.run(StreamsSuite.WEFT_OWN_JVM, 1, new Pools()));
            assertTrue(w.timesItself(StreamsSuite.PARALLEL_SORT) && w.timesItself(StreamsSuite.WEFT_OWN_JVM)
                    && !w.timesItself(StreamsSuite.WEFT));
            // The child JVMs, as the runner calls them: one measured run per version and worker count, each checked.
            List<Engine> own = List.of(StreamsSuite.PARALLEL_SORT, StreamsSuite.WEFT_OWN_JVM);
            List<TimedRun> runs = w.timeItself(own, List.of(1, 2), 0, 1);
            assertEquals(List.of("parallelsort x1", "weft-own-jvm x1", "parallelsort x2", "weft-own-jvm x2"),
                    runs.stream().map(r -> r.engine().name() + " x" + r.workers()).sorted(
                            java.util.Comparator.comparing((String s) -> s.substring(s.indexOf('x')))).toList());
            for (TimedRun r : runs) {
                assertTrue(r.nanos() > 0);
                w.check(r.result(), sorted);
            }
            assertEquals(List.of(), w.timeItself(List.of(), List.of(1), 0, 1), "nothing asked, no JVM started");
            assertTrue(w.command(own, 3, 0, 1).contains("-Djava.util.concurrent.ForkJoinPool.common.parallelism=3"));
        }
    }

    /**
     * Every program of the suite (the registry's list, so a new program must come with its case): its check
     * accepts a Weft run's result and rejects a corrupted copy, against the run and on its own.
     */
    @Test
    void checksRejectWrongAnswers() throws Exception {
        List<String> covered = new ArrayList<>();
        try (Pools pools = new Pools()) {
            try (SumOfSquares.Work w = new SumOfSquares.Work(10_000)) {
                long good = (Long) w.run(StreamsSuite.WEFT, 2, pools);
                WorkloadCheck.rejects(w, good, good + 1);
                covered.add("sum");
            }
            try (MapFilterCollect.Work w = new MapFilterCollect.Work(10_000)) {
                List<?> good = (List<?>) w.run(StreamsSuite.WEFT, 2, pools);
                List<Object> dropped = new ArrayList<>(good);
                dropped.remove(dropped.size() / 2);
                WorkloadCheck.rejects(w, good, dropped);
                List<Object> swapped = new ArrayList<>(good);
                swapped.set(0, good.get(1));
                swapped.set(1, good.get(0));
                WorkloadCheck.rejects(w, good, swapped);
                WorkloadCheck.rejects(w, good, "1/2"); // an answer in text form, as a peer's
                covered.add("mapfilter");
            }
            try (WordFrequency.Work w = new WordFrequency.Work(10_000)) {
                @SuppressWarnings("unchecked")
                Map<String, Long> good = (Map<String, Long>) w.run(StreamsSuite.WEFT, 2, pools);
                Map<String, Long> moved = new HashMap<>(good);
                moved.merge("w0", 1L, Long::sum);
                moved.merge("w1", -1L, Long::sum); // the total is still right: only the words tell
                WorkloadCheck.rejects(w, good, moved);
                covered.add("wordfreq");
            }
            try (FlatMapOrders.Work w = new FlatMapOrders.Work(1_000)) {
                long good = (Long) w.run(StreamsSuite.WEFT, 2, pools);
                WorkloadCheck.rejects(w, good, good - 17);
                covered.add("flatmap");
            }
            try (AnyMatchEarly.Work w = new AnyMatchEarly.Work(10_000)) {
                Object good = w.run(StreamsSuite.WEFT, 2, pools);
                WorkloadCheck.rejects(w, good, false);
                covered.add("anymatch");
            }
            try (SortLongs.Work w = new SortLongs.Work(10_000)) {
                w.reset();
                long[] good = (long[]) w.run(StreamsSuite.WEFT, 2, pools);
                long[] swapped = good.clone();
                swapped[10] = good[11];
                swapped[11] = good[10];
                WorkloadCheck.rejects(w, good, swapped);
                WorkloadCheck.rejects(w, good, SortLongs.Work.answer(good).replace('1', '2'));
                covered.add("sort");
            }
        }
        assertEquals(WorkloadCheck.programNames(StreamsSuite.NAME), covered, "a program of the suite has no wrong-answer case");
    }

    @Test
    void theSuiteDeclaresItsEnginesAndReferences() {
        List<Program> pipelines = List.of(new SumOfSquares(), new MapFilterCollect(), new WordFrequency(),
                new FlatMapOrders(), new AnyMatchEarly());
        for (Program p : pipelines) {
            assertEquals("streams", p.suite());
            assertEquals(List.of("loop", "stream", "jdk-parallel", "weft", "handoff"), p.engines().stream().map(Engine::name).toList());
            assertEquals(StreamsSuite.LOOP, p.baseline());
            assertEquals(StreamsSuite.LOOP, p.baselineOf(StreamsSuite.STREAM), "the serial stream is shown over the loop");
            assertEquals(Engine.WEFT, p.subject());
            assertEquals(StreamsSuite.JDK, p.reference());
        }
        Program sort = new SortLongs();
        assertEquals(List.of("loop", "weft", "parallelsort", "weft-own-jvm"), sort.engines().stream().map(Engine::name).toList());
        assertEquals(StreamsSuite.PARALLEL_SORT, sort.reference());
        assertEquals(StreamsSuite.WEFT_OWN_JVM, sort.subject(), "compared with parallelSort in the same JVMs");
        assertTrue(StreamsSuite.STREAM.baseline(), "the serial stream runs once, at one worker");
        assertFalse(StreamsSuite.JDK.baseline());
        assertEquals(Engine.Counters.FORK_JOIN, StreamsSuite.JDK.counters());
        assertEquals(List.of("sum", "mapfilter", "wordfreq", "flatmap", "anymatch", "sort"),
                WorkloadCheck.programNames(StreamsSuite.NAME));
    }
}
