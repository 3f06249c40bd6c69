package dev.weft.cluster;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A member in a JVM of its own, for tests: joins the cluster named on the command line, prints
 * {@code READY host:port}, and leaves when its standard input closes (the test ended or died) — or after
 * three minutes, so that it never outlives a test run.
 */
public final class MemberMain {
    private MemberMain() {
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        int port = Integer.parseInt(args[1]);
        int expect = Integer.parseInt(args[2]);
        System.setProperty("weft.test.separate", "true");
        WeftCluster member = WeftCluster.join(Clusters.builder(name, port, 1).expectMembers(expect).build());
        System.out.println("READY " + member.address());
        System.out.flush();
        Thread stdin = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                while (in.readLine() != null) {
                    // wait for the end of input
                }
            } catch (Exception e) {
                // the parent is gone
            }
        });
        stdin.setDaemon(true);
        stdin.start();
        stdin.join(Duration.ofMinutes(3));
        member.close();
        System.exit(0);
    }
}
