package dev.weft.bench.cluster;

import dev.weft.WeftPool;
import dev.weft.cluster.ClusterConfig;
import dev.weft.cluster.WeftCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Members of one cluster started in this JVM on 127.0.0.1 for a benchmark: a cluster name of their own,
 * each with a Hazelcast executor {@link #STATIC_EXECUTOR} of one thread per worker for the static-split
 * baseline. The first member is the home.
 */
final class Members implements AutoCloseable {
    static final String STATIC_EXECUTOR = "weft-bench-static";
    private static final AtomicInteger PORTS = new AtomicInteger(7100);

    final List<WeftCluster> members = new ArrayList<>();

    private Members() {
    }

    /** {@code n} members of {@code workers} workers each; with {@code pool}, the only member runs on it. */
    static Members start(int n, int workers, WeftPool pool) throws Exception {
        String name = "bench-" + UUID.randomUUID();
        int port = PORTS.getAndAdd(n + 4);
        Members m = new Members();
        ExecutorService ex = Executors.newFixedThreadPool(n);
        try {
            List<Future<WeftCluster>> fs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ClusterConfig.Builder b = ClusterConfig.builder().clusterName(name).host("127.0.0.1").port(port)
                        .members("127.0.0.1").expectMembers(n).workers(workers).quiet()
                        .joinTimeout(Duration.ofSeconds(120))
                        .hazelcast(c -> c.getExecutorConfig(STATIC_EXECUTOR).setPoolSize(workers));
                if (pool != null) {
                    b.pool(pool);
                }
                ClusterConfig cfg = b.build();
                fs.add(ex.submit(() -> WeftCluster.join(cfg)));
            }
            for (Future<WeftCluster> f : fs) {
                m.members.add(f.get());
            }
        } catch (Exception e) {
            m.close();
            throw e;
        } finally {
            ex.shutdownNow();
        }
        return m;
    }

    WeftCluster home() {
        return members.get(0);
    }

    @Override
    public void close() {
        for (WeftCluster c : members) {
            c.close();
        }
    }
}
