package dev.weft.micrometer;

import dev.weft.PoolStats;
import dev.weft.WeftPool;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * Binds a {@link WeftPool}'s statistics to a Micrometer {@link MeterRegistry}.
 *
 * <pre>{@code
 * WeftPool pool = new WeftPool();
 * new WeftPoolMetrics(pool, "compute", Tags.empty()).bindTo(registry);   // or a Spring @Bean MeterBinder
 * }</pre>
 *
 * <p>Meters shared with other executors use Micrometer's own {@code executor.*} names (those its
 * {@code ExecutorServiceMetrics} gives a {@code ForkJoinPool}), so existing dashboards show Weft pools
 * beside other executors; what only Weft measures is under {@code weft.*}. Every meter is tagged
 * {@code name=<the name given here>} plus the tags given.
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>name</th><th>type</th><th>unit</th><th>what</th></tr>
 *   <tr><td>executor.steals</td><td>counter</td><td>tasks</td><td>tasks stolen by another worker than the one that created them</td></tr>
 *   <tr><td>executor.completed</td><td>counter</td><td>tasks</td><td>tasks run (forks, asyncs, loop halves, submissions)</td></tr>
 *   <tr><td>executor.queued</td><td>gauge</td><td>tasks</td><td>submissions waiting in the pool's inbox</td></tr>
 *   <tr><td>executor.active</td><td>gauge</td><td>threads</td><td>workers running a task now</td></tr>
 *   <tr><td>executor.pool.size</td><td>gauge</td><td>threads</td><td>worker threads alive, temporary ones included</td></tr>
 *   <tr><td>executor.parallelism</td><td>gauge</td><td>threads</td><td>core workers (the pool's parallelism)</td></tr>
 *   <tr><td>weft.tasks.forked</td><td>counter</td><td>tasks</td><td>tasks created by the workers</td></tr>
 *   <tr><td>weft.steal.attempts</td><td>counter</td><td>attempts</td><td>steal attempts on a victim that looked non-empty</td></tr>
 *   <tr><td>weft.steals.failed</td><td>counter</td><td>attempts</td><td>steal attempts that lost the race</td></tr>
 *   <tr><td>weft.steal.ratio</td><td>gauge</td><td>—</td><td>steals per task since the pool's stats were last reset</td></tr>
 *   <tr><td>weft.published</td><td>counter</td><td>tasks</td><td>pending forks published for hungry workers</td></tr>
 *   <tr><td>weft.idle</td><td>counter</td><td>seconds</td><td>worker time spent without work</td></tr>
 *   <tr><td>weft.serving</td><td>counter</td><td>seconds</td><td>victims' time spent publishing work for thieves</td></tr>
 *   <tr><td>weft.blocked</td><td>counter</td><td>seconds</td><td>worker time spent inside {@code Weft.blocking}</td></tr>
 *   <tr><td>weft.workers.blocked</td><td>gauge</td><td>threads</td><td>workers inside {@code Weft.blocking} now</td></tr>
 *   <tr><td>weft.stalls</td><td>counter</td><td>stalls</td><td>workers found waiting outside Weft while holding forks</td></tr>
 * </table>
 *
 * <p>The counters read the pool's statistics, which {@link WeftPool#resetStats()} sets back to zero;
 * a registry then sees a counter reset, as after a restart. Each read takes a {@link WeftPool#stats()}
 * snapshot: cheap (a pass over the workers' counters), racy on a busy pool, never torn.
 */
public final class WeftPoolMetrics implements MeterBinder {
    private final WeftPool pool;
    private final Tags tags;

    /**
     * Meters for {@code pool}, tagged {@code name=poolName} and {@code tags}.
     *
     * @param pool     the pool to observe
     * @param poolName the value of the {@code name} tag
     * @param tags     further tags for every meter
     */
    public WeftPoolMetrics(WeftPool pool, String poolName, Iterable<Tag> tags) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.tags = Tags.concat(tags == null ? Tags.empty() : tags, "name", Objects.requireNonNull(poolName, "poolName"));
    }

    /**
     * Meters for {@code pool}, tagged with the pool's own name.
     *
     * @param pool the pool to observe
     */
    public WeftPoolMetrics(WeftPool pool) {
        this(pool, poolNameOf(pool), Tags.empty());
    }

    private static String poolNameOf(WeftPool pool) {
        return Objects.requireNonNull(pool, "pool").stats().pool();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        counter(registry, "executor.steals", BaseUnits.TASKS,
                "Tasks stolen by another worker than the one that created them", s -> s.total().steals());
        counter(registry, "executor.completed", BaseUnits.TASKS,
                "Tasks run: forks, asyncs, loop halves and submissions", s -> s.total().tasksRun());
        Gauge.builder("executor.queued", pool, p -> p.stats().queuedSubmissions()).tags(tags)
                .description("Submissions waiting in the pool's inbox").baseUnit(BaseUnits.TASKS).register(registry);
        Gauge.builder("executor.active", pool, WeftPool::activeWorkers).tags(tags)
                .description("Workers running a task now").baseUnit(BaseUnits.THREADS).register(registry);
        Gauge.builder("executor.pool.size", pool, WeftPool::poolSize).tags(tags)
                .description("Worker threads alive, temporary workers included").baseUnit(BaseUnits.THREADS)
                .register(registry);
        Gauge.builder("executor.parallelism", pool, WeftPool::parallelism).tags(tags)
                .description("Core workers").baseUnit(BaseUnits.THREADS).register(registry);

        counter(registry, "weft.tasks.forked", BaseUnits.TASKS, "Tasks created by the workers",
                s -> s.total().tasksForked());
        counter(registry, "weft.steal.attempts", "attempts", "Steal attempts on a victim that looked non-empty",
                s -> s.total().stealAttempts());
        counter(registry, "weft.steals.failed", "attempts", "Steal attempts that lost the race",
                s -> s.total().failedSteals());
        Gauge.builder("weft.steal.ratio", pool, p -> p.stats().stealRatio()).tags(tags)
                .description("Steals per task since the pool's stats were last reset").register(registry);
        counter(registry, "weft.published", BaseUnits.TASKS, "Pending forks published for hungry workers",
                s -> s.total().published());
        seconds(registry, "weft.idle", "Worker time spent without work", s -> s.total().idleNanos());
        seconds(registry, "weft.serving", "Victims' time spent publishing work for thieves",
                s -> s.total().servingNanos());
        seconds(registry, "weft.blocked", "Worker time spent inside Weft.blocking", s -> s.total().blockedNanos());
        Gauge.builder("weft.workers.blocked", pool, p -> p.stats().blockedWorkers()).tags(tags)
                .description("Workers inside Weft.blocking now").baseUnit(BaseUnits.THREADS).register(registry);
        counter(registry, "weft.stalls", "stalls", "Workers found waiting outside Weft while holding forks",
                PoolStats::stalls);
    }

    private void counter(MeterRegistry registry, String name, String unit, String description,
                         ToDoubleFunction<PoolStats> value) {
        FunctionCounter.builder(name, pool, p -> value.applyAsDouble(p.stats())).tags(tags).description(description)
                .baseUnit(unit).register(registry);
    }

    private void seconds(MeterRegistry registry, String name, String description, ToDoubleFunction<PoolStats> nanos) {
        FunctionCounter.builder(name, pool, p -> nanos.applyAsDouble(p.stats()) / TimeUnit.SECONDS.toNanos(1))
                .tags(tags).description(description).baseUnit("seconds").register(registry);
    }
}
