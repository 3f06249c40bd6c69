package dev.weft.cluster;

import dev.weft.TaskFailedException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * The run's bookkeeping on the member that started it (PROTOCOL.md, "The home"): it merges the result
 * of every unit exactly once, knows when the run is over, and re-runs units whose holder left.
 *
 * <p>A unit's result counts only if every unit it was split off counts too: a unit whose holder left
 * before committing is re-run from its backup as a whole, including the work that had been split off it,
 * so whatever came of that work must then be discarded. Hence a commit is <em>accepted</em> (merged) when
 * its parent's attempt has been accepted, kept <em>pending</em> until then, and <em>lost</em> with its
 * parent. Each accepted unit lists the units split off it; they are <em>expected</em>; the run is over
 * when nothing is expected any more — one message after the last unit ends, whatever the depth of the
 * tree of steals.
 *
 * <p>All state is guarded by {@code this}; the methods never wait.
 */
final class Home {
    /** How long the home waits for members' reports after the end before it gives the result without them. */
    private static final long REPORT_WAIT_MILLIS = 2_000;
    /** How long after a member leaves the home waits for the rescue of units it held before it calls them lost. */
    private static final long RESCUE_WAIT_MILLIS = 5_000;
    /** How often the home checks that a run makes progress, and warns (naming what waits where) when it does not. */
    private static final long STALL_CHECK_MILLIS = 30_000;
    private static final System.Logger LOG = System.getLogger("dev.weft.cluster");
    /** Notices that a backup can go wait for company: they only free memory. */
    private static final int NOTICE_BATCH = 256;
    private static final long NOTICE_MAX_AGE_MILLIS = 500;

    final long run;
    private final Wire wire;
    private final Reduction<Object> reduction;
    private final ClassLoader loader;
    private final Place place;
    private final byte[] job;
    private final long startedAt;
    final CompletableFuture<RunReport<Object>> outcome = new CompletableFuture<>();

    // ---- guarded by this ----------------------------------------------------------------------
    private boolean over;
    private Object result;
    private final Set<Long> expected = new HashSet<>();
    /** For each expected unit: {holder, backup holder (null: none needed)}. */
    private final Map<Long, UUID[]> where = new HashMap<>();
    private final Map<Long, Integer> accepted = new HashMap<>();
    private final Map<Long, Integer> committed = new HashMap<>();
    private final Map<UnitKey, List<Commit>> pending = new HashMap<>();
    /** Notices to backup holders that their backups can go, batched per holder. */
    private final Map<UUID, Outbox<Long>> notices = new HashMap<>();
    private final Set<UnitKey> lost = new HashSet<>();
    /** Units re-run on this member (their holder left), for {@link #where} when their parent is merged later. */
    private final Set<Long> rerunHere = new HashSet<>();
    private final Map<UUID, Integer> members = new LinkedHashMap<>();
    private int nextIndex = 1;
    private long reruns;
    private long merged;
    private long lastEndedAt;
    private long doneAt;
    private final Map<UUID, MemberReport> reports = new HashMap<>();
    private boolean reported;

    Home(long run, Wire wire, Reduction<Object> reduction, ClassLoader loader, Place place, byte[] job) {
        this.run = run;
        this.wire = wire;
        this.reduction = reduction;
        this.loader = loader;
        this.place = place;
        this.job = job;
        this.startedAt = wire.nanoTime();
        this.result = reduction.identity();
    }

    /** Starts the run: every other member takes part, the root runs here. */
    void start(UnitKey root, Object bag, long timeoutMillis) {
        synchronized (this) {
            expected.add(root.id());
            where.put(root.id(), new UUID[] {wire.self(), null});
            members.put(wire.self(), 0);
            for (UUID m : wire.members()) {
                admitMember(m);
            }
        }
        if (timeoutMillis > 0) {
            wire.schedule(timeoutMillis, () -> timedOut(timeoutMillis));
        }
        wire.schedule(STALL_CHECK_MILLIS, () -> checkProgress(-1));
        place.runRoot(root, bag);
    }

