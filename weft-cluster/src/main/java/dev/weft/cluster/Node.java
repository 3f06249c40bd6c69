package dev.weft.cluster;

import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.HazelcastInstance;
import dev.weft.WeftPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * One real member: its Hazelcast instance, its pool, and its {@link Runs}, to which it hands the
 * protocol's messages and Hazelcast's membership events.
 *
 * <p>The node is registered in Hazelcast's user context before the instance starts, so messages can arrive
 * before {@link #attach} has run; they wait in {@link #early} until then.
 */
final class Node implements MembershipListener, Runs.Engines {
    static final String KEY = "dev.weft.cluster.Node";
    private static final System.Logger LOG = System.getLogger("dev.weft.cluster");

    final WeftPool pool;
    final ClassLoader loader;
    private final ScheduledExecutorService timers;
    private final List<Msg> early = new ArrayList<>();
    private final Map<UUID, String> addresses = new ConcurrentHashMap<>();
    private volatile Runs runs;

    Node(WeftPool pool, ClassLoader loader) {
        this.pool = pool;
        this.loader = loader;
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "weft-cluster-timer");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true);
        this.timers = t;
    }

    /** Called once the Hazelcast instance runs: messages that arrived before are delivered now. */
    void attach(HazelcastInstance instance) {
        List<Msg> waiting;
        synchronized (early) {
            for (var m : instance.getCluster().getMembers()) {
                addresses.put(m.getUuid(), m.getAddress().getHost() + ":" + m.getAddress().getPort());
            }
            runs = new Runs(new HazelcastWire(instance, timers, this), loader, this);
            waiting = new ArrayList<>(early);
            early.clear();
        }
        waiting.forEach(this::deliver);
    }

    CompletableFuture<RunReport<Object>> submit(Job job, byte[] jobBytes, Object root, long timeoutMillis) {
        return runs.submit(job, jobBytes, root, timeoutMillis);
    }

    void deliver(Msg m) {
        Runs r;
        synchronized (early) {
            r = runs;
            if (r == null) {
                early.add(m);
                return;
            }
        }
        try {
            r.deliver(m);
        } catch (RuntimeException | Error e) {
            log(e);
        }
    }

    @Override
    public Place.Engine engine(Job job) {
        return new PoolEngine(pool, job, loader);
    }

    @Override
    public long workerIdleNanos() {
        return pool.stats().total().idleNanos();
    }

    @Override
    public void memberAdded(MembershipEvent e) {
        UUID m = e.getMember().getUuid();
        addresses.put(m, e.getMember().getAddress().getHost() + ":" + e.getMember().getAddress().getPort());
        Runs r = runs;
        if (r != null) {
            r.memberJoined(m);
        }
    }

    @Override
    public void memberRemoved(MembershipEvent e) {
        Runs r = runs;
        if (r != null) {
            r.memberLeft(e.getMember().getUuid());
        }
    }

    String lastKnownAddress(UUID m) {
        String a = addresses.get(m);
        return a != null ? a + " (left)" : m.toString();
    }

    /** Ends the runs this member is home of with {@code reason}, and stops the timers. */
    void close(String reason) {
        Runs r = runs;
        if (r != null) {
            r.close(reason);
        }
        timers.shutdownNow();
    }

    void log(Throwable t) {
        LOG.log(System.Logger.Level.ERROR, "weft-cluster: internal error", t);
    }
}
