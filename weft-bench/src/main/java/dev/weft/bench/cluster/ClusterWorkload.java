package dev.weft.bench.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.IExecutorService;
import dev.weft.WeftPool;
import dev.weft.bench.Engine;
import dev.weft.bench.Pools;
import dev.weft.bench.Workload;
import dev.weft.cluster.RunReport;
import dev.weft.cluster.WeftCluster;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;

/**
 * A sized program of the cluster suite. Subclasses give the kernel in each form; this class keeps the
 * members of each size (started once per worker count, closed with the workload), runs the engines, and
 * prints what the cluster's members did in the last run of each size (steals, units and bytes moved, time
 * to first work, termination) when it is closed.
 */
abstract class ClusterWorkload implements Workload {
    private MemberCache members = new MemberCache();
    private boolean ownsMembers = true;
    private final Map<String, RunReport<?>> reports = new TreeMap<>();

    /**
     * The members of each size a workload runs on, started when first needed. A workload closes its own; tests
     * share one between the workloads of several programs ({@link #shareMembers}) to start fewer.
     */
    static final class MemberCache implements AutoCloseable {
        private final Map<Integer, Members> wide = new TreeMap<>();
        private final Map<Integer, Members> single = new TreeMap<>();

        /** {@code n} members of one worker each. */
        Members wide(int n) throws Exception {
            Members m = wide.get(n);
            if (m == null) {
                m = Members.start(n, 1, null);
                wide.put(n, m);
            }
            return m;
        }

        /** One member of {@code workers} workers, running on {@code pool}. */
        Members single(int workers, WeftPool pool) throws Exception {
            Members m = single.get(workers);
            if (m == null || m.home().pool() != pool) {
                if (m != null) {
                    m.close();
                }
                m = Members.start(1, workers, pool);
                single.put(workers, m);
            }
            return m;
        }

        @Override
        public void close() {
            wide.values().forEach(Members::close);
            single.values().forEach(Members::close);
            wide.clear();
            single.clear();
        }
    }

    /** Runs on {@code shared} members from now on; the caller closes them. */
    void shareMembers(MemberCache shared) {
        if (ownsMembers) {
            members.close();
        }
        members = shared;
        ownsMembers = false;
    }

    /** The serial elision. */
    abstract Object serial();

    /** Plain Weft, run inside a pool. */
    abstract Object weft();

    /** The global computation on a cluster; returns its report (its value is the result). */
    abstract RunReport<?> cluster(WeftCluster home);

    /** The static split: {@code jobs} independent serialisable jobs covering the whole work. */
    abstract List<Callable<Serializable>> jobs(int jobs);

    /** The result of the static split from its jobs' results, in job order. */
    abstract Object combine(List<Serializable> results);

    @Override
    public final Object run(Engine engine, int workers, Pools pools) throws Exception {
        if (engine.equals(Engine.SERIAL)) {
            return serial();
        }
        if (engine.equals(Engine.WEFT)) {
            return pools.weft(workers).invoke(this::weft);
        }
        if (engine.equals(ClusterEngines.CLUSTER_ONE)) {
            Members m = members.single(workers, pools.weft(workers));
            return report("1 member x " + workers + " workers", cluster(m.home()));
        }
        if (engine.equals(ClusterEngines.CLUSTER)) {
            return report(workers + " members x 1 worker", cluster(members.wide(workers).home()));
        }
        if (engine.equals(ClusterEngines.STATIC)) {
            return staticSplit(members.wide(workers));
        }
        throw new IllegalArgumentException("cluster suite: unknown engine " + engine);
    }

    private Object report(String key, RunReport<?> r) {
        reports.put(key, r);
        return r.value();
    }

    /** Round-robin submission of the jobs to the members, then their results in job order. */
    private Object staticSplit(Members m) throws Exception {
        IExecutorService ex = m.home().hazelcast().getExecutorService(Members.STATIC_EXECUTOR);
        List<Member> targets = new ArrayList<>(m.home().hazelcast().getCluster().getMembers());
        List<Callable<Serializable>> jobs = jobs(ClusterEngines.JOBS_PER_MEMBER * targets.size());
        List<Future<Serializable>> futures = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            futures.add(ex.submitToMember(jobs.get(i), targets.get(i % targets.size())));
        }
        List<Serializable> results = new ArrayList<>();
        for (Future<Serializable> f : futures) {
            results.add(f.get());
        }
        return combine(results);
    }

    @Override
    public void close() {
        if (!reports.isEmpty()) {
            StringBuilder b = new StringBuilder(label() + ": what the members did in the last run of each size\n");
            reports.forEach((k, r) -> b.append("  ").append(k).append(": ").append(summary(r)).append('\n'));
            System.out.print(b);
        }
        if (ownsMembers) {
            members.close();
        }
    }

    /** The sum of jobs' results that are {@code Long}s. */
    static long sumOfLongs(List<Serializable> results) {
        long sum = 0;
        for (Serializable r : results) {
            sum += (Long) r;
        }
        return sum;
    }

    /** The result as a reader wants it (UTS packs two counts in a long). */
    String show(Object result) {
        return String.valueOf(result);
    }

    static String summary(RunReport<?> r) {
        long firstWork = r.members().stream().mapToLong(m -> m.firstWorkNanos()).max().orElse(0);
        double idle = r.members().stream().mapToLong(m -> m.idleNanos()).sum() / 1e6;
        return String.format("%d steal requests (%d answered), %d lifeline pushes, %d units moved, %d bytes, %d messages;"
                        + " last member's first work %.2f ms; end detected %.2f ms after the last unit; member idle %.1f ms in all",
                r.stealsSent(), r.stealsAnswered(), r.lifelineLoot(), r.unitsMoved(), r.bytesSent(), r.messagesSent(),
                firstWork / 1e6, r.terminationNanos() / 1e6, idle);
    }
}
