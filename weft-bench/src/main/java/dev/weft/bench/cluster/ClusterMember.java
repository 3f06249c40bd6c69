package dev.weft.bench.cluster;

import dev.weft.cluster.ClusterConfig;
import dev.weft.cluster.WeftCluster;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * {@code ./weft cluster member}: a member that takes part in every computation started in its cluster,
 * until it is stopped (Ctrl-C, a signal) or — when started by {@code ./weft cluster PROGRAM} — until its
 * standard input closes.
 */
public final class ClusterMember {
    private ClusterMember() {
    }

    public static void main(String[] args) throws Exception {
        ClusterCli.Settings s = ClusterCli.Settings.parse(args, true);
        ClusterConfig config = s.config().build();
        WeftCluster member = WeftCluster.join(config);
        System.out.println("READY " + member.address() + " in cluster '" + s.name + "' of " + member.members());
        System.out.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(member::close));
        if (s.stdinLifetime) {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                while (in.readLine() != null) {
                    // until the parent closes our input (or dies)
                }
            }
            member.close();
            System.exit(0);
        }
        Thread.sleep(Duration.ofDays(3650));
    }
}
