package dev.weft.cluster;

import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A discrete-event simulation of a cluster running the real protocol: each simulated member has its own
 * {@link Runs}, {@link Place}s and, on the home, {@link Home} — the classes real members run — over a
 * simulated {@link Wire} whose messages take a latency plus their size over a bandwidth, and whose members
 * handle their messages one at a time (as a real member's transport thread does). Work is real: the
 * queues process real nodes of a {@link SyntheticTree}, and the simulated clock charges a measured cost per
 * node; bags and results are really serialised, so their bytes are real too.
 *
 * <p>It answers what two cores cannot: how the protocol behaves on 16 to 1,024 members — efficiency,
 * messages per member, time to first work, termination — and whether results stay exact when members
 * leave or join at random moments (the tests drive it with random seeds).
 *
 * <p>Run: {@code java -cp weft-cluster.jar:weft-core.jar:hazelcast.jar dev.weft.cluster.Simulator --help}
 * (or {@code ./weft cluster simulate}).
 */
final class Simulator {
    /** The simulated machine and workload; the defaults are the measured costs of the 2-core box (see the README). */
    static final class Params implements Cloneable {
        int members = 16;
        int workers = 1;
        /** One-way latency of a message between members, and its random spread (a fraction of it, uniform). */
        long latencyNanos = 150_000;
        double jitter = 0.5;
        /** Time a member's transport thread spends on one incoming message. */
        long handleNanos = 30_000;
        /** Bytes per nanosecond on the wire (1.0 = 1 GB/s). */
        double bytesPerNano = 1.0;
        /** Time to expand one tree node. */
        long nodeNanos = 250;
        int itemsPerStep = 256;
        long stepNanos = 100_000;
        int randomSteals = 2;
        long stealTimeoutMillis = 5_000;
        /** Time between a member's failure and the others noticing it. */
        long detectionNanos = 400_000_000L;
        SyntheticTree.Shape tree = SyntheticTree.Shape.geometric(4, 13, 7);
        long seed = 1;
        /** Members (by index, never 0: the home) that fail, and when, in nanoseconds of simulated time. */
        final List<long[]> kills = new ArrayList<>();
        /** Simulated times at which a new member joins. */
        final List<Long> joins = new ArrayList<>();

        Params copy() {
            try {
                Params p = (Params) super.clone();
                return p;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** What a simulated run gave: the real report of its home, and the check. */
    record Outcome(RunReport<Long> report, long nodes, long checksum, long serialNanos, int members, int workers,
                   double homeLoad, double maxLoad) {
        /** Serial time over members × workers × simulated time. */
        double efficiency() {
            return serialNanos / ((double) members * workers * report.elapsedNanos());
        }

        /** Whether the run expanded every node exactly once: its result is the serial checksum. */
        boolean exact() {
            return report.value() == checksum;
        }

        double messagesPerMember() {
            return report.messagesSent() / (double) report.members().size();
        }

        /** The latest first-work time over the members that got work. */
        long lastFirstWorkNanos() {
            return report.members().stream().mapToLong(MemberReport::firstWorkNanos).max().orElse(0);
        }
    }

    private record Event(long time, long seq, Runnable action) {
    }

    private final Params p;
    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) ->
            a.time != b.time ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
    private final SplittableRandom random;
    private final List<Member> all = new ArrayList<>();
    private final List<UUID> view = new ArrayList<>();
    private long now;
    private long seq;

    private Simulator(Params p) {
        this.p = p;
        this.random = new SplittableRandom(p.seed);
    }

    /**
     * Simulates one run over {@code p.tree}, whose serial size and checksum are {@code serial}
     * ({@link SyntheticTree.Shape#serial()}).
     *
     * @throws IllegalStateException if the run failed (its cause is the home's exception) or could not end
     */
    static Outcome run(Params p, long[] serial) {
        return new Simulator(p).simulate(serial[0], serial[1]);
    }

    private Outcome simulate(long nodes, long checksum) {
        for (int i = 0; i < p.members; i++) {
            Member m = new Member(i);
            all.add(m);
            view.add(m.uuid);
        }
        for (long[] k : p.kills) {
            at(k[1], () -> kill(all.get((int) k[0])));
        }
        for (long t : p.joins) {
            at(t, this::join);
        }
        Job job = new Job(SyntheticTree.Queue::new, Reduction.sumLong(), p.itemsPerStep, p.stepNanos, p.randomSteals, p.stealTimeoutMillis);
        CompletableFuture<RunReport<Object>> f = all.get(0).runs.submit(job, Codec.encode(job, "the job"),
                p.tree.root(), 0);
        while (!f.isDone() && !events.isEmpty()) {
            Event e = events.poll();
            now = e.time;
            e.action.run();
        }
        if (!f.isDone()) {
            throw new IllegalStateException("the simulated run did not finish: no event left at " + now / 1e6 + " ms");
        }
        try {
            @SuppressWarnings("unchecked")
            RunReport<Long> r = (RunReport<Long>) (RunReport<?>) f.get();
            double span = r.elapsedNanos();
            double max = 0;
            for (Member m : all) {
                max = Math.max(max, m.handled * p.handleNanos / span);
            }
            return new Outcome(r, nodes, checksum, nodes * p.nodeNanos, p.members, p.workers,
                    all.get(0).handled * p.handleNanos / span, max);
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException("the simulated run failed", e.getCause());
        }
    }

    private void at(long time, Runnable action) {
        events.add(new Event(time, seq++, action));
    }

    private void kill(Member m) {
        if (!m.alive) {
            return;
        }
        m.alive = false;
        at(now + p.detectionNanos, () -> {
            view.remove(m.uuid);
            for (Member o : all) {
                if (o.alive) {
                    o.runs.memberLeft(m.uuid);
                }
            }
        });
    }

    private void join() {
        Member m = new Member(all.size());
        all.add(m);
        view.add(m.uuid);
        for (Member o : all) {
            if (o.alive && o != m) {
                o.runs.memberJoined(m.uuid);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------

    /** A simulated member: its protocol state (real), its transport thread and its workers (simulated). */
    private final class Member implements Runs.Engines, Wire {
        final int index;
        final UUID uuid;
        final Runs runs;
        boolean alive = true;
        long inboxFreeAt;
        long handled;
        int idleWorkers = p.workers;
        long idleNanos;
        long idleChanged;
        final ArrayDeque<Work> ready = new ArrayDeque<>();
        final Map<Unit, int[]> outstanding = new IdentityHashMap<>();

        Member(int index) {
            this.index = index;
            this.uuid = new UUID(0x5EED, index);
            this.runs = new Runs(this, Simulator.class.getClassLoader(), this);
            this.idleChanged = now;
        }

        // ---- Wire ----

        @Override
        public UUID self() {
            return uuid;
        }

        @Override
        public List<UUID> members() {
            return view;
        }

        @Override
        public void send(UUID to, Msg m) {
            Member target = all.get((int) to.getLeastSignificantBits());
            long size = 100 + switch (m) {
                case Msg.Loot l -> l.bag().length;
                case Msg.Commit c -> c.results().stream().mapToLong(r -> 60 + r.result().length + 24L * r.children().length).sum();
                case Msg.Start s -> s.job().length;
                case Msg.Rescue r -> r.bag().length;
                default -> 0;
            };
            long arrival = target == this ? now
                    : now + p.latencyNanos + (long) (p.latencyNanos * p.jitter * random.nextDouble()) + (long) (size / p.bytesPerNano);
            at(arrival, () -> {
                if (!target.alive) {
                    return; // a message already on the wire still arrives if only its sender failed
                }
                // The receiver's transport thread handles one message at a time.
                long start = Math.max(now, target.inboxFreeAt);
                target.inboxFreeAt = start + p.handleNanos;
                target.handled++;
                at(target.inboxFreeAt, () -> {
                    if (target.alive) {
                        target.runs.deliver(m);
                    }
                });
            });
        }

        @Override
        public void schedule(long delayMillis, Runnable action) {
            at(now + delayMillis * 1_000_000L, () -> {
                if (alive) {
                    action.run();
                }
            });
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public String describe(UUID member) {
            return member == null ? "nobody" : "m" + member.getLeastSignificantBits();
        }

        // ---- Engines: simulated workers ----

        @Override
        public Place.Engine engine(Job job) {
            return (place, unit) -> {
                Object bag = unit.bag != null ? unit.bag : Codec.decode(unit.bytes, Simulator.class.getClassLoader(), "a bag");
                addWork(new Work(place, unit, fresh(job, bag), job));
            };
        }

        @Override
        public long workerIdleNanos() {
            return idleNanos + (long) idleWorkers * (now - idleChanged);
        }

        private void setIdle(int delta) {
            idleNanos += (long) idleWorkers * (now - idleChanged);
            idleChanged = now;
            idleWorkers += delta;
        }

        private TaskQueue<Serializable, Object> fresh(Job job, Object bag) {
            TaskQueue<Serializable, Object> q = job.newQueue();
            q.merge((Serializable) bag);
            return q;
        }

        private void addWork(Work w) {
            outstanding.computeIfAbsent(w.unit, u -> new int[1])[0]++;
            ready.add(w);
            kick();
        }

        private void addSplit(Work from, Serializable half) {
            addWork(new Work(from.place, from.unit, fresh(from.job, half), from.job));
        }

        private void kick() {
            while (idleWorkers > 0 && !ready.isEmpty()) {
                setIdle(-1);
                Work w = ready.poll();
                at(now, () -> step(w));
            }
        }

        /** A worker processes one step of a queue: the state changes now, the worker is busy for the nodes' time. */
        private void step(Work w) {
            if (!alive) {
                return;
            }
            SyntheticTree.Queue counted = (Object) w.queue instanceof SyntheticTree.Queue b ? b : null;
            long before = counted != null ? counted.count() : 0;
            int n = w.step.n();
            boolean more = !w.unit.cancelled && w.queue.process(n);
            long items = counted != null ? counted.count() - before : n;
            long took = Math.max(1, items * p.nodeNanos);
            w.step.took(took);
            at(now + took, () -> stepEnd(w, more));
        }

        private void stepEnd(Work w, boolean more) {
            if (!alive) {
                return;
            }
            if (more) {
                if (w.place.demand) {
                    w.place.serve(w.unit, w.queue, half -> addSplit(w, half));
                }
                if (idleWorkers > 0 && ready.isEmpty()) {
                    Serializable half = w.queue.split(); // the simulated Weft.hungry(): a worker of this member is idle
                    if (half != null) {
                        addSplit(w, half);
                    }
                }
                at(now, () -> step(w));
                return;
            }
            if (!w.unit.cancelled) {
                w.unit.results.add(w.queue.result());
            }
            int[] left = outstanding.get(w.unit);
            if (--left[0] == 0) {
                outstanding.remove(w.unit);
                Reduction<Object> red = w.job.reductionOfObjects();
                Object sum = red.identity();
                for (Object r : w.unit.results) {
                    sum = red.combine(sum, r);
                }
                w.place.unitEnded(w.unit, Codec.encode(sum, "a result"), null);
            }
            setIdle(+1);
            kick();
        }
    }

    private record Work(Place place, Unit unit, TaskQueue<Serializable, Object> queue, Job job, StepSize step) {
        Work(Place place, Unit unit, TaskQueue<Serializable, Object> queue, Job job) {
            this(place, unit, queue, job, job.stepSize());
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Command line

    public static void main(String[] args) throws Exception {
        Params p = new Params();
        List<Integer> sizes = new ArrayList<>(List.of(16, 64, 256, 1024));
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--members" -> sizes = parseInts(args[++i]);
                case "--workers" -> p.workers = Integer.parseInt(args[++i]);
                case "--latency-us" -> p.latencyNanos = (long) (Double.parseDouble(args[++i]) * 1000);
                case "--handle-us" -> p.handleNanos = (long) (Double.parseDouble(args[++i]) * 1000);
                case "--node-ns" -> p.nodeNanos = Long.parseLong(args[++i]);
                case "--gbps" -> p.bytesPerNano = Double.parseDouble(args[++i]) / 8;
                case "--steps" -> p.itemsPerStep = Integer.parseInt(args[++i]);
                case "--random-steals" -> p.randomSteals = Integer.parseInt(args[++i]);
                case "--tree" -> p.tree = parseTree(args[++i]);
                case "--seed" -> p.seed = Long.parseLong(args[++i]);
                case "--calibrate" -> {
                    long[] c = Calibration.measure();
                    p.latencyNanos = c[0];
                    p.handleNanos = c[1];
                    System.out.printf(Locale.ROOT, "calibrated on this machine (two members on loopback): one-way latency %.1f us,"
                            + " %.1f us per message at the receiver%n", c[0] / 1e3, c[1] / 1e3);
                }
                case "-h", "--help" -> {
                    System.out.println("""
                            Simulates lifeline-based stealing between members (the real protocol code, simulated time).
                              --members 16,64,256,1024   member counts to simulate
                              --workers N                workers per member (default 1)
                              --tree g:b,d[,seed]        geometric tree, mean b children to depth d (default g:4,13)
                              --tree b0,m,q[,seed]       binomial tree (e.g. 2000,8,0.124875: UTS T3's shape)
                              --node-ns N                time to expand one node (default 250)
                              --latency-us X             one-way message latency (default 150; ±50% jitter)
                              --handle-us X              a member's time per incoming message (default 30)
                              --gbps X                   bandwidth (default 8)
                              --steps N                  items per process() step (default 256)
                              --random-steals N          random requests before lifelines (default 2)
                              --seed N
                              --calibrate                measure latency and per-message cost here first (two members)""");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown option " + a + " (--help lists them)");
            }
        }
        long t0 = System.nanoTime();
        long[] serial = p.tree.serial();
        System.out.printf(Locale.ROOT, "tree %s: %,d nodes (expanded serially in %.1f s); node %d ns, latency %d us, handling %d us per message%n",
                p.tree, serial[0], (System.nanoTime() - t0) / 1e9, p.nodeNanos, p.latencyNanos / 1000, p.handleNanos / 1000);
        System.out.printf(Locale.ROOT, "%8s %8s %11s %10s %9s %11s %12s %12s %9s %9s %9s%n", "members", "workers", "efficiency",
                "time ms", "exact", "msgs/member", "steals/member", "first work ms", "end ms", "home load", "max load");
        for (int m : sizes) {
            Params q = p.copy();
            q.members = m;
            Outcome o = run(q, serial);
            System.out.printf(Locale.ROOT, "%8d %8d %11.3f %10.1f %9s %11.1f %12.1f %12.2f %9.3f %9.2f %9.2f%n", m, q.workers,
                    o.efficiency(), o.report().elapsedNanos() / 1e6, o.exact() ? "yes" : "NO", o.messagesPerMember(),
                    o.report().stealsSent() / (double) m, o.lastFirstWorkNanos() / 1e6, o.report().terminationNanos() / 1e6,
                    o.homeLoad(), o.maxLoad());
        }
    }

    static SyntheticTree.Shape parseTree(String s) {
        boolean geometric = s.startsWith("g:");
        String[] t = (geometric ? s.substring(2) : s).split(",");
        if (geometric) {
            return SyntheticTree.Shape.geometric(Double.parseDouble(t[0]), Integer.parseInt(t[1]),
                    t.length > 2 ? Long.parseLong(t[2]) : 7);
        }
        return SyntheticTree.Shape.binomial(Integer.parseInt(t[0]), Integer.parseInt(t[1]), Double.parseDouble(t[2]),
                t.length > 3 ? Long.parseLong(t[3]) : 7);
    }

    private static List<Integer> parseInts(String s) {
        List<Integer> out = new ArrayList<>();
        for (String x : s.split(",")) {
            out.add(Integer.parseInt(x.trim()));
        }
        return out;
    }
}
