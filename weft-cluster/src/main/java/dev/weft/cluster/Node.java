package dev.weft.cluster;

import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.HazelcastInstance;
import dev.weft.WeftPool;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One member's runtime: its Hazelcast instance, its pool, the runs it takes part in ({@link Place}s) and
 * those it started ({@link Home}s). It dispatches the protocol's messages and membership events to them.
 *
 * <p>The node is registered in Hazelcast's user context before the instance starts, so messages can arrive
 * before {@link #attach} has run; they wait in {@link #early} until then.
 */
final class Node implements MembershipListener {
    static final String KEY = "dev.weft.cluster.Node";
    private static final System.Logger LOG = System.getLogger("dev.weft.cluster");
    /** Runs remembered as over, so that a late Start does not revive one. */
    private static final int FINISHED_MEMORY = 1024;

    final WeftPool pool;
    final ClassLoader loader;
    private final ScheduledExecutorService timers;
    private volatile HazelcastInstance hz;
    private volatile HazelcastWire wire;
    private final List<Msg> early = new ArrayList<>();
    private final Map<Long, Place> places = new ConcurrentHashMap<>();
    private final Map<Long, Home> homes = new ConcurrentHashMap<>();
    private final Map<Long, Long> idleAtStart = new ConcurrentHashMap<>();
    private final Set<Long> finished = Collections.newSetFromMap(Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
            return size() > FINISHED_MEMORY;
        }
    }));
    private final Map<UUID, String> addresses = new ConcurrentHashMap<>();

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
            this.hz = instance;
            this.wire = new HazelcastWire(instance, timers, this);
            for (var m : instance.getCluster().getMembers()) {
                addresses.put(m.getUuid(), m.getAddress().getHost() + ":" + m.getAddress().getPort());
            }
            waiting = new ArrayList<>(early);
            early.clear();
        }
        waiting.forEach(this::deliver);
    }

    HazelcastInstance hazelcast() {
        return hz;
    }

    Wire wire() {
        return wire;
    }

    // ---------------------------------------------------------------------------------------------
    // Runs started here

    /** Starts a run with this member as its home; the future completes with its report or its failure. */
    CompletableFuture<RunReport<Object>> submit(Job job, byte[] jobBytes, Object root, long timeoutMillis) {
        long run;
        do {
            run = ThreadLocalRandom.current().nextLong();
        } while (run == 0 || places.containsKey(run));
        Place place = new Place(run, wire.self(), 0, wire, new PoolEngine(pool, job, loader), job.randomSteals(),
                job.stealTimeoutMillis());
        Home home = new Home(run, wire, job.reductionOfObjects(), loader, place, jobBytes);
        long id = run;
        idleAtStart.put(run, workerIdle());
        places.put(run, place);
        homes.put(run, home);
        home.outcome.whenComplete((r, t) -> homes.remove(id));
        home.start(new UnitKey(place.newId(), 1), root, timeoutMillis);
        return home.outcome;
    }

    // ---------------------------------------------------------------------------------------------
    // Messages

    void deliver(Msg m) {
        HazelcastWire w;
        synchronized (early) {
            w = wire;
            if (w == null) {
                early.add(m);
                return;
            }
        }
        try {
            dispatch(m, w);
        } catch (RuntimeException | Error e) {
            log(e);
        }
    }

    private void dispatch(Msg m, HazelcastWire w) {
        long run = m.run();
        switch (m) {
            case Msg.Start s -> start(s, w);
            case Msg.Steal s -> {
                Place p = places.get(run);
                if (p != null) {
                    p.onSteal(s);
                } else {
                    w.send(s.thief(), new Msg.NoLoot(run, w.self(), true));
                }
            }
            case Msg.Loot l -> {
                Place p = places.get(run);
                if (p != null) {
                    p.onLoot(l);
                }
            }
            case Msg.NoLoot n -> {
                Place p = places.get(run);
                if (p != null) {
                    p.onNoLoot(n);
                }
            }
            case Msg.Committed c -> {
                Place p = places.get(run);
                if (p != null) {
                    p.onCommitted(c.unit());
                }
            }
            case Msg.Done d -> {
                finished.add(run);
                Place p = places.remove(run);
                if (p != null) {
                    Long idle0 = idleAtStart.remove(run);
                    MemberReport r = p.finish(idle0 == null ? 0 : workerIdle() - idle0);
                    if (!d.aborted()) {
                        w.send(p.home, new Msg.Report(run, w.self(), r));
                    }
                }
            }
            case Msg.Commit c -> {
                Home h = homes.get(run);
                if (h != null) {
                    h.onCommit(c);
                }
            }
            case Msg.Rescue r -> {
                Home h = homes.get(run);
                if (h != null) {
                    h.onRescue(r);
                }
            }
            case Msg.Failed f -> {
                Home h = homes.get(run);
                if (h != null) {
                    h.onFailed(f);
                }
            }
            case Msg.Report r -> {
                Home h = homes.get(run);
                if (h != null) {
                    h.onReport(r);
                }
            }
        }
    }

    /** Takes part in a run started on another member; a job this member cannot read fails the run, naming why. */
    private void start(Msg.Start s, HazelcastWire w) {
        long run = s.run();
        if (finished.contains(run) || places.containsKey(run) || !w.members().contains(s.home())) {
            return;
        }
        Job job;
        try {
            job = (Job) Codec.decode(s.job(), loader, "the job");
        } catch (RuntimeException e) {
            ClusterException failure = new ClusterException("member " + w.describe(w.self())
                    + " cannot take part in the run: " + e.getMessage(), e);
            w.send(s.home(), new Msg.Failed(run, w.self(), Codec.encodeFailure(failure)));
            return;
        }
        Place p = new Place(run, s.home(), s.index(), w, new PoolEngine(pool, job, loader), job.randomSteals(),
                job.stealTimeoutMillis());
        idleAtStart.put(run, workerIdle());
        places.put(run, p);
        p.beginIdle();
    }

    private long workerIdle() {
        return pool.stats().total().idleNanos();
    }

    // ---------------------------------------------------------------------------------------------
    // Membership

    @Override
    public void memberAdded(MembershipEvent e) {
        UUID m = e.getMember().getUuid();
        addresses.put(m, e.getMember().getAddress().getHost() + ":" + e.getMember().getAddress().getPort());
        if (wire == null) {
            return;
        }
        for (Home h : homes.values()) {
            h.onMemberJoined(m);
        }
    }

    @Override
    public void memberRemoved(MembershipEvent e) {
        UUID m = e.getMember().getUuid();
        for (Place p : places.values()) {
            p.onMemberLeft(m);
        }
        for (Home h : homes.values()) {
            h.onMemberLeft(m);
        }
    }

    String lastKnownAddress(UUID m) {
        String a = addresses.get(m);
        return a != null ? a + " (left)" : m.toString();
    }

    /** Ends the runs this member is home of with {@code reason}, and stops the timers. */
    void close(String reason) {
        for (Home h : homes.values()) {
            h.fail(new ClusterException(reason));
        }
        for (Place p : places.values()) {
            p.finish(0);
        }
        timers.shutdownNow();
    }

    void log(Throwable t) {
        LOG.log(System.Logger.Level.ERROR, "weft-cluster: internal error", t);
    }
}
