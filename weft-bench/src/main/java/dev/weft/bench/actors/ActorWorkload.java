package dev.weft.bench.actors;

import dev.weft.actors.ActorContext;
import dev.weft.actors.ActorSystem;
import dev.weft.actors.Behavior;
import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.Workload;
import dev.weft.bench.programs.Checks;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A sized instance of an actors-suite program. It builds its actors once per engine and worker count
 * (untimed the first time they are needed, then reused: creating 20,000 Pekko actors inside every timed run
 * would measure actor creation), and each timed run sends one round of messages through them.
 *
 * @param <T> the program's set of actors
 */
abstract class ActorWorkload<T> implements Workload {
    private final ActorEngines engines = new ActorEngines();
    private final Map<String, T> topologies = new HashMap<>();
    private final String label;
    private long[] lastLatency;

    ActorWorkload(String label) {
        this.label = label;
    }

    /** Creates an actor of the engine being built. */
    interface Spawner {
        Ref spawn(String name, Logic logic);
    }

    /** Creates the program's actors. */
    abstract T build(Spawner spawner);

    /** Sends one round through {@code actors} and waits for it; the timed part. */
    abstract Round.Tally runRound(T actors) throws Exception;

    /** The messages and payload sum a correct round handles (computed, not measured). */
    abstract Round.Tally expected();

    @Override
    public final String label() {
        return label;
    }

    @Override
    public final Object run(Engine engine, int workers, Pools pools) throws Exception {
        T actors = topologies.get(engine.name() + "@" + workers);
        if (actors == null) {
            actors = build(spawner(engine, workers, pools));
            topologies.put(engine.name() + "@" + workers, actors);
        }
        lastLatency = null;
        return runRound(actors);
    }

    private Spawner spawner(Engine engine, int workers, Pools pools) {
        if (engine.equals(ActorEngines.PEKKO)) {
            PekkoRuntime pekko = engines.pekko(workers);
            return (name, logic) -> new Ref.Pekko(pekko.actorOf(logic));
        }
        ActorSystem system = engines.weft(engine, workers, pools);
        return (name, logic) -> new Ref.Weft(system.spawn(name, () -> new LogicBehavior(logic)));
    }

    /** A Weft actor whose behaviour is a {@link Logic} (the same object the Pekko version runs). */
    static final class LogicBehavior implements Behavior<Object> {
        private final Logic logic;

        LogicBehavior(Logic logic) {
            this.logic = logic;
        }

        @Override
        public Behavior<Object> receive(ActorContext<Object> ctx, Object m) {
            Logic l = logic;
            if (l.children == null) {
                l.children = (name, child) -> new Ref.Weft(ctx.spawn(name, () -> new LogicBehavior(child)));
                l.me = new Ref.Weft(ctx.self());
            }
            l.receive(m);
            return l.stopRequested ? Behavior.stopped() : this;
        }
    }

    /** Keeps a round's latency histogram for {@link #latencyNanos()}. */
    final void latencies(Histogram h) {
        long[] out = new long[(int) h.getTotalCount()];
        int i = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            long value = h.highestEquivalentValue(v.getValueIteratedTo());
            for (long k = 0; k < v.getCountAtValueIteratedTo() && i < out.length; k++) {
                out[i++] = value;
            }
        }
        lastLatency = out;
    }

    @Override
    public final long[] latencyNanos() {
        return lastLatency;
    }

    @Override
    public final long operations() {
        return expected().messages();
    }

    /** Checks the actors' own counts against the computed ones: every message handled exactly once. */
    @Override
    public final void check(Object result, Object baselineResult) {
        Checks.equal(expected(), result);
    }

    @Override
    public final void close() {
        engines.close();
        topologies.clear();
    }
}
