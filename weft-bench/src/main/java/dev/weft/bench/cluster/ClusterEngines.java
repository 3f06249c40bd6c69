package dev.weft.bench.cluster;

import dev.weft.bench.Engine;
import java.util.List;

/** The runtimes of the cluster suite. At W workers: */
final class ClusterEngines {
    private ClusterEngines() {
    }

    /** Weft's lifeline stealing between W members of one worker each, in this JVM over loopback. */
    static final Engine CLUSTER = Engine.of("cluster", "Weft cluster, W members x 1 worker");
    /** One member with W workers, on the runner's WeftPool of W: what being cluster-capable costs when nobody steals. */
    static final Engine CLUSTER_ONE = Engine.onWeft("cluster-1", "Weft cluster, 1 member x W workers");
    /**
     * What a Hazelcast user would write: the work split up front into 4 jobs per member, sent round-robin
     * with IExecutorService.submitToMember to W members with one executor thread each; no stealing.
     */
    static final Engine STATIC = Engine.of("hz-static", "Hazelcast IExecutorService, static split, W members x 1 thread");

    static final List<Engine> ALL = List.of(Engine.SERIAL, Engine.WEFT, CLUSTER_ONE, CLUSTER, STATIC);

    /** Jobs per member in the static split: over-decomposed, as a user would to soften imbalance. */
    static final int JOBS_PER_MEMBER = 4;
}
