/**
 * Weft past one JVM: members joined by Hazelcast, a {@link dev.weft.WeftPool} in each, and lifeline-based
 * global load balancing between them — work moves to another member only when that member is hungry, and
 * work nobody steals is never serialised. Start with {@link dev.weft.cluster.WeftCluster}.
 */
module dev.weft.cluster {
    requires transitive dev.weft.core;
    requires com.hazelcast.core;

    exports dev.weft.cluster;
}
