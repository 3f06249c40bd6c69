package dev.weft.bench.streams;

import dev.weft.Par;
import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.TimedRun;
import dev.weft.bench.Workload;
import dev.weft.bench.peers.PeerOutput;
import dev.weft.bench.programs.Checks;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Sorting a {@code long[]} of random values: {@code Arrays.sort} (the plain loop's place), {@link Par#sort}
 * and {@code Arrays.parallelSort}.
 *
 * <p>{@code Arrays.parallelSort} decides how far to split from {@code ForkJoinPool.getCommonPoolParallelism()},
 * which is fixed for the life of a JVM (processors - 1: 1 on a 2-core machine, where it then sorts serially).
 * Run inside the runner's pool of P workers it would fork there but split as for the common pool's
 * parallelism, not P. So it runs in a fresh JVM per worker count ({@link ParallelSortChild}), started with
 * {@code -Djava.util.concurrent.ForkJoinPool.common.parallelism=P}, where it sorts on a worker of a
 * {@code ForkJoinPool(P)}: it splits for P and runs on exactly P threads (not P plus the caller). Those runs
 * time themselves (warm-up and repetitions as the runner's) after the runner's own, so they are not
 * interleaved with the other versions, and their JVM has compiled nothing but the sort. So that Weft is
 * compared with it under the same conditions, the same JVMs also run {@code Par.sort} on a {@code WeftPool(P)},
 * interleaved with {@code parallelSort} ({@code weft-own-jvm}, the subject); the in-JVM {@code weft} version
 * stays beside the plain loop.
 */
public final class SortLongs extends StreamsSuite.SuiteProgram {
    @Override
    public String name() {
        return "sort";
    }

    @Override
    public String description() {
        return "sort a long[] of random values: Arrays.sort, Par.sort, Arrays.parallelSort (own JVM per P)";
    }

    @Override
    public List<Engine> engines() {
        return List.of(StreamsSuite.LOOP, StreamsSuite.WEFT, StreamsSuite.PARALLEL_SORT, StreamsSuite.WEFT_OWN_JVM);
    }

    @Override
    public Engine subject() {
        return StreamsSuite.WEFT_OWN_JVM;
    }

    @Override
    public Engine reference() {
        return StreamsSuite.PARALLEL_SORT;
    }

    @Override
    public Workload create(boolean quick) {
        return new Work(quick ? 2_000_000 : 10_000_000);
    }

    static long[] values(int n) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = Inputs.at(Inputs.SEED + 7, i);
        }
        return a;
    }

    static final class Work implements Workload {
        final long[] input;
        private final String expected;
        private long[] a;

        Work(int n) {
            input = values(n);
            long[] sorted = input.clone();
            Arrays.sort(sorted);
            expected = Inputs.ofArray(sorted);
        }

        @Override
        public String label() {
            return "sort(" + Checks.count(input.length) + ")";
        }

        @Override
        public void reset() {
            a = input.clone(); // fresh, so that earlier results stay intact
        }

        @Override
        public Object run(Engine engine, int workers, Pools pools) {
            long[] x = a;
            if (engine.equals(StreamsSuite.LOOP)) {
                Arrays.sort(x);
                return x;
            }
            if (engine.equals(StreamsSuite.WEFT)) {
                pools.weft(workers).run(() -> Par.sort(x));
                return x;
            }
            if (timesItself(engine)) {
                throw new IllegalArgumentException(engine + " runs in a JVM of its own: it times itself");
            }
            throw new IllegalArgumentException(label() + " does not run on " + engine);
        }

        @Override
        public void check(Object result, Object baselineResult) {
            String got = answer(result);
            Checks.equal(expected, got);
            Checks.equal(answer(baselineResult), got);
        }

        /** A sorted array as "length/hash" ({@link Inputs#ofArray}); a child JVM's answer is already that. */
        static String answer(Object result) {
            return result instanceof String s ? s : Inputs.ofArray((long[]) result);
        }

        @Override
        public boolean timesItself(Engine engine) {
            return engine.equals(StreamsSuite.PARALLEL_SORT) || engine.equals(StreamsSuite.WEFT_OWN_JVM);
        }

        @Override
        public List<TimedRun> timeItself(List<Engine> engines, List<Integer> workers, int warmup, int reps)
                throws IOException, InterruptedException {
            List<TimedRun> out = new ArrayList<>();
            List<Engine> mine = engines.stream().filter(this::timesItself).toList();
            if (mine.isEmpty()) {
                return out;
            }
            for (int p : workers) {
                List<String> lines = runChild(command(mine, p, warmup, reps));
                for (PeerOutput.Run r : PeerOutput.parse(lines, "sort", "ParallelSortChild x" + p).runs()) {
                    Engine e = mine.stream().filter(x -> x.name().equals(r.runtime())).findFirst().orElse(null);
                    if (e == null || r.workers() != p) {
                        throw new IOException("ParallelSortChild x" + p + " reported a run of " + r.runtime() + " x" + r.workers());
                    }
                    out.add(new TimedRun(e, p, r.nanos(), r.answer()));
                }
            }
            return out;
        }

        /**
         * The child JVM's command for {@code engines}: this JVM's java, heap and {@code -XX} options and class
         * path, the common pool's parallelism set to {@code workers}.
         */
        List<String> command(List<Engine> engines, int workers, int warmup, int reps) {
            List<String> cmd = new ArrayList<>();
            cmd.add(ProcessHandle.current().info().command().orElse("java"));
            for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (arg.startsWith("-Xm") || arg.startsWith("-Xss") || arg.startsWith("--sun-misc-unsafe")
                        || (arg.startsWith("-XX:") && !arg.contains("FlightRecord"))) {
                    cmd.add(arg);
                }
            }
            cmd.add("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + workers);
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add(ParallelSortChild.class.getName());
            cmd.addAll(List.of(Integer.toString(input.length), Integer.toString(workers), Integer.toString(warmup),
                    Integer.toString(reps), String.join(",", engines.stream().map(Engine::name).toList())));
            return cmd;
        }

        private static List<String> runChild(List<String> command) throws IOException, InterruptedException {
            // Its errors go to ours (a wrong answer, an exception); its output is read here.
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            List<String> lines = new ArrayList<>();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    lines.add(line);
                }
            }
            int rc = p.waitFor();
            if (rc != 0) {
                throw new IOException("ParallelSortChild exited with status " + rc);
            }
            return lines;
        }
    }
}
