package dev.weft.bench.peers;

import dev.weft.bench.Engine;
import dev.weft.bench.Program;
import dev.weft.bench.programs.Fib;
import dev.weft.bench.programs.Integrate;
import dev.weft.bench.programs.NQueens;
import dev.weft.bench.programs.UTS;
import dev.weft.bench.streams.MapFilterCollect;
import dev.weft.bench.streams.SumOfSquares;
import dev.weft.bench.streams.WordFrequency;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The peers suite: fib, integrate, nqueens and UTS T2 on Weft and, with the same inputs and answers, on the
 * best schedulers of other languages — rayon and chili (Rust), oneTBB (C++) and goroutines (Go) — each
 * language also as its own serial elision, so that every runtime is shown as time over its own language's
 * serial program; and the streams suite's first three pipelines (sum of squares, map-filter-collect, word
 * frequency) on Weft's {@code Par} and on rayon's parallel iterators, the Java plain loop and Rust's serial
 * iterator as the serial programs. The other languages' programs are binaries built by {@code weft-bench/peers/build.sh}
 * ({@code ./weft bench --peers} runs it first); each times its own runs and the runner checks every answer.
 */
public final class Peers {
    private Peers() {
    }

    /** The suite's name ({@code ./weft bench --peers} or {@code --suite peers}). */
    public static final String SUITE = "peers";

    public static final Engine RUST_SERIAL = new Engine("rust-serial", "Rust serial elision", true, Engine.Counters.NONE);
    public static final Engine RAYON = Engine.of("rayon", "rayon 1.12 (Rust)");
    public static final Engine CHILI = Engine.of("chili", "chili 0.2 (Rust)");
    public static final Engine CPP_SERIAL = new Engine("cpp-serial", "C++ serial elision", true, Engine.Counters.NONE);
    public static final Engine TBB = Engine.of("tbb", "oneTBB 2021.8 (C++)");
    public static final Engine GO_SERIAL = new Engine("go-serial", "Go serial elision", true, Engine.Counters.NONE);
    public static final Engine GO = Engine.of("go", "goroutines (Go)");

    /** The languages, in table order. */
    public static final List<PeerLanguage> LANGUAGES = List.of(
            new PeerLanguage("Rust", "peers-rust", RUST_SERIAL, List.of(RAYON, CHILI)),
            new PeerLanguage("C++", "peers-cpp", CPP_SERIAL, List.of(TBB)),
            new PeerLanguage("Go", "peers-go", GO_SERIAL, List.of(GO)));

    /** Rust's parallel iterators (rayon's {@code par_iter}): the peer of the streams suite's pipelines. */
    public static final PeerLanguage RUST_ITERATORS = new PeerLanguage("Rust", "peers-rust", RUST_SERIAL, List.of(RAYON));

    /**
     * Where the binaries are: {@code $WEFT_PEERS_BIN} (the launcher sets it), else the system property
     * {@code weft.peers.bin}, else {@code weft-bench/peers/bin} under the working directory or its parent.
     */
    public static Path binDir() {
        String dir = System.getenv("WEFT_PEERS_BIN");
        if (dir == null || dir.isBlank()) {
            dir = System.getProperty("weft.peers.bin");
        }
        if (dir != null && !dir.isBlank()) {
            return Path.of(dir);
        }
        for (Path p : List.of(Path.of("weft-bench", "peers", "bin"), Path.of("..", "weft-bench", "peers", "bin"))) {
            if (Files.isDirectory(p)) {
                return p.toAbsolutePath().normalize();
            }
        }
        return Path.of("weft-bench", "peers", "bin").toAbsolutePath();
    }

    /**
     * The longest a peer run may take, in seconds, before the binary stops repeating that version
     * (a goroutine per fork makes Go's fib(40) run for minutes): the system property
     * {@code weft.peers.maxRunSeconds}, 60 by default; 0 means no limit.
     */
    static int maxRunSeconds() {
        return Integer.getInteger("weft.peers.maxRunSeconds", 60);
    }

    /** The suite's programs, running the binaries in {@link #binDir()}. */
    public static List<Program> programs() {
        return programs(Peers::binDir, maxRunSeconds());
    }

    /**
     * The suite's programs — the Java kernels of the fork/join suite, with their answers' parsers — running
     * the binaries in the directory {@code binDir} gives when a workload is created.
     *
     * @param maxRunSeconds passed to the binaries: a version whose run takes longer is not run again (0: no limit)
     */
    public static List<Program> programs(Supplier<Path> binDir, int maxRunSeconds) {
        Objects.requireNonNull(binDir, "binDir");
        if (maxRunSeconds < 0) {
            throw new IllegalArgumentException("maxRunSeconds must not be negative: " + maxRunSeconds);
        }
        // The streams suite's pipelines answer in text ("size/hash"): their checks read it as it is.
        Function<String, Object> text = s -> s;
        return List.of(
                new PeerProgram(new Fib(), Integer::valueOf, binDir, maxRunSeconds, LANGUAGES),
                new PeerProgram(new Integrate(), Double::valueOf, binDir, maxRunSeconds, LANGUAGES),
                new PeerProgram(new NQueens(), Integer::valueOf, binDir, maxRunSeconds, LANGUAGES),
                new PeerProgram(new UTS(), Peers::treeCounts, binDir, maxRunSeconds, LANGUAGES),
                new PeerProgram(new SumOfSquares(), text, binDir, maxRunSeconds, List.of(RUST_ITERATORS)),
                new PeerProgram(new MapFilterCollect(), text, binDir, maxRunSeconds, List.of(RUST_ITERATORS)),
                new PeerProgram(new WordFrequency(), text, binDir, maxRunSeconds, List.of(RUST_ITERATORS)));
    }

    /** The engines of a program of the suite: Java's serial elision and Weft, then each of {@code languages}'. */
    static List<Engine> engines(List<PeerLanguage> languages) {
        List<Engine> out = new ArrayList<>(List.of(Engine.SERIAL, Engine.WEFT));
        for (PeerLanguage l : languages) {
            out.addAll(l.engines());
        }
        return List.copyOf(out);
    }

    /** UTS' answer {@code nodes/leaves} as the Java version's result: nodes in the high 32 bits, leaves in the low. */
    static Long treeCounts(String answer) {
        int slash = answer.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("not nodes/leaves: '" + answer + "'");
        }
        long nodes = Long.parseLong(answer.substring(0, slash));
        long leaves = Long.parseLong(answer.substring(slash + 1));
        if (nodes < 0 || nodes > 0xFFFF_FFFFL || leaves < 0 || leaves > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("counts out of range: '" + answer + "'");
        }
        return nodes << 32 | leaves;
    }
}
