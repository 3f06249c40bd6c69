package dev.weft.bench;

import dev.weft.bench.peers.Peers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Command-line options of {@code ./weft bench}. */
final class Options {
    boolean quick;
    List<String> programs = new ArrayList<>();
    List<Integer> workers = new ArrayList<>();
    /** Engine names given with --runtimes; empty: every engine of each program. */
    List<String> runtimes = new ArrayList<>();
    /** Suites given with --suite (and the peers suite with --peers); empty: the fork/join suite unless programs are named. */
    List<String> suites = new ArrayList<>();
    /** --peers: the peers suite (other languages' runtimes on the same kernels). */
    boolean peers;
    Path csv;
    /** --report DIR; null: the default folder ({@link #reportDir}) unless --no-report. */
    Path report;
    boolean noReport;
    int reps = 7;
    int warmup = 3;
    boolean gcBetweenRuns = true;
    boolean stats;
    int forks = 1;
    Path samplesOut;
    /** The arguments as given, for re-running this benchmark in child JVMs. */
    List<String> raw = List.of();
    boolean list;
    boolean help;

    static final String USAGE = """
            Usage: ./weft bench [programs...] [options]

            Runs each program on each of its runtimes (the fork/join suite: serial elision, ForkJoinPool
            and Weft), side by side and interleaved after warm-up; prints medians of the repetitions and
            checks every answer. Without program names it runs the fork/join suite. A name is the first
            program of that name in the suites selected; suite/name picks one suite's (peers/fib).

            Options:
              --quick              quick sizes (the whole suite in minutes); default: the seeds' full sizes
              --suite a,b          run these suites (--list shows them; 'all' runs every suite)
              --peers              the peers suite: fib, integrate, nqueens and uts also in Rust (rayon,
                                   chili), C++ (oneTBB) and Go (goroutines), each language over its own
                                   serial program; ./weft bench --peers first builds the binaries
                                   (weft-bench/peers/build.sh); program names then mean the suite's
              --workers 1,2,4      worker counts (default: 1, 2, 4, ... up to the processor count)
              --runtimes a,b       only these runtimes (default: every runtime of each program;
                                   the fork/join suite's are serial,fjp,weft)
              --reps N             measured repetitions per version (default 7, at least 5 for medians)
              --warmup N           warm-up runs per version (default 3)
              --csv FILE           also write CSV rows (benchmark,runtime,workers,median_ms,serial_ms,ratio,...)
              --report DIR         write the HTML report with charts to DIR/report.html (default: a new
                                   folder under target/weft-bench/ named by the time of the run); its path
                                   is the last line printed
              --no-report          write no HTML report
              --no-gc              do not call System.gc() before each timed run
              --stats              print Weft's pool statistics of the last run at each worker count, and
                                   measure its ramp-up: in one extra, untimed run per worker count under a
                                   JFR recording, the time from the first worker taking work to every
                                   worker having taken some (the ramp us column)
              --forks N            run the measurements in N fresh JVMs and pool their samples (default 1);
                                   JIT decisions vary between JVMs, so N > 1 gives steadier medians
              --list               list the suites, programs and runtimes, and exit
              --help               this text
            """;

    static Options parse(String[] args) {
        Options o = new Options();
        o.raw = List.of(args);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> o.quick = true;
                case "--workers" -> o.workers = parseInts(value(args, ++i, a), a);
                case "--runtimes" -> o.runtimes = names(value(args, ++i, a), a);
                case "--suite" -> o.suites = names(value(args, ++i, a), a);
                case "--peers" -> o.peers = true;
                case "--reps" -> o.reps = positive(value(args, ++i, a), a);
                case "--warmup" -> o.warmup = nonNegative(value(args, ++i, a), a);
                case "--csv" -> o.csv = Path.of(value(args, ++i, a));
                case "--report" -> o.report = Path.of(value(args, ++i, a));
                case "--no-report" -> o.noReport = true;
                case "--no-gc" -> o.gcBetweenRuns = false;
                case "--stats" -> o.stats = true;
                case "--forks" -> o.forks = positive(value(args, ++i, a), a);
                case "--samples-out" -> o.samplesOut = Path.of(value(args, ++i, a));
                case "--list" -> o.list = true;
                case "--help", "-h" -> o.help = true;
                default -> {
                    if (a.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option " + a);
                    }
                    o.programs.add(a);
                }
            }
        }
        if (o.peers && !o.suites.contains(Peers.SUITE)) {
            o.suites = new ArrayList<>(o.suites);
            o.suites.add(Peers.SUITE);
        }
        if (o.workers.isEmpty()) {
            int cores = Runtime.getRuntime().availableProcessors();
            for (int p = 1; p <= cores; p <<= 1) {
                o.workers.add(p);
            }
            if (o.workers.get(o.workers.size() - 1) != cores) {
                o.workers.add(cores);
            }
        }
        return o;
    }

    /**
     * Where the HTML report goes: --report's folder; else, unless --no-report or this is a child JVM of
     * --forks (its parent writes the report), a folder named by {@code startedAt} under {@code reports}
     * (the launcher gives the repository's target/weft-bench); null for no report.
     */
    Path reportDir(Path reports, java.time.LocalDateTime startedAt) {
        if (report != null) {
            return report;
        }
        if (noReport || samplesOut != null) {
            return null;
        }
        return reports.resolve(startedAt.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString().replace(':', '-'));
    }

    /** Whether {@code --runtimes} (if given) names this engine. */
    boolean selects(Engine e) {
        return runtimes.isEmpty() || runtimes.contains(e.name());
    }

    private static List<String> names(String s, String opt) {
        List<String> r = new ArrayList<>();
        for (String p : s.split(",")) {
            if (p.isBlank()) {
                throw new IllegalArgumentException(opt + " has an empty name: '" + s + "'");
            }
            r.add(p.trim());
        }
        return r;
    }

    private static String value(String[] args, int i, String opt) {
        if (i >= args.length) {
            throw new IllegalArgumentException(opt + " needs a value");
        }
        return args[i];
    }

    private static List<Integer> parseInts(String s, String opt) {
        List<Integer> r = new ArrayList<>();
        for (String p : s.split(",")) {
            r.add(positive(p.trim(), opt));
        }
        return r;
    }

    private static int positive(String s, String opt) {
        int v = nonNegative(s, opt);
        if (v == 0) {
            throw new IllegalArgumentException(opt + " must be positive: " + s);
        }
        return v;
    }

    private static int nonNegative(String s, String opt) {
        try {
            int v = Integer.parseInt(s);
            if (v < 0) {
                throw new IllegalArgumentException(opt + " must not be negative: " + s);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(opt + " expects a number, got '" + s + "'");
        }
    }
}
