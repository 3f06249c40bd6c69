package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.Hazelcast;
import dev.weft.TaskFailedException;
import dev.weft.Weft;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Members in JVMs of their own, as in production: the result is exact; a member killed with SIGKILL in
 * the middle of a run loses nothing; a member that lacks the application's classes fails the run with a
 * message that names the class, instead of hanging.
 */
class SeparateJvmTest {
    /** A member process and the lines it printed. */
    private record Proc(Process process, LinkedBlockingQueue<String> lines) {
        String await(String prefix, long seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            for (;;) {
                long left = deadline - System.nanoTime();
                String line = lines.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
                if (line == null) {
                    throw new AssertionError("no line starting with '" + prefix + "' within " + seconds + " s; the member "
                            + (process.isAlive() ? "still runs" : "exited with " + process.exitValue()));
                }
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
        }
    }

    private static String path(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static Proc spawn(String classpath, String cluster, int port, int expect) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx512m", "-XX:TieredStopAtLevel=1", "-cp", classpath,
                MemberMain.class.getName(), cluster, Integer.toString(port), Integer.toString(expect));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (Exception e) {
                // the process ended
            }
        });
        reader.setDaemon(true);
        reader.start();
        return new Proc(p, lines);
    }

    private static String fullClasspath() throws Exception {
        return String.join(File.pathSeparator, path(SeparateJvmTest.class), path(WeftCluster.class), path(Weft.class),
                path(Hazelcast.class));
    }

    @Test
    void membersInOtherJvmsGiveExactResultsAndSurviveAKill() throws Exception {
        String name = "jvm-" + UUID.randomUUID();
        List<Proc> procs = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                procs.add(spawn(fullClasspath(), name, 6800, 3));
            }
            try (WeftCluster home = WeftCluster.join(Clusters.builder(name, 6800, 1).expectMembers(3).build())) {
                for (Proc p : procs) {
                    p.await("READY", 90);
                }
                // About 5 s of work (123,553 nodes of 40 µs): long enough for JVMs that start cold to take part.
                SyntheticTree.Shape slow = SyntheticTree.Shape.binomial(400, 4, 0.2475, 0);
                RunReport<Long> r = home.runReported(slow.seeded(2).root(), AnnouncingTree::new, Reduction.sumLong());
                assertEquals(slow.seeded(2).serial()[1], r.value(), r.toString());
                assertEquals(3, r.members().size(), r.toString());
                assertTrue(r.members().stream().allMatch(m -> m.units() > 0), "every member got work: " + r);

                // Again, and a member killed (SIGKILL) once it has work.
                procs.get(1).lines().clear();
                CompletableFuture<RunReport<Long>> run = CompletableFuture.supplyAsync(() ->
                        home.runReported(slow.seeded(2).root(), AnnouncingTree::new, Reduction.sumLong()));
                procs.get(1).await("WORKING", 90);
                procs.get(1).process().destroyForcibly();
                RunReport<Long> k = run.get(180, TimeUnit.SECONDS);
                assertEquals(slow.seeded(2).serial()[1], k.value(), k.toString());
                assertTrue(k.recovered(), "units of the killed member should have been re-run: " + k);
                assertEquals(2, k.members().size(), k.toString());
            }
        } finally {
            for (Proc p : procs) {
                p.process().destroyForcibly();
            }
        }
    }

    @Test
    void aMemberWithoutTheApplicationsClassesFailsTheRunNamingTheClass() throws Exception {
        String name = "jvm-" + UUID.randomUUID();
        // Weft and Hazelcast, but not this test's classes (where the queue lives); MemberMain too lives there,
        // so the member runs from a copy of its class in a directory of its own.
        Path dir = java.nio.file.Files.createTempDirectory("weft-member");
        Path pkg = dir.resolve("dev/weft/cluster");
        java.nio.file.Files.createDirectories(pkg);
        for (String c : new String[] {"MemberMain", "Clusters", "Clusters$1"}) {
            Path from = Path.of(path(SeparateJvmTest.class), "dev/weft/cluster", c + ".class");
            if (java.nio.file.Files.exists(from)) {
                java.nio.file.Files.copy(from, pkg.resolve(c + ".class"));
            }
        }
        String cp = String.join(File.pathSeparator, dir.toString(), path(WeftCluster.class), path(Weft.class),
                path(Hazelcast.class));
        Proc member = spawn(cp, name, 6850, 2);
        try (WeftCluster home = WeftCluster.join(Clusters.builder(name, 6850, 1).expectMembers(2).build())) {
            member.await("READY", 90);
            // A run of about 4 s, so that it is still going when the member finds it cannot take part.
            SyntheticTree.Shape slow = SyntheticTree.Shape.binomial(400, 4, 0.2475, 0);
            TaskFailedException e = assertThrows(TaskFailedException.class, () ->
                    home.run(slow.seeded(2).root(), AnnouncingTree::new, Reduction.sumLong()));
            assertInstanceOf(ClusterException.class, e.getCause());
            // The first class it misses is the one whose lambda (the queue factory, AnnouncingTree::new) it reads.
            assertTrue(e.getCause().getMessage().contains("cannot take part")
                    && e.getCause().getMessage().contains("class " + SeparateJvmTest.class.getName() + " is not on its class path"),
                    e.getCause().getMessage());
        } finally {
            member.process().destroyForcibly();
        }
    }

    /** The slow tree, announcing on standard output each piece of work a separate member takes in. */
    static final class AnnouncingTree extends TreeWrapper {
        @Override
        public boolean process(int n) {
            long until = System.nanoTime() + 8 * 40_000L;
            while (System.nanoTime() - until < 0) {
                Thread.onSpinWait();
            }
            return step(8);
        }

        @Override
        public void merge(SyntheticTree.Bag bag) {
            if (Boolean.getBoolean("weft.test.separate")) {
                System.out.println("WORKING");
                System.out.flush();
            }
            super.merge(bag);
        }
    }
}
