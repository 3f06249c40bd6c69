package dev.weft.cluster;

import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A member's part in one run (PROTOCOL.md, "A member's part"): it runs the units it holds; when it holds
 * none it steals — a few random requests, then requests that stay registered on its lifelines; when it
 * holds some it answers other members' requests by splitting work it has not started; and it keeps the
 * backup of every unit it gave away until the home has merged that unit's result.
 *
 * <p>All state is guarded by {@code this}. Every method is short and never waits: messages go out
 * through {@link Wire#send}, which never blocks and never calls back on the calling thread, and units run
 * through the {@link Engine}. The one field read without the lock is {@link #demand}, a hint the runners
 * poll between steps of work: a stale read only delays an answer by one step.
 */
final class Place {
    /** Runs units on this member (a {@link dev.weft.WeftPool} in a real member; simulated time in the simulator). */
    interface Engine {
        /** Starts running {@code unit}; calls {@link Place#unitEnded} when it is over. Never blocks. */
        void start(Place place, Unit unit);
    }

    /** A request for work waiting on this member: from a random steal, or a lifeline registration. */
    record Request(UUID thief, boolean lifeline) {
    }

    /** The backup of a unit this member gave away, kept until the home has merged its result. */
    record Backup(UnitKey key, UnitKey parent, UUID holder, byte[] bag) {
    }

    /** The thief's side: WORKING while it holds a unit; STEALING with a random request out; DORMANT on its lifelines. */
    enum Thief { WORKING, STEALING, DORMANT }

    /** Unit ids: the member's index in the run in the high bits, a counter in the low bits. */
    private static final int INDEX_SHIFT = 40;
    /** The first pause before a member with no lifeline to register on tries again; doubled up to {@link #MAX_RETRY_MILLIS}. */
    private static final long FIRST_RETRY_MILLIS = 20;
    private static final long MAX_RETRY_MILLIS = 1000;
    /** Commits that wait at most for one message, and how long at most. */
    private static final int COMMIT_BATCH = 64;
    private static final long COMMIT_MAX_AGE_MILLIS = 200;

    final long run;
    final UUID self;
    final UUID home;
    final int index;
    private final Wire wire;
    private final Engine engine;
    private final int randomSteals;
    private final long stealTimeoutMillis;
    private final SplittableRandom random;

    /** Whether requests for work wait here: random ones or lifeline registrations. Written under the lock, read racily by runners. */
    volatile boolean demand;

    // ---- guarded by this ----------------------------------------------------------------------
    private boolean finished;
    private final Set<UUID> left = new HashSet<>();
    private int active;
    private Thief state = Thief.WORKING;
    private int attempts;
    private UUID target;
    private long stealSeq;
    private long retryMillis = FIRST_RETRY_MILLIS;
    private boolean retryScheduled;
    private final Set<UUID> registeredOn = new HashSet<>();
    private final ArrayDeque<UUID> randomThieves = new ArrayDeque<>();
    private final LinkedHashSet<UUID> lifelineThieves = new LinkedHashSet<>();
    private final Map<Long, Backup> backups = new HashMap<>();
    private final Map<Long, Unit> units = new HashMap<>();
    private long seq;
    /**
     * Commits on their way to the home, batched (PROTOCOL.md, "Commits"): they go when this member has no
     * unit left to run, when many wait, or after a while — at most one message per gap. The outbox has its
     * own lock and never calls back into the place.
     */
    private final Outbox<Msg.Result> commits;

    // statistics, guarded by this
    private final long startedAt;
    private long idleSince;
    private long idleNanos;
    private long firstWork = -1;
    private long unitsRun;
    private long stealsSent;
    private long stealsAnswered;
    private long lifelineRegistrations;
    private long lifelineLoot;
    private long unitsGiven;
    private long bytesSent;
    private final AtomicLong messagesSent = new AtomicLong(); // counted outside the lock too

    Place(long run, UUID home, int index, Wire wire, Engine engine, int randomSteals, long stealTimeoutMillis) {
        this.run = run;
        this.self = wire.self();
        this.home = home;
        this.index = index;
        this.wire = wire;
        this.engine = engine;
        this.randomSteals = randomSteals;
        this.stealTimeoutMillis = stealTimeoutMillis;
        this.random = new SplittableRandom(self.getLeastSignificantBits() ^ run ^ System.nanoTime());
        this.startedAt = wire.nanoTime();
        this.idleSince = startedAt;
        this.commits = new Outbox<>(wire, COMMIT_BATCH, COMMIT_MAX_AGE_MILLIS,
                results -> send(home, new Msg.Commit(run, self, results)));
    }

    // ---------------------------------------------------------------------------------------------
    // Starting

    /** A member that joins a run with nothing to do: it steals at once. */
    synchronized void beginIdle() {
        if (!finished && active == 0) {
            attempts = 0;
            nextSteal();
        }
    }

    /** Runs a unit that starts on this member: the home's root. */
    void runRoot(UnitKey key, Object bag) {
        Unit u;
        synchronized (this) {
            if (finished) {
                return;
            }
            u = admit(key, null, null, bag, null);
        }
        engine.start(this, u);
    }

    /** A fresh unit id, unique in the run. */
    synchronized long newId() {
        return ((long) index << INDEX_SHIFT) | ++seq;
    }

    private Unit admit(UnitKey key, UnitKey parent, UUID backupHolder, Object bag, byte[] bytes) {
        Unit u = new Unit(key, parent, backupHolder, bag, bytes);
        units.put(key.id(), u);
        long now = wire.nanoTime();
        if (active++ == 0) {
            idleNanos += now - idleSince;
            if (firstWork < 0) {
                firstWork = now - startedAt;
            }
        }
        state = Thief.WORKING;
        target = null;
        return u;
    }

    // ---------------------------------------------------------------------------------------------
    // The victim's side

    /** A steal request arrives: queued while this member has work, answered at once when it has none. */
    synchronized void onSteal(Msg.Steal s) {
        if (finished || left.contains(s.thief())) {
            return;
        }
        if (s.lifeline()) {
            lifelineThieves.add(s.thief()); // served when this member has work, now or later
            demand = true;
        } else if (active == 0) {
            send(s.thief(), new Msg.NoLoot(run, self, false));
        } else {
            randomThieves.add(s.thief());
            demand = true;
        }
    }

    /** A runner with work to split takes the oldest waiting request, random ones first; null if none. */
    synchronized Request takeRequest() {
        Request r = null;
        if (!randomThieves.isEmpty()) {
            r = new Request(randomThieves.poll(), false);
        } else if (!lifelineThieves.isEmpty()) {
            Iterator<UUID> it = lifelineThieves.iterator();
            r = new Request(it.next(), true);
            it.remove();
        }
        updateDemand();
        return r;
    }

    /** The runner had nothing to split: a random thief is told so, a lifeline stays registered. */
    synchronized void unserved(Request r) {
        if (finished || left.contains(r.thief())) {
            return;
        }
        if (r.lifeline()) {
            lifelineThieves.add(r.thief());
            demand = true;
        } else {
            send(r.thief(), new Msg.NoLoot(run, self, false));
        }
    }

    /**
     * Gives {@code bag} — work split off {@code unit}, serialised — to the thief of {@code r}: records the
     * backup and the child, then sends. Returns false, sending nothing, when the thief has left (or the run
     * is over); the caller then keeps the work. Recording the backup under the same lock that
     * {@link #onMemberLeft} takes is what makes every given unit either rescued or committed: a thief that
     * leaves after this point finds its unit among the backups.
     */
    private boolean give(Unit unit, Request r, byte[] bag) {
        UnitKey child;
        synchronized (this) {
            if (finished || unit.cancelled || left.contains(r.thief())) {
                return false;
            }
            child = new UnitKey(newId(), 1);
            backups.put(child.id(), new Backup(child, unit.key, r.thief(), bag));
            unit.children.add(child.id());
            unit.childHolders.add(r.thief());
            unitsGiven++;
            bytesSent += bag.length;
        }
        send(r.thief(), new Msg.Loot(run, child, unit.key, self, bag, r.lifeline()));
        return true;
    }

    /**
     * Answers one waiting request, if any, with the half of {@code q} that {@link TaskQueue#split} gives:
     * serialised and handed to the thief. Work that cannot be given — the thief left meanwhile, or the bag
     * cannot be serialised — goes to {@code keep} (to run on this member), so none is ever dropped.
     *
     * @throws IllegalArgumentException if the bag cannot be serialised (after keeping it)
     */
    void serve(Unit u, TaskQueue<Serializable, ?> q, Consumer<Serializable> keep) {
        Request r = takeRequest();
        if (r == null) {
            return;
        }
        Serializable half;
        try {
            half = q.split();
        } catch (RuntimeException | Error e) {
            unserved(r);
            throw e;
        }
        if (half == null) {
            unserved(r);
            return;
        }
        byte[] bytes;
        try {
            bytes = Codec.encode(half, "the bag split off by " + q.getClass().getName() + ".split() ("
                    + half.getClass().getName() + ")");
        } catch (RuntimeException e) {
            unserved(r);
            keep.accept(half);
            throw e;
        }
        if (!give(u, r, bytes)) {
            keep.accept(half);
        }
    }

    /** The home merged units this member gave away: their backups are no longer needed. */
    synchronized void onCommitted(long[] merged) {
        for (long id : merged) {
            backups.remove(id);
        }
    }

    private void updateDemand() {
        demand = !randomThieves.isEmpty() || !lifelineThieves.isEmpty();
    }

    // ---------------------------------------------------------------------------------------------
    // The thief's side

    /** Work arrives, as the answer to a random request or pushed along a lifeline (or a re-run from the home). */
    void onLoot(Msg.Loot l) {
        Unit u;
        boolean rebackup = false;
        synchronized (this) {
            if (finished) {
                return;
            }
            if (l.lifeline()) {
                registeredOn.remove(l.victim()); // the registration is used up
                lifelineLoot++;
            } else if (l.victim().equals(target)) {
                stealsAnswered++;
            }
            UUID backupHolder = l.victim().equals(self) ? null : l.victim();
            if (backupHolder != null && left.contains(backupHolder)) {
                // The victim left between sending and now: its backup of this unit is gone.
                backupHolder = self.equals(home) ? null : home;
                rebackup = backupHolder != null;
            }
            u = admit(l.unit(), l.parent(), backupHolder, null, l.bag());
        }
        if (rebackup) {
            send(home, new Msg.Rescue(run, u.key, u.parent, self, u.bytes, false));
        }
        engine.start(this, u);
    }

    /** A victim had nothing to give (or does not take part in the run). */
    synchronized void onNoLoot(Msg.NoLoot n) {
        if (finished) {
            return;
        }
        if (n.refused()) {
            registeredOn.remove(n.victim());
        }
        if (state == Thief.STEALING && n.victim().equals(target)) {
            target = null;
            nextSteal();
        } else if (state == Thief.DORMANT && registeredOn.isEmpty()) {
            scheduleRetry();
        }
    }

    /** Sends the next random request, or goes dormant on the lifelines after {@code randomSteals} of them. */
    private void nextSteal() {
        if (active > 0) {
            state = Thief.WORKING;
            return;
        }
        state = Thief.STEALING;
        if (attempts < randomSteals) {
            UUID v = randomVictim();
            if (v != null) {
                attempts++;
                target = v;
                long s = ++stealSeq;
                stealsSent++;
                send(v, new Msg.Steal(run, self, false));
                wire.schedule(stealTimeoutMillis, () -> stealTimedOut(v, s));
                return;
            }
        }
        goDormant();
    }

    /** Registers on every lifeline this member is not registered on yet (the set changes as members come and go). */
    private void goDormant() {
        state = Thief.DORMANT;
        target = null;
        for (UUID b : lifelines()) {
            if (registeredOn.add(b)) {
                lifelineRegistrations++;
                send(b, new Msg.Steal(run, self, true));
            }
        }
        if (registeredOn.isEmpty()) {
            scheduleRetry(); // nobody to register on (a one-member cluster, or all refused): look again later
        }
    }

    private void scheduleRetry() {
        if (retryScheduled) {
            return;
        }
        retryScheduled = true;
        long delay = retryMillis;
        retryMillis = Math.min(MAX_RETRY_MILLIS, retryMillis * 2);
        wire.schedule(delay, this::retry);
    }

    private synchronized void retry() {
        retryScheduled = false;
        if (!finished && active == 0 && state == Thief.DORMANT && registeredOn.isEmpty()) {
            attempts = 0;
            nextSteal();
        }
    }

    private synchronized void stealTimedOut(UUID victim, long s) {
        if (!finished && state == Thief.STEALING && victim.equals(target) && s == stealSeq) {
            target = null; // no answer: treat it as none and go on
            nextSteal();
        }
    }

    private UUID randomVictim() {
        List<UUID> candidates = new ArrayList<>();
        for (UUID m : wire.members()) {
            if (!m.equals(self) && !left.contains(m)) {
                candidates.add(m);
            }
        }
        return candidates.isEmpty() ? null : candidates.get(random.nextInt(candidates.size()));
    }

    /** This member's lifeline buddies: the members at distance 1, 2, 4, ... after it in the member order. */
    private List<UUID> lifelines() {
        List<UUID> members = new ArrayList<>(wire.members());
        members.removeIf(left::contains);
        return Lifelines.of(members, self);
    }

    // ---------------------------------------------------------------------------------------------
    // Units ending

    /**
     * A unit is over: committed to the home with its result and the units split off it, or reported as
     * failed. A member left with no unit answers the random requests waiting on it and starts stealing.
     */
    void unitEnded(Unit u, byte[] result, Throwable failure) {
        long[] children;
        UUID[] holders;
        boolean commit;
        boolean report;
        boolean flush = false;
        UUID backup;
        long now = wire.nanoTime();
        synchronized (this) {
            units.remove(u.key.id());
            unitsRun++;
            report = !finished && failure != null;
            commit = !finished && !u.cancelled && failure == null;
            children = u.children.stream().mapToLong(Long::longValue).toArray();
            holders = u.childHolders.toArray(new UUID[0]);
            backup = u.backupHolder;
            if (commit) {
                bytesSent += result.length;
            }
            if (--active == 0) {
                idleSince = now;
                while (!randomThieves.isEmpty()) {
                    send(randomThieves.poll(), new Msg.NoLoot(run, self, false));
                }
                flush = true;
                updateDemand();
                if (!finished) {
                    attempts = 0;
                    retryMillis = FIRST_RETRY_MILLIS;
                    nextSteal();
                }
            }
        }
        if (report) {
            send(home, new Msg.Failed(run, self, Codec.encodeFailure(failure)));
        } else if (commit) {
            commits.add(new Msg.Result(u.key, u.parent, backup, result, children, holders, now));
        }
        if (flush) {
            // Nothing left to run here: these results may be the last the home needs to see the end. The
            // outbox still sends at most one message per gap, so the home's load stays bounded.
            commits.flush();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Membership and the end of the run

    /**
     * A member left (shut down or failed). Units this member gave it and that are not merged yet go back to
     * the home with their backups (the home re-runs those not committed); units this member holds whose
     * backup was on it get a new backup on the home; its requests and registrations are dropped.
     */
    void onMemberLeft(UUID m) {
        List<Msg.Rescue> rescues = new ArrayList<>();
        synchronized (this) {
            if (finished || !left.add(m)) {
                return;
            }
            randomThieves.remove(m);
            lifelineThieves.remove(m);
            registeredOn.remove(m);
            updateDemand();
            if (m.equals(home)) {
                // The run's home is gone: nobody can merge results any more.
                finished = true;
                units.values().forEach(u -> u.cancelled = true);
                return;
            }
            for (Iterator<Backup> it = backups.values().iterator(); it.hasNext(); ) {
                Backup b = it.next();
                if (b.holder().equals(m)) {
                    it.remove();
                    rescues.add(new Msg.Rescue(run, b.key(), b.parent(), m, b.bag(), true));
                }
            }
            for (Unit u : units.values()) {
                if (m.equals(u.backupHolder)) {
                    boolean atHome = self.equals(home);
                    u.backupHolder = atHome ? null : home;
                    if (!atHome) {
                        rescues.add(new Msg.Rescue(run, u.key, u.parent, self, u.bytes, false));
                    }
                }
            }
            if (state == Thief.STEALING && m.equals(target)) {
                target = null;
                nextSteal();
            } else if (state == Thief.DORMANT) {
                goDormant(); // the lifeline graph changed
            }
        }
        for (Msg.Rescue r : rescues) {
            send(home, r);
        }
    }

    /** The home keeps the backup of a unit whose backup holder left (only on the home's own place). */
    synchronized void keepBackup(UnitKey key, UnitKey parent, UUID holder, byte[] bag) {
        if (!finished) {
            backups.put(key.id(), new Backup(key, parent, holder, bag));
        }
    }

    /** The run is over: cancels what still runs here and returns this member's report. */
    synchronized MemberReport finish(long workerIdleNanos) {
        finished = true;
        commits.clear();
        units.values().forEach(u -> u.cancelled = true);
        long now = wire.nanoTime();
        long idle = idleNanos + (active == 0 ? now - idleSince : 0);
        return new MemberReport(wire.describe(self), self.equals(home), idle, firstWork, unitsRun, stealsSent,
                stealsAnswered, lifelineRegistrations, lifelineLoot, unitsGiven, bytesSent, messagesSent.get(), workerIdleNanos);
    }

    synchronized boolean finished() {
        return finished;
    }

    /** For the home's diagnostics: the units running here and the backups kept here. */
    synchronized String describe() {
        return wire.describe(self) + ": " + state + ", " + active + " unit(s) running " + units.keySet().stream()
                .map(Long::toHexString).toList() + ", " + backups.size() + " backup(s)";
    }

    private void send(UUID to, Msg m) {
        messagesSent.incrementAndGet();
        wire.send(to, m);
    }
}
