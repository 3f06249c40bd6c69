package dev.weft.bench.cluster;

import dev.weft.bench.Engine;
import dev.weft.bench.Program;
import java.util.List;

/**
 * A program of the cluster suite: the same kernel serially (the baseline), as plain single-JVM Weft, as a
 * Weft cluster computation (one member with W workers, and W members with one worker each, in this JVM
 * on loopback), and as a static split over Hazelcast's IExecutorService. The subject is the cluster of W
 * members, compared with the static split; {@code cluster-1} against {@code weft} is the cost of being
 * cluster-capable when nobody steals.
 */
abstract class ClusterProgram implements Program {
    static final String SUITE = "cluster";

    @Override
    public final String suite() {
        return SUITE;
    }

    @Override
    public final List<Engine> engines() {
        return ClusterEngines.ALL;
    }

    @Override
    public final Engine subject() {
        return ClusterEngines.CLUSTER;
    }

    @Override
    public final Engine reference() {
        return ClusterEngines.STATIC;
    }
}