    private void admitMember(UUID m) {
        if (!members.containsKey(m)) {
            int index = nextIndex++;
            members.put(m, index);
            wire.send(m, new Msg.Start(run, wire.self(), index, job));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Commits

    synchronized void onCommit(Msg.Commit batch) {
        for (Msg.Result c : batch.results()) {
            if (over) {
                return;
            }
            commit(c, batch.holder());
        }
    }

    private void commit(Msg.Result c, UUID holder) {
        if (lost.contains(c.unit()) || committed.containsKey(c.unit().id())
                && committed.get(c.unit().id()) >= c.unit().attempt()) {
            return;
        }
        committed.put(c.unit().id(), c.unit().attempt());
        lastEndedAt = Math.max(lastEndedAt, c.endedAt());
        Commit x = new Commit(c, holder);
        UnitKey p = c.parent();
        if (p == null || Objects.equals(accepted.get(p.id()), p.attempt())) {
            accept(x);
        } else if (lost.contains(p)) {
            lose(c.unit());
        } else {
            pending.computeIfAbsent(p, k -> new ArrayList<>()).add(x);
        }
    }

    /** A unit's result and who held it. */
    private record Commit(Msg.Result r, UUID holder) {
    }

    /** Merges {@code c} and every pending commit that waited for it, transitively. */
    private void accept(Commit c) {
        ArrayDeque<Commit> work = new ArrayDeque<>();
        work.add(c);
        while (!work.isEmpty() && !over) {
            Commit y = work.poll();
            Msg.Result x = y.r();
            try {
                Object r = Codec.decode(x.result(), loader, "the result of a unit");
                result = reduction.combine(result, r);
            } catch (Throwable t) {
                fail(new TaskFailedException(t));
                return;
            }
            merged++;
            accepted.put(x.unit().id(), x.unit().attempt());
            expected.remove(x.unit().id());
            where.remove(x.unit().id());
            for (int i = 0; i < x.children().length; i++) {
                long child = x.children()[i];
                expected.add(child);
                where.put(child, rerunHere.contains(child) ? new UUID[] {wire.self(), null}
                        : new UUID[] {x.holders()[i], y.holder()});
                if (!alive(where.get(child)[0]) && !alive(where.get(child)[1])) {
                    wire.schedule(RESCUE_WAIT_MILLIS, this::checkLost);
                }
            }
            if (x.backup() != null) {
                UUID b = x.backup();
                notices.computeIfAbsent(b, k -> new Outbox<>(wire, NOTICE_BATCH, NOTICE_MAX_AGE_MILLIS, ids ->
                        wire.send(b, new Msg.Committed(run, ids.stream().mapToLong(Long::longValue).toArray()))))
                        .add(x.unit().id());
            }
            List<Commit> waiting = pending.remove(x.unit());
            if (waiting != null) {
                work.addAll(waiting);
            }
        }
        if (expected.isEmpty() && !over) {
            end();
        }
    }

    /** Marks {@code key} lost, and with it every pending commit split off it, transitively. */
    private void lose(UnitKey key) {
        ArrayDeque<UnitKey> work = new ArrayDeque<>();
        work.add(key);
        while (!work.isEmpty()) {
            UnitKey k = work.poll();
            lost.add(k);
            List<Commit> waiting = pending.remove(k);
            if (waiting != null) {
                for (Commit c : waiting) {
                    work.add(c.r().unit());
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Members leaving

    /**
     * A unit's holder or its backup holder left. With {@code holderLeft}, the backup comes back here: the
     * unit is re-run on this member unless it was committed (then the commit stands, or falls with its
     * parent). Otherwise this member keeps the new backup for the unit's holder.
     */
    synchronized void onRescue(Msg.Rescue r) {
        UnitKey k = r.unit();
        if (over || lost.contains(k) || accepted.containsKey(k.id())
                || Objects.equals(committed.get(k.id()), k.attempt())) {
            return;
        }
        UUID[] at = where.get(k.id());
        if (!r.holderLeft() && alive(r.holder())) {
            place.keepBackup(k, r.parent(), r.holder(), r.bag());
            if (at != null) {
                at[1] = wire.self();
            }
            return;
        }
        lose(k); // commits of this attempt, and of what was split off it, no longer count
        reruns++;
        rerunHere.add(k.id());
        if (at != null) {
            at[0] = wire.self();
            at[1] = null;
        }
        wire.send(wire.self(), new Msg.Loot(run, k.next(), r.parent(), wire.self(), r.bag(), false));
    }

    synchronized void onMemberJoined(UUID m) {
        if (!over) {
            admitMember(m);
        }
    }

    synchronized void onMemberLeft(UUID m) {
        members.remove(m);
        if (over) {
            maybeReport();
            return;
        }
        for (UUID[] at : where.values()) {
            if ((m.equals(at[0]) || m.equals(at[1])) && !alive(at[0]) && (at[1] == null || !alive(at[1]))) {
                wire.schedule(RESCUE_WAIT_MILLIS, this::checkLost);
                return;
            }
        }
    }

    /** Fails the run if an expected unit's holder and backup holder both left and nobody rescued it. */
    private synchronized void checkLost() {
        if (over) {
            return;
        }
        List<String> gone = new ArrayList<>();
        for (Long id : expected) {
            UUID[] at = where.get(id);
            if (at != null && !alive(at[0]) && (at[1] == null || !alive(at[1]))) {
                gone.add("unit " + Long.toHexString(id) + " held by " + wire.describe(at[0])
                        + (at[1] == null ? "" : " with its backup on " + wire.describe(at[1])));
            }
        }
        if (!gone.isEmpty()) {
            fail(new ClusterException("the run cannot finish exactly: " + String.join("; ", gone)
                    + " — both left before the unit's result was merged (a unit survives the loss of its holder"
                    + " or of its backup holder, not of both); members now: " + describeMembers()));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Failures and the end

    synchronized void onFailed(Msg.Failed f) {
        if (!over) {
            Throwable t = Codec.decodeFailure(f.failure(), loader);
            fail(t instanceof TaskFailedException tfe ? tfe : new TaskFailedException(t));
        }
    }

    /** Ends the run with {@code t} (the caller's exception); members drop their state. */
    synchronized void fail(Throwable t) {
        if (over) {
            return;
        }
        over = true;
        reported = true;
        for (UUID m : members.keySet()) {
            wire.send(m, new Msg.Done(run, wire.self(), true));
        }
        outcome.completeExceptionally(t);
    }

    /**
     * Never silent: a run that merged nothing for {@link #STALL_CHECK_MILLIS} is reported on the
     * {@code dev.weft.cluster} logger with what it waits for and where (a long unit is legitimate; a unit
     * nobody runs is a bug worth a report). {@code ClusterConfig.runTimeout} turns a stall into a failure.
     */
    private void checkProgress(long mergedBefore) {
        String state;
        synchronized (this) {
            if (over) {
                return;
            }
            state = merged == mergedBefore ? describe() : null;
            long now = merged;
            wire.schedule(STALL_CHECK_MILLIS, () -> checkProgress(now));
        }
        if (state != null) {
            LOG.log(System.Logger.Level.WARNING, "weft-cluster run " + Long.toHexString(run) + ": no unit merged for "
                    + STALL_CHECK_MILLIS / 1000 + " s; " + state);
        }
    }

    private void timedOut(long timeoutMillis) {
        String state;
        synchronized (this) {
            if (over) {
                return;
            }
            state = describe();
        }
        fail(new ClusterException("the run did not finish within " + timeoutMillis + " ms: " + state));
    }

    private void end() {
        over = true;
        doneAt = wire.nanoTime();
        for (UUID m : members.keySet()) {
            wire.send(m, new Msg.Done(run, wire.self(), false));
        }
        wire.schedule(REPORT_WAIT_MILLIS, this::reportNow);
    }

    synchronized void onReport(Msg.Report r) {
        reports.put(r.member(), r.report());
        maybeReport();
    }

    private void maybeReport() {
        if (over && !reported && reports.keySet().containsAll(members.keySet())) {
            reportNow();
        }
    }

    private synchronized void reportNow() {
        if (reported) {
            return;
        }
        reported = true;
        List<MemberReport> list = new ArrayList<>(reports.values());
        list.sort(Comparator.comparing((MemberReport m) -> !m.home()).thenComparing(MemberReport::member));
        long termination = lastEndedAt == 0 ? 0 : Math.max(0, doneAt - lastEndedAt);
        outcome.complete(new RunReport<>(result, doneAt - startedAt, termination, merged, reruns, list));
    }

    // ---------------------------------------------------------------------------------------------

    private boolean alive(UUID m) {
        return m != null && wire.members().contains(m);
    }

    private String describeMembers() {
        List<String> names = new ArrayList<>();
        for (UUID m : wire.members()) {
            names.add(wire.describe(m));
        }
        return names.toString();
    }

    /** The run's state in words, for timeouts and stall reports: what is still expected, and where. */
    synchronized String describe() {
        StringBuilder b = new StringBuilder();
        b.append(expected.size()).append(" unit(s) outstanding");
        int shown = 0;
        for (Long id : expected) {
            if (shown++ == 8) {
                b.append(", …");
                break;
            }
            UUID[] at = where.get(id);
            b.append(shown == 1 ? ": " : ", ").append(Long.toHexString(id));
            if (at != null) {
                b.append(" on ").append(wire.describe(at[0]));
            }
        }
        b.append("; ").append(pending.values().stream().mapToInt(List::size).sum()).append(" result(s) waiting for")
                .append(" their parent; members ").append(describeMembers()).append("; home ").append(place.describe());
        return b.toString();
    }
}
