package dev.weft.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.ListenerConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import dev.weft.TaskFailedException;
import dev.weft.Weft;
import dev.weft.WeftPool;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A member of a Weft cluster: a {@link WeftPool} in this JVM, joined with pools in other JVMs through
 * Hazelcast, that runs global computations together. Work moves to another member only when that member
 * is hungry — a few random requests, then requests registered on its lifelines (X10's global load
 * balancing) — and work nobody asks for is never serialised. Inside each member, Weft's own scheduler
 * balances the member's workers.
 *
 * <pre>{@code
 * try (WeftCluster cluster = WeftCluster.join(ClusterConfig.local(5801, 3))) {   // waits for 3 members
 *     long solutions = cluster.run(Boards.root(14), Queens::new, Reduction.sumLong());
 *     double area = cluster.parallelReduceDouble(0, 1_000_000, 0.0, i -> f(i * h) * h, Double::sum);
 *     long fib = cluster.finish(Reduction.sumLong(), f -> fib(f, 40));
 * }
 * }</pre>
 *
 * <p>Any member may start a computation; it is that computation's <em>home</em>, which merges the
 * results. The other members need only to have joined (and the application's classes on their class
 * path): they take part in every computation started anywhere in their cluster. A member that leaves or
 * fails during a computation loses nothing: what it had taken is re-run from backups, and every result
 * counts exactly once ({@link RunReport#recovered()} says it happened); only the home must stay.
 *
 * <p>A failure in user code on any member ends the computation and reaches its caller as a
 * {@link TaskFailedException} whose cause is the original exception (deserialised, so of its own type).
 */
public final class WeftCluster implements AutoCloseable {
    private final ClusterConfig config;
    private final Node node;
    private final HazelcastInstance hz;
    private final boolean ownsPool;
    private final String address;
    private volatile boolean closed;

    private WeftCluster(ClusterConfig config, Node node, HazelcastInstance hz, boolean ownsPool) {
        this.config = config;
        this.node = node;
        this.hz = hz;
        this.ownsPool = ownsPool;
        var a = hz.getCluster().getLocalMember().getAddress();
        this.address = a.getHost() + ":" + a.getPort();
    }

    /**
     * Starts a member and joins it to its cluster; returns when the cluster has
     * {@link ClusterConfig.Builder#expectMembers expectMembers} members.
     *
     * @throws ClusterException if the expected members cannot be reached within the join timeout (the
     *         message names this member, the members it sees and where it looked), or Hazelcast cannot start
     */
    public static WeftCluster join(ClusterConfig config) {
        Objects.requireNonNull(config, "config");
        boolean ownsPool = config.pool == null;
        WeftPool pool = ownsPool
                ? WeftPool.builder().parallelism(config.workers).name("weft-cluster").daemon(true).build()
                : config.pool;
        ClassLoader loader = config.classLoader != null ? config.classLoader
                : Objects.requireNonNullElse(Thread.currentThread().getContextClassLoader(), WeftCluster.class.getClassLoader());
        Node node = new Node(pool, loader);
        HazelcastInstance hz;
        try {
            hz = Hazelcast.newHazelcastInstance(hazelcastConfig(config, node));
        } catch (RuntimeException e) {
            node.close("the member could not start");
            if (ownsPool) {
                pool.close();
            }
            throw new ClusterException("could not start a member at " + config.host + ":" + config.port + ": " + e.getMessage(), e);
        }
        node.attach(hz);
        WeftCluster c = new WeftCluster(config, node, hz, ownsPool);
        long deadline = System.nanoTime() + config.joinTimeout.toNanos();
        while (hz.getCluster().getMembers().size() < config.expectMembers) {
            if (System.nanoTime() - deadline > 0) {
                String seen = c.members().toString();
                c.close();
                throw new ClusterException("could not reach the other members within " + config.joinTimeout.toMillis()
                        + " ms: this member (" + c.address + ") sees " + seen + " but expects " + config.expectMembers + " members; it looked at "
                        + config.members + " for cluster '" + config.clusterName + "' (check that the others run, with"
                        + " the same cluster name, and that their ports are reachable)");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                c.close();
                Thread.currentThread().interrupt();
                throw new ClusterException("interrupted while waiting for the other members", e);
            }
        }
        return c;
    }

    private static Config hazelcastConfig(ClusterConfig cc, Node node) {
        Config c = new Config();
        c.setClusterName(cc.clusterName);
        c.setClassLoader(node.loader);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.local.localAddress", cc.host);
        c.setProperty("hazelcast.wait.seconds.before.join", "1");
        c.setProperty("hazelcast.tcp.join.port.try.count", "16");
        c.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        c.setProperty("hazelcast.max.no.heartbeat.seconds", Long.toString(Math.max(2, cc.failureDetection.toSeconds())));
        c.setProperty("hazelcast.shutdownhook.enabled", "false");
        if (!cc.hazelcastLogging) {
            c.setProperty("hazelcast.logging.type", "none");
        }
        NetworkConfig net = c.getNetworkConfig();
        net.setPort(cc.port).setPortAutoIncrement(cc.portAutoIncrement).setPortCount(100);
        net.getInterfaces().setEnabled(true).addInterface(cc.host);
        JoinConfig join = net.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(new ArrayList<>(cc.members));
        c.getExecutorConfig(HazelcastWire.EXECUTOR).setPoolSize(1);
        c.getUserContext().put(Node.KEY, node);
        c.addListenerConfig(new ListenerConfig(node));
        cc.hazelcast.accept(c);
        return c;
    }

    // ---------------------------------------------------------------------------------------------
    // Task queues

    /**
     * Runs a global computation written as a {@link TaskQueue} (X10 GLB's task bags): {@code work} goes
     * into a queue on this member; queues on every member process, split and merge work until none is left;
     * their results combine with {@code reduction}.
     *
     * @param work the whole work, as one bag
     * @param queues makes an empty queue; it travels to every member, so it is serialisable (a method
     *        reference or lambda whose captures are)
     * @throws IllegalArgumentException if the factory, the reduction or the work cannot be serialised
     * @throws TaskFailedException if user code failed on any member (the original is the cause)
     * @throws ClusterException if the run cannot finish (see {@link ClusterConfig.Builder#runTimeout})
     */
    public <B extends Serializable, R> R run(B work, Remote.Supplier<? extends TaskQueue<B, R>> queues, Reduction<R> reduction) {
        return runReported(work, queues, reduction).value();
    }

    /** {@link #run} that also returns what the members did: steals, units and bytes moved, idle times. */
    public <B extends Serializable, R> RunReport<R> runReported(B work, Remote.Supplier<? extends TaskQueue<B, R>> queues,
                                                              Reduction<R> reduction) {
        Objects.requireNonNull(work, "work");
        Objects.requireNonNull(queues, "queues");
        Objects.requireNonNull(reduction, "reduction");
        return execute(work, queues, reduction);
    }

    // ---------------------------------------------------------------------------------------------
    // finish / async

    /**
     * A global finish: runs {@code root} and every activity it starts, directly or transitively, on any
     * member, and returns the reduction of the values they offered. Activities that stay on their member
     * are never serialised. See {@link ClusterFinish}.
     */
    public <R> R finish(Reduction<R> reduction, Remote.Async<R> root) {
        return finishReported(reduction, root).value();
    }

    /** {@link #finish(Reduction, Remote.Async)} with what the members did. */
    public <R> RunReport<R> finishReported(Reduction<R> reduction, Remote.Async<R> root) {
        Objects.requireNonNull(reduction, "reduction");
        Objects.requireNonNull(root, "root");
        return execute(Asyncs.root(root), Asyncs.factory(reduction), reduction);
    }

    /** A global finish whose activities only have effects (on the members where they run). */
    public void finish(Remote.Async<Void> root) {
        Objects.requireNonNull(root, "root");
        finish(Asyncs.none(), root);
    }

    // ---------------------------------------------------------------------------------------------
    // Loops

    /**
     * Runs {@code body} for every index in {@code [from, to)} on the members; a member that runs out of
     * indices takes the untouched half of another's range.
     */
    public void parallelFor(long from, long to, Remote.LongConsumer body) {
        Objects.requireNonNull(body, "body");
        if (from < to) {
            execute(new Loops.Range(from, to), () -> new Loops.For(body), Loops.<Void>segments());
        }
    }

    /**
     * {@code identity ⊕ map(from) ⊕ … ⊕ map(to - 1)} computed on the members, in index order: {@code combine}
     * must be associative, not commutative.
     */
    public <R> R parallelReduce(long from, long to, R identity, Remote.LongFunction<? extends R> map,
                                Remote.BinaryOperator<R> combine) {
        Objects.requireNonNull(map, "map");
        Objects.requireNonNull(combine, "combine");
        if (from >= to) {
            return identity;
        }
        List<Loops.Segment<R>> segments = execute(new Loops.Range(from, to), () -> new Loops.Reduce<>(map, combine),
                Loops.<R>segments()).value();
        R acc = identity;
        for (R v : Loops.inOrder(segments)) {
            acc = combine.apply(acc, v);
        }
        return acc;
    }

    /** {@link #parallelReduce} over {@code long}s, boxing nothing per index. */
    public long parallelReduceLong(long from, long to, long identity, Remote.LongUnaryOperator map,
                                   Remote.LongBinaryOperator combine) {
        Objects.requireNonNull(map, "map");
        Objects.requireNonNull(combine, "combine");
        if (from >= to) {
            return identity;
        }
        List<Loops.Segment<Long>> segments = execute(new Loops.Range(from, to), () -> new Loops.ReduceLong(map, combine),
                Loops.<Long>segments()).value();
        long acc = identity;
        for (long v : Loops.inOrder(segments)) {
            acc = combine.applyAsLong(acc, v);
        }
        return acc;
    }

    /** {@link #parallelReduce} over {@code double}s, boxing nothing per index. */
    public double parallelReduceDouble(long from, long to, double identity, Remote.LongToDoubleFunction map,
                                       Remote.DoubleBinaryOperator combine) {
        Objects.requireNonNull(map, "map");
        Objects.requireNonNull(combine, "combine");
        if (from >= to) {
            return identity;
        }
        List<Loops.Segment<Double>> segments = execute(new Loops.Range(from, to),
                () -> new Loops.ReduceDouble(map, combine), Loops.<Double>segments()).value();
        double acc = identity;
        for (double v : Loops.inOrder(segments)) {
            acc = combine.applyAsDouble(acc, v);
        }
        return acc;
    }

    // ---------------------------------------------------------------------------------------------

    @SuppressWarnings("unchecked")
    private <R> RunReport<R> execute(Object work, Remote.Supplier<? extends TaskQueue<?, ?>> queues, Reduction<R> reduction) {
        if (closed) {
            throw new IllegalStateException("this member has been closed");
        }
        // Everything that may cross members is checked here, on the caller's thread, so that a mistake
        // fails at once with its reason instead of on a member that cannot read it.
        Codec.encode(queues, "the queue factory (" + queues.getClass().getName() + ")");
        Codec.encode(reduction, "the reduction (" + reduction.getClass().getName() + ")");
        Codec.encode(work, "the work (" + work.getClass().getName() + ")");
        Job job = new Job(queues, reduction, config.itemsPerStep, config.stepTime.toNanos(), config.randomSteals,
                config.stealTimeout.toMillis());
        byte[] jobBytes = Codec.encode(job, "the job");
        CompletableFuture<RunReport<Object>> f = node.submit(job, jobBytes, work, config.runTimeout.toMillis());
        RunReport<Object> r;
        try {
            // A caller on a worker (of this member's pool or another) must not take a worker away for the
            // whole run: with one worker, the member could not run its own share.
            r = Weft.inPool() ? Weft.blocking(f::join) : f.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof TaskFailedException tfe && tfe.getCause() != null) {
                // A fresh wrapper, so that the stack trace shows this caller, not the home's message thread.
                TaskFailedException here = new TaskFailedException(tfe.getCause());
                for (Throwable s : tfe.getSuppressed()) {
                    here.addSuppressed(s);
                }
                throw here;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new ClusterException("the run failed: " + cause, cause);
        }
        return (RunReport<R>) (RunReport<?>) r;
    }

    /** The members of the cluster now, as {@code host:port}, oldest first (empty once this member is closed). */
    public List<String> members() {
        List<String> out = new ArrayList<>();
        if (!hz.getLifecycleService().isRunning()) {
            return out;
        }
        for (var m : hz.getCluster().getMembers()) {
            out.add(m.getAddress().getHost() + ":" + m.getAddress().getPort());
        }
        return out;
    }

    /** This member's address, {@code host:port}. */
    public String address() {
        return address;
    }

    /** The pool this member runs its share of the work on; use it for local work too. */
    public WeftPool pool() {
        return node.pool;
    }

    /** The Hazelcast instance underneath, for what Weft does not offer (maps, topics, listeners). */
    public HazelcastInstance hazelcast() {
        return hz;
    }

    /**
     * Leaves the cluster. Runs this member started fail with a {@link ClusterException}; the units it held
     * for runs started elsewhere are re-run by the others. The pool is closed if the member created it.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        node.close("member " + address + " (the run's home) was closed");
        try {
            hz.shutdown();
        } catch (RuntimeException e) {
            // already terminated
        }
        if (ownsPool) {
            node.pool.close();
        }
    }

    @Override
    public String toString() {
        return "WeftCluster[" + address + (closed ? ", closed" : " of " + members()) + "]";
    }
}
