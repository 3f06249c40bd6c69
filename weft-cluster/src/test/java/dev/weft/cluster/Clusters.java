package dev.weft.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/** Starts several members in this JVM on 127.0.0.1, as one cluster of their own (a unique name), and closes them. */
final class Clusters implements AutoCloseable {
    final List<WeftCluster> members = new ArrayList<>();

    private Clusters() {
    }

    /** {@code n} members of {@code workers} workers each, started in parallel; returns once all see each other. */
    static Clusters start(int n, int workers, int basePort, Consumer<ClusterConfig.Builder> tweak) {
        String name = "test-" + UUID.randomUUID();
        Clusters c = new Clusters();
        ExecutorService ex = Executors.newFixedThreadPool(n);
        try {
            List<Future<WeftCluster>> fs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ClusterConfig.Builder b = builder(name, basePort, workers).expectMembers(n);
                tweak.accept(b);
                ClusterConfig cfg = b.build();
                fs.add(ex.submit(() -> WeftCluster.join(cfg)));
            }
            for (Future<WeftCluster> f : fs) {
                c.members.add(f.get());
            }
        } catch (Exception e) {
            c.close();
            throw new AssertionError("could not start " + n + " members", e);
        } finally {
            ex.shutdownNow();
        }
        return c;
    }

    static Clusters start(int n, int workers, int basePort) {
        return start(n, workers, basePort, b -> { });
    }

    static ClusterConfig.Builder builder(String name, int basePort, int workers) {
        return ClusterConfig.builder().clusterName(name).host("127.0.0.1").port(basePort)
                .members("127.0.0.1").workers(workers).quiet().joinTimeout(Duration.ofSeconds(60))
                .runTimeout(Duration.ofSeconds(120));
    }

    WeftCluster home() {
        return members.get(0);
    }

    @Override
    public void close() {
        for (WeftCluster m : members) {
            try {
                m.close();
            } catch (RuntimeException e) {
                // closing the others matters more
            }
        }
    }
}
