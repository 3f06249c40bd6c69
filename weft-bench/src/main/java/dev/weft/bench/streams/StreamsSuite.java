package dev.weft.bench.streams;

import dev.weft.WeftPool;
import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.Program;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * The streams suite: pipelines a Java developer writes with {@code java.util.stream}, each as a plain loop
 * (the baseline), a serial stream, a JDK parallel stream and Weft's parallel iterator ({@link dev.weft.Par}),
 * in the same run (and the {@link #HANDOFF} alone), every answer checked against one computed when the
 * workload is made. The JDK parallel stream runs inside {@code pool.submit(() -> stream...).get()} on the runner's
 * {@link java.util.concurrent.ForkJoinPool} of the run's worker count: a parallel stream's tasks fork into
 * the pool of the worker thread that starts them, so the stream gets exactly that many workers, as Weft does,
 * instead of the common pool's (processors - 1 plus the caller).
 */
public final class StreamsSuite {
    /** The suite's name for {@code ./weft bench --suite}. */
    public static final String NAME = "streams";

    /** The plain loop: the baseline every version is measured against. */
    public static final Engine LOOP = new Engine("loop", "plain loop", true, Engine.Counters.NONE);
    /** The serial stream: a second baseline engine, run at one worker, shown over the loop. */
    public static final Engine STREAM = new Engine("stream", "serial stream", true, Engine.Counters.NONE);
    /** The JDK parallel stream, run on the runner's ForkJoinPool of the run's size: the reference. */
    public static final Engine JDK = new Engine("jdk-parallel", "JDK parallel stream on a ForkJoinPool of P",
            false, Engine.Counters.FORK_JOIN);
    /** Weft's parallel iterator on the runner's WeftPool of the run's size: the subject. */
    public static final Engine WEFT = Engine.WEFT;
    /**
     * The plain loop handed to a worker of the runner's WeftPool of P ({@code pool.invoke(() -> loop())}): the
     * cost of the call from outside the pool — submission, waking a worker, waking the caller — with no
     * pipeline, which every pool-run version pays and the loop and the serial stream on the caller's thread
     * do not. Weft's time minus this one is what the parallel iterator itself costs.
     */
    public static final Engine HANDOFF = Engine.of("handoff", "plain loop run by a Weft worker: the handoff alone");
    /**
     * {@code Arrays.parallelSort} in a JVM of its own per worker count (the sort program only): see
     * {@link SortLongs} for why it cannot run in the runner's JVM.
     */
    public static final Engine PARALLEL_SORT = Engine.of("parallelsort", "Arrays.parallelSort, own JVM per P");
    /**
     * {@link dev.weft.Par#sort} in the same JVMs as {@link #PARALLEL_SORT}, interleaved with it (the sort
     * program only): the comparison with it made under the same conditions, not across JVMs and hours.
     */
    public static final Engine WEFT_OWN_JVM = Engine.of("weft-own-jvm", "Par.sort, in parallelsort's JVMs");

    static final List<Engine> ENGINES = List.of(LOOP, STREAM, JDK, WEFT, HANDOFF);

    private StreamsSuite() {
    }

    /** A program of the suite: Weft compared with the JDK parallel stream, both over the plain loop. */
    abstract static class SuiteProgram implements Program {
        @Override
        public final String suite() {
            return NAME;
        }

        @Override
        public List<Engine> engines() {
            return ENGINES;
        }

        @Override
        public Engine subject() {
            return WEFT;
        }

        @Override
        public Engine reference() {
            return JDK;
        }
    }

    /**
     * A workload of the suite. Each version returns the pipeline's natural result (a sum, a list, a map);
     * {@link #answer} reduces any of them to text, the form in which programs in another process (the Rust
     * peers, {@link ParallelSortChild}) report theirs, and {@link #check} compares that text with the answer
     * computed, independently of every engine, when the workload was made.
     */
    abstract static class SuiteWorkload implements Workload {
        /** The plain loop. */
        abstract Object loop();

        /** The serial stream. */
        abstract Object stream();

        /** The parallel stream; {@link #run} calls it on a worker of the ForkJoinPool it must use. */
        abstract Object parallelStream();

        /** Weft's parallel iterator on {@code pool}. */
        abstract Object weft(WeftPool pool);

        /** A result of any version as text (a result already in text form is returned as it is). */
        abstract String answer(Object result);

        /** The right answer, computed when the workload was made, by code no engine runs. */
        abstract String expected();

        @Override
        public Object run(Engine engine, int workers, Pools pools) throws Exception {
            // The peers suite runs a pipeline's plain loop as Java's serial elision.
            if (engine.equals(LOOP) || engine.equals(Engine.SERIAL)) {
                return loop();
            }
            if (engine.equals(STREAM)) {
                return stream();
            }
            if (engine.equals(JDK)) {
                // Started on a worker of this pool, the stream's tasks fork into this pool (not the common one).
                try {
                    return pools.forkJoin(workers).submit(this::parallelStream).get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception x ? x : e;
                }
            }
            if (engine.equals(WEFT)) {
                return weft(pools.weft(workers));
            }
            if (engine.equals(HANDOFF)) {
                return pools.weft(workers).invoke(this::loop);
            }
            throw new IllegalArgumentException(label() + " does not run on " + engine);
        }

        @Override
        public void check(Object result, Object baselineResult) {
            String got = answer(result);
            Checks.equal(expected(), got);
            Checks.equal(answer(baselineResult), got);
        }
    }
}
