package dev.weft.cluster;

import com.hazelcast.config.Config;
import dev.weft.WeftPool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How a member joins its cluster and runs its share of global computations. Members find each other over
 * TCP/IP at the addresses given (multicast is off); every member of one cluster uses the same
 * {@link Builder#clusterName cluster name}.
 *
 * <pre>{@code
 * // three members on one machine: run this three times (or use ./weft cluster --members 3)
 * ClusterConfig config = ClusterConfig.builder()
 *         .host("127.0.0.1").port(5801)                 // this member; the next free port if taken
 *         .members("127.0.0.1:5801", "127.0.0.1:5802", "127.0.0.1:5803")
 *         .expectMembers(3)                             // join() waits for all three, or fails
 *         .build();
 *
 * // on several machines: each member binds to its own address (an IP) and names a few members' addresses
 * ClusterConfig.builder().host(myAddress).port(5801).members(addressA, addressB, addressC).build();
 * }</pre>
 */
public final class ClusterConfig {
    final String clusterName;
    final String host;
    final int port;
    final boolean portAutoIncrement;
    final List<String> members;
    final int expectMembers;
    final Duration joinTimeout;
    final int workers;
    final WeftPool pool;
    final int itemsPerStep;
    final Duration stepTime;
    final int randomSteals;
    final Duration stealTimeout;
    final Duration runTimeout;
    final Duration failureDetection;
    final ClassLoader classLoader;
    final boolean hazelcastLogging;
    final Consumer<Config> hazelcast;

    private ClusterConfig(Builder b) {
        this.clusterName = b.clusterName;
        this.host = b.host;
        this.port = b.port;
        this.portAutoIncrement = b.portAutoIncrement;
        this.members = List.copyOf(b.members.isEmpty() ? List.of(b.host) : b.members);
        this.expectMembers = b.expectMembers;
        this.joinTimeout = b.joinTimeout;
        this.workers = b.workers;
        this.pool = b.pool;
        this.itemsPerStep = b.itemsPerStep;
        this.stepTime = b.stepTime;
        this.randomSteals = b.randomSteals;
        this.stealTimeout = b.stealTimeout;
        this.runTimeout = b.runTimeout;
        this.failureDetection = b.failureDetection;
        this.classLoader = b.classLoader;
        this.hazelcastLogging = b.hazelcastLogging;
        this.hazelcast = b.hazelcast;
    }

    /** A configuration to fill in; every setting has a default. */
    public static Builder builder() {
        return new Builder();
    }

    /** A member on this machine (127.0.0.1) that looks for others on the ports from {@code port} on. */
    public static ClusterConfig local(int port, int expectMembers) {
        return builder().host("127.0.0.1").port(port).expectMembers(expectMembers).build();
    }

    @Override
    public String toString() {
        return "cluster '" + clusterName + "' at " + host + ":" + port + (portAutoIncrement ? "+" : "") + ", members " + members
                + ", expecting " + expectMembers;
    }

    /** Builds a {@link ClusterConfig}. */
    public static final class Builder {
        private String clusterName = "weft";
        private String host = "127.0.0.1";
        private int port = 5801;
        private boolean portAutoIncrement = true;
        private final List<String> members = new ArrayList<>();
        private int expectMembers = 1;
        private Duration joinTimeout = Duration.ofSeconds(30);
        private int workers = Runtime.getRuntime().availableProcessors();
        private WeftPool pool;
        private int itemsPerStep = 64;
        private Duration stepTime = Duration.ofNanos(100_000);
        private int randomSteals = 2;
        private Duration stealTimeout = Duration.ofSeconds(5);
        private Duration runTimeout = Duration.ZERO;
        private Duration failureDetection = Duration.ofSeconds(10);
        private ClassLoader classLoader;
        private boolean hazelcastLogging = true;
        private Consumer<Config> hazelcast = c -> { };

        private Builder() {
        }

        /** Members of one cluster share this name; others on the same addresses are ignored (default "weft"). */
        public Builder clusterName(String name) {
            this.clusterName = Objects.requireNonNull(name, "name");
            return this;
        }

        /** The address this member binds to and announces (default 127.0.0.1: only this machine). */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
            return this;
        }

        /** This member's port (default 5801); if taken, the next free one unless {@link #fixedPort()}. */
        public Builder port(int port) {
            if (port <= 0 || port > 65535) {
                throw new IllegalArgumentException("port must be in 1..65535: " + port);
            }
            this.port = port;
            return this;
        }

        /** Fails {@link WeftCluster#join} instead of trying the next port when {@link #port} is taken. */
        public Builder fixedPort() {
            this.portAutoIncrement = false;
            return this;
        }

        /**
         * Where to look for the other members: {@code "host:port"}, or {@code "host"} for ports from
         * {@link #port} on. Default: this member's host.
         */
        public Builder members(String... addresses) {
            for (String a : addresses) {
                members.add(Objects.requireNonNull(a, "address"));
            }
            return this;
        }

        /** {@link WeftCluster#join} returns once the cluster has this many members (default 1: at once). */
        public Builder expectMembers(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("expectMembers must be at least 1: " + n);
            }
            this.expectMembers = n;
            return this;
        }

        /** How long {@link WeftCluster#join} waits for the expected members before it fails (default 30 s). */
        public Builder joinTimeout(Duration timeout) {
            this.joinTimeout = positive(timeout, "joinTimeout");
            return this;
        }

        /** Workers of the pool this member creates (default: one per processor). */
        public Builder workers(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("workers must be at least 1: " + n);
            }
            this.workers = n;
            return this;
        }

        /** Runs this member's work on {@code pool} (not closed with the member) instead of a pool of its own. */
        public Builder pool(WeftPool pool) {
            this.pool = Objects.requireNonNull(pool, "pool");
            return this;
        }

        /**
         * The first {@code n} of {@link TaskQueue#process} (default 64). Weft then adapts it so that a step
         * takes about {@link #stepTime}: no grain size to tune.
         */
        public Builder itemsPerStep(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("itemsPerStep must be at least 1: " + n);
            }
            this.itemsPerStep = n;
            return this;
        }

        /**
         * About how long one {@link TaskQueue#process} step should take (default 100 µs): between steps a
         * queue answers hungry workers and members, so this bounds how long they wait for it.
         */
        public Builder stepTime(Duration time) {
            this.stepTime = positive(time, "stepTime");
            return this;
        }

        /** Random steal requests an idle member sends before it waits on its lifelines (default 2). */
        public Builder randomSteals(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("randomSteals must not be negative: " + n);
            }
            this.randomSteals = n;
            return this;
        }

        /** How long a member waits for the answer to a random steal request before trying elsewhere (default 5 s). */
        public Builder stealTimeout(Duration timeout) {
            this.stealTimeout = positive(timeout, "stealTimeout");
            return this;
        }

        /** Fails a run that has not finished after this long, naming what is outstanding where (default: no limit). */
        public Builder runTimeout(Duration timeout) {
            this.runTimeout = Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative()) {
                throw new IllegalArgumentException("runTimeout must not be negative: " + timeout);
            }
            return this;
        }

        /**
         * How long a member that stops answering (without closing its connections) is still counted as a
         * member (default 10 s). A member whose process dies is noticed at once, by its closed connections.
         */
        public Builder failureDetection(Duration timeout) {
            this.failureDetection = positive(timeout, "failureDetection");
            return this;
        }

        /** Where bags, results and failures from other members are resolved (default: the thread's context loader at join). */
        public Builder classLoader(ClassLoader loader) {
            this.classLoader = Objects.requireNonNull(loader, "loader");
            return this;
        }

        /** Turns Hazelcast's own log output off (it logs through java.util.logging by default). */
        public Builder quiet() {
            this.hazelcastLogging = false;
            return this;
        }

        /** Adjusts the Hazelcast configuration this member is started with, after Weft's settings. */
        public Builder hazelcast(Consumer<Config> customizer) {
            this.hazelcast = Objects.requireNonNull(customizer, "customizer");
            return this;
        }

        public ClusterConfig build() {
            return new ClusterConfig(this);
        }

        private static Duration positive(Duration d, String what) {
            Objects.requireNonNull(d, what);
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException(what + " must be positive: " + d);
            }
            return d;
        }
    }
}
