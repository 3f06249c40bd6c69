package dev.weft.cluster;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The runs one member takes part in ({@link Place}s) and those it started ({@link Home}s): it hands each
 * message and membership event to the right one. A real member ({@link Node}) and a simulated one
 * ({@link Simulator}) share it, so that the simulator runs exactly the protocol code members run.
 */
final class Runs {
    /** What differs between a real and a simulated member: how units run, and the pool's idle time. */
    interface Engines {
        Place.Engine engine(Job job);

        /** Idle time of the member's workers so far, summed (for the reports). */
        long workerIdleNanos();
    }

    /** Runs remembered as over, so that a late Start does not revive one. */
    private static final int FINISHED_MEMORY = 1024;

    private final Wire wire;
    private final ClassLoader loader;
    private final Engines engines;
    private final Map<Long, Place> places = new ConcurrentHashMap<>();
    private final Map<Long, Home> homes = new ConcurrentHashMap<>();
    private final Map<Long, Long> idleAtStart = new ConcurrentHashMap<>();
    private final Set<Long> finished = Collections.newSetFromMap(Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
            return size() > FINISHED_MEMORY;
        }
    }));

    Runs(Wire wire, ClassLoader loader, Engines engines) {
        this.wire = wire;
        this.loader = loader;
        this.engines = engines;
    }

    /** Starts a run with this member as its home; the future completes with its report or its failure. */
    CompletableFuture<RunReport<Object>> submit(Job job, byte[] jobBytes, Object root, long timeoutMillis) {
        long run;
        do {
            run = ThreadLocalRandom.current().nextLong();
        } while (run == 0 || places.containsKey(run));
        Place place = new Place(run, wire.self(), 0, wire, engines.engine(job), job.randomSteals(), job.stealTimeoutMillis());
        Home home = new Home(run, wire, job.reductionOfObjects(), loader, place, jobBytes);
        long id = run;
        idleAtStart.put(run, engines.workerIdleNanos());
        places.put(run, place);
        homes.put(run, home);
        home.outcome.whenComplete((r, t) -> homes.remove(id));
        home.start(new UnitKey(place.newId(), 1), root, timeoutMillis);
        return home.outcome;
    }

    void deliver(Msg m) {
        long run = m.run();
        switch (m) {
            case Msg.Start s -> start(s);
            case Msg.Steal s -> {
                Place p = places.get(run);
                if (p != null) {
                    p.onSteal(s);
                } else {
                    wire.send(s.thief(), new Msg.NoLoot(run, wire.self(), true));
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
                    p.onCommitted(c.units());
                }
            }
            case Msg.Done d -> {
                finished.add(run);
                Place p = places.remove(run);
                MemberReport r;
                if (p != null) {
                    Long idle0 = idleAtStart.remove(run);
                    r = p.finish(idle0 == null ? 0 : engines.workerIdleNanos() - idle0);
                } else {
                    // The run ended before this member's Start arrived: it took no part.
                    r = new MemberReport(wire.describe(wire.self()), false, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0);
                }
                if (!d.aborted()) {
                    wire.send(d.home(), new Msg.Report(run, wire.self(), r));
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
    private void start(Msg.Start s) {
        long run = s.run();
        if (finished.contains(run) || places.containsKey(run) || !wire.members().contains(s.home())) {
            return;
        }
        Job job;
        try {
            job = (Job) Codec.decode(s.job(), loader, "the job");
        } catch (RuntimeException e) {
            ClusterException failure = new ClusterException("member " + wire.describe(wire.self())
                    + " cannot take part in the run: " + e.getMessage(), e);
            wire.send(s.home(), new Msg.Failed(run, wire.self(), Codec.encodeFailure(failure)));
            return;
        }
        Place p = new Place(run, s.home(), s.index(), wire, engines.engine(job), job.randomSteals(), job.stealTimeoutMillis());
        idleAtStart.put(run, engines.workerIdleNanos());
        places.put(run, p);
        p.beginIdle();
    }

    void memberJoined(UUID m) {
        for (Home h : homes.values()) {
            h.onMemberJoined(m);
        }
    }

    void memberLeft(UUID m) {
        for (Place p : places.values()) {
            p.onMemberLeft(m);
            if (p.home.equals(m)) {
                // The run's home is gone, and with it the run: no Done will come.
                places.remove(p.run);
                idleAtStart.remove(p.run);
                finished.add(p.run);
            }
        }
        for (Home h : homes.values()) {
            h.onMemberLeft(m);
        }
    }

    /** Ends the runs this member is home of with {@code reason} and stops taking part in the others. */
    void close(String reason) {
        for (Home h : homes.values()) {
            h.fail(new ClusterException(reason));
        }
        for (Place p : places.values()) {
            p.finish(0);
        }
    }
}
