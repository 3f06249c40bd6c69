package dev.weft.bench.cluster;

import dev.weft.bench.Workload;
import dev.weft.cluster.ClusterConfig;
import dev.weft.cluster.RunReport;
import dev.weft.cluster.WeftCluster;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./weft cluster PROGRAM [options]}: runs one of the cluster suite's programs on several members —
 * by default members started here as JVMs of their own on 127.0.0.1 — and prints the result, the time and
 * what every member did. {@code --kill-one-after 2s} kills one member (SIGKILL) during the run to show
 * that nothing is lost. See {@link #USAGE}.
 */
public final class ClusterCli {
    static final String USAGE = """
            Usage: ./weft cluster PROGRAM [options]        run a program on a cluster (uts, nqueens, integrate, fib)
                   ./weft cluster member [options]         run a member that takes part in every computation of its cluster
                   ./weft cluster simulate [options]       simulate the protocol on 16-1,024 members (--help lists its options)
            Options:
              --members N          members in all, this one included (default 3); the others are started here as
                                   JVMs of their own, unless --join names running ones
              --workers W          workers per member (default 1)
              --full               the suite's full size (default: its quick size)
              --reps K             run K times (default 1)
              --kill-one-after D   kill one started member (SIGKILL) D after the run starts, e.g. 2s or 500ms
              --cluster NAME       the cluster's name (default: a fresh one, or 'weft' with --join)
              --host H             this member's address (default 127.0.0.1)
              --port P             this member's port (default 5801; the next free one if taken)
              --join A,B,...       addresses of members that already run (host or host:port); start none here
            On several machines: on each, ./weft cluster member --host <its address> --join <addresses of the
            others> --cluster NAME; then, on any of them (or another machine),
            ./weft cluster uts --host <its address> --join <addresses> --members <all of them> --cluster NAME.
            """;

    private ClusterCli() {
    }

    /** The options shared by the home and ./weft cluster member. */
    static final class Settings {
        String program;
        int members = 3;
        int workers = 1;
        boolean full;
        int reps = 1;
        long killAfterMillis = -1;
        String name;
        String host = "127.0.0.1";
        int port = 5801;
        final List<String> join = new ArrayList<>();
        boolean stdinLifetime;

        static Settings parse(String[] args, boolean member) {
            Settings s = new Settings();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--members" -> s.members = positive(args, ++i, a);
                    case "--expect" -> s.members = positive(args, ++i, a);
                    case "--workers" -> s.workers = positive(args, ++i, a);
                    case "--full" -> s.full = true;
                    case "--reps" -> s.reps = positive(args, ++i, a);
                    case "--kill-one-after" -> s.killAfterMillis = duration(value(args, ++i, a));
                    case "--cluster" -> s.name = value(args, ++i, a);
                    case "--host" -> s.host = value(args, ++i, a);
                    case "--port" -> s.port = positive(args, ++i, a);
                    case "--join" -> s.join.addAll(List.of(value(args, ++i, a).split(",")));
                    case "--stdin-lifetime" -> s.stdinLifetime = true;
                    default -> {
                        if (a.startsWith("-") || member || s.program != null) {
                            throw new IllegalArgumentException("unknown argument '" + a + "'");
                        }
                        s.program = a;
                    }
                }
            }
            if (s.name == null) {
                s.name = s.join.isEmpty() && !member ? "weft-cli-" + UUID.randomUUID().toString().substring(0, 8) : "weft";
            }
            return s;
        }

        ClusterConfig.Builder config() {
            ClusterConfig.Builder b = ClusterConfig.builder().clusterName(name).host(host).port(port).workers(workers)
                    .quiet().joinTimeout(Duration.ofSeconds(120));
            b.members(join.isEmpty() ? new String[] {host} : join.toArray(new String[0]));
            return b;
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        private static int positive(String[] args, int i, String option) {
            int v;
            try {
                v = Integer.parseInt(value(args, i, option));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " needs a number: " + args[i]);
            }
            if (v < 1) {
                throw new IllegalArgumentException(option + " must be at least 1: " + v);
            }
            return v;
        }

        static long duration(String s) {
            String t = s.trim().toLowerCase(Locale.ROOT);
            try {
                if (t.endsWith("ms")) {
                    return Long.parseLong(t.substring(0, t.length() - 2));
                }
                if (t.endsWith("s")) {
                    return (long) (Double.parseDouble(t.substring(0, t.length() - 1)) * 1000);
                }
                return (long) (Double.parseDouble(t) * 1000);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a duration: '" + s + "' (e.g. 2s or 500ms)");
            }
        }
    }

    /** A member JVM started here. */
    private record Started(Process process, OutputStream stdin, LinkedBlockingQueue<String> lines) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("member")) {
            ClusterMember.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("simulate")) {
            Class<?> sim = Class.forName("dev.weft.cluster.Simulator");
            var main = sim.getDeclaredMethod("main", String[].class);
            main.setAccessible(true);
            main.invoke(null, (Object) java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        Settings s;
        try {
            s = Settings.parse(args, false);
            if (s.program == null) {
                throw new IllegalArgumentException("which program? (uts, nqueens, integrate, fib)");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("weft cluster: " + e.getMessage());
            System.err.print(USAGE);
            System.exit(2);
            return;
        }
        ClusterProgram program = switch (s.program) {
            case "uts" -> new ClusterUts();
            case "nqueens" -> new ClusterNQueens();
            case "integrate" -> new ClusterIntegrate();
            case "fib" -> new ClusterFib();
            case "-h", "--help", "help" -> null;
            default -> {
                System.err.println("weft cluster: unknown program '" + s.program + "' (uts, nqueens, integrate, fib)");
                System.exit(2);
                yield null;
            }
        };
        if (program == null) {
            System.out.print(USAGE);
            return;
        }
        List<Started> started = new ArrayList<>();
        try {
            if (s.join.isEmpty()) {
                for (int i = 1; i < s.members; i++) {
                    started.add(startMember(s));
                }
            }
            System.out.printf("weft cluster: %s on %d member(s) x %d worker(s), cluster '%s'%n", program.name(), s.members,
                    s.workers, s.name);
            try (WeftCluster home = WeftCluster.join(s.config().expectMembers(s.members).build());
                 Workload w = program.create(!s.full)) {
                ClusterWorkload cw = (ClusterWorkload) w;
                System.out.println("members: " + home.members() + " (home " + home.address() + ")");
                for (int rep = 0; rep < s.reps; rep++) {
                    Thread killer = null;
                    if (s.killAfterMillis >= 0 && !started.isEmpty()) {
                        Started victim = started.remove(started.size() - 1);
                        long after = s.killAfterMillis;
                        killer = new Thread(() -> {
                            try {
                                Thread.sleep(after);
                                victim.process().destroyForcibly();
                                System.out.printf("weft cluster: killed a member (pid %d, SIGKILL) %.1f s into the run%n",
                                        victim.process().pid(), after / 1000.0);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        });
                        killer.setDaemon(true);
                        killer.start();
                        s.killAfterMillis = -1;
                    }
                    long t0 = System.nanoTime();
                    RunReport<?> r = cw.cluster(home);
                    long t = System.nanoTime() - t0;
                    if (killer != null) {
                        killer.interrupt();
                    }
                    cw.check(r.value(), r.value());
                    System.out.printf("%s = %s in %.3f s (checked)%n", w.label(), cw.show(r.value()), t / 1e9);
                    System.out.println(r);
                }
            }
        } finally {
            for (Started m : started) {
                try {
                    m.stdin().close(); // the member leaves when its input closes
                } catch (Exception e) {
                    // it is gone already
                }
            }
            for (Started m : started) {
                if (!m.process().waitFor(10, TimeUnit.SECONDS)) {
                    m.process().destroyForcibly();
                }
            }
        }
    }

    private static Started startMember(Settings s) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                ClusterMember.class.getName(), "--cluster", s.name, "--host", s.host, "--port", Integer.toString(s.port),
                "--workers", Integer.toString(s.workers), "--stdin-lifetime"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Process p = pb.start();
        LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                    if (!l.startsWith("READY") && !l.startsWith("WARNING") && !l.contains("HazelcastInstanceFactory")
                            && !l.contains("--add-opens")) {
                        System.out.println("  [member " + p.pid() + "] " + l);
                    }
                }
            } catch (Exception e) {
                // the member ended
            }
        });
        reader.setDaemon(true);
        reader.start();
        return new Started(p, p.getOutputStream(), lines);
    }
}
